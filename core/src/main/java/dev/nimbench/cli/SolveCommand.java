package dev.nimbench.cli;

import dev.nimbench.distribution.Problem;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/** {@code solve PROBLEM ...}: the problem is a subcommand so that each names its own count (S or K). */
final class SolveCommand {

    private SolveCommand() {
    }

    static CommandSpec spec() {
        CommandSpec solve = Commands.command("solve", "Solve one instance of a problem.", cli -> {
            throw new ParameterException(cli, "missing problem; valid: card-stacking, divisor-game");
        });
        solve.addSubcommand("card-stacking", problem(Problem.CARD_STACKING,
                "C(N, S): losing initial subsets of an S-suit deck of cards 1..N (Project Euler 798).",
                "Cards per suit, N >= 1.", "S", "Number of suits, S >= 0."));
        solve.addSubcommand("divisor-game", problem(Problem.DIVISOR_GAME,
                "f(N, K): winning K-tuples of pile sizes in 2..N (Project Euler 550).",
                "Largest pile size, N >= 2.", "K", "Number of piles, K >= 0."));
        return solve;
    }

    /** {@code solve <problem> N COUNT [options]}: N and the count as text (SolveRunner parses them with their ranges). */
    private static CommandSpec problem(Problem problem, String description, String nDescription, String countLabel,
            String countDescription) {
        CommandSpec spec = Commands.command(problem.id(), description, cli -> {
            ParseResult parsed = cli.getParseResult();
            return new SolveRunner(cli).solve(problem, parsed.matchedPositionalValue(0, null),
                    parsed.matchedPositionalValue(1, null), SolveOptions.of(parsed));
        });
        spec.addPositional(positional(0, "N", nDescription));
        spec.addPositional(positional(1, countLabel, countDescription));
        SolveOptions.declare(spec);
        return spec;
    }

    private static PositionalParamSpec positional(int index, String label, String description) {
        return PositionalParamSpec.builder().index(String.valueOf(index)).arity("1").required(true)
                .paramLabel(label).type(String.class).description(description).build();
    }
}
