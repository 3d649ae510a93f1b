package dev.nimbench.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code nimbench} command line: {@code solve card-stacking N S}, {@code solve divisor-game N K},
 * {@code variants} and {@code platform}. Exit codes: 0 success, 2 bad input (one line on stderr naming the value
 * and the valid range), 1 an internal error; 3 only for a {@code solve} that {@code bin/nimbench} started without
 * the Vector API module and that needs it (nothing printed; the launcher starts it again with the module).
 */
@Command(name = "nimbench", mixinStandardHelpOptions = true, version = "nimbench 1.0.0-SNAPSHOT",
        description = "Solves Sprague-Grundy counting problems through interchangeable stage variants.",
        subcommands = {SolveCommand.class, VariantsCommand.class, PlatformCommand.class})
public final class Main implements Runnable {

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8), args));
    }

    /** Runs the command line with these streams and returns the exit code (for tests and {@link #main}). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler(ErrorHandlers::parameterError);
        cli.setExecutionExceptionHandler(ErrorHandlers::executionError);
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command; valid: solve, variants, platform (see --help)");
    }
}
