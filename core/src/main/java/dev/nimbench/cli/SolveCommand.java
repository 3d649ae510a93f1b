package dev.nimbench.cli;

import dev.nimbench.distribution.Problem;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code solve PROBLEM ...}: the problem is a subcommand so that each names its own count (S or K). */
@Command(name = "solve", mixinStandardHelpOptions = true, description = "Solve one instance of a problem.",
        subcommands = {SolveCommand.CardStacking.class, SolveCommand.DivisorGame.class})
final class SolveCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing problem; valid: card-stacking, divisor-game");
    }

    @Command(name = "card-stacking", mixinStandardHelpOptions = true,
            description = "C(N, S): losing initial subsets of an S-suit deck of cards 1..N (Project Euler 798).")
    static final class CardStacking implements Callable<Integer> {

        @Parameters(index = "0", paramLabel = "N", description = "Cards per suit, N >= 1.")
        String n;

        @Parameters(index = "1", paramLabel = "S", description = "Number of suits, S >= 0.")
        String s;

        @Mixin
        SolveOptions options;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            return new SolveRunner(spec.commandLine()).solve(Problem.CARD_STACKING, n, s,
                    options);
        }
    }

    @Command(name = "divisor-game", mixinStandardHelpOptions = true,
            description = "f(N, K): winning K-tuples of pile sizes in 2..N (Project Euler 550).")
    static final class DivisorGame implements Callable<Integer> {

        @Parameters(index = "0", paramLabel = "N", description = "Largest pile size, N >= 2.")
        String n;

        @Parameters(index = "1", paramLabel = "K", description = "Number of piles, K >= 0.")
        String k;

        @Mixin
        SolveOptions options;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            return new SolveRunner(spec.commandLine()).solve(Problem.DIVISOR_GAME, n, k,
                    options);
        }
    }
}
