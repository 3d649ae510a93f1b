package dev.nimbench.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The {@code nimbench} command line: {@code solve card-stacking N S}, {@code solve divisor-game N K},
 * {@code variants} and {@code platform}. Exit codes: 0 success, 2 bad input (one line on stderr naming the value
 * and the valid range), 1 an internal error; 3 only for a {@code solve} that {@code bin/nimbench} started without
 * the Vector API module and that needs it (nothing printed; the launcher starts it again with the module).
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(execute(new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8), args));
    }

    /** Runs the command line with these streams and returns the exit code (for tests and {@link #main}). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = commandLine();
        cli.setOut(out);
        cli.setErr(err);
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** The whole command tree with its error handlers (one line, exit 2 or 1: {@link ErrorHandlers}). */
    static CommandLine commandLine() {
        CommandSpec root = Commands.command("nimbench",
                "Solves Sprague-Grundy counting problems through interchangeable stage variants.", cli -> {
                    throw new ParameterException(cli, "missing command; valid: solve, variants, platform (see --help)");
                });
        root.addSubcommand("solve", SolveCommand.spec());
        root.addSubcommand("variants", VariantsCommand.spec());
        root.addSubcommand("platform", PlatformCommand.spec());
        CommandLine cli = new CommandLine(root);
        cli.setParameterExceptionHandler(ErrorHandlers::parameterError);
        cli.setExecutionExceptionHandler(ErrorHandlers::executionError);
        return cli;
    }
}
