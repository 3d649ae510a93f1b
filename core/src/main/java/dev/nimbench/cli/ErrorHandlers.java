package dev.nimbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine.ParseResult;

/**
 * Turns every failure into one line on stderr: bad input (picocli's parameter errors and our
 * IllegalArgumentExceptions) exits with 2, anything else with 1. Never a stack trace, unless the
 * environment variable {@code NIMBENCH_DEBUG} is set.
 */
final class ErrorHandlers {

    static final int BAD_INPUT = 2;
    static final int INTERNAL_ERROR = 1;

    private ErrorHandlers() {
    }

    static int parameterError(ParameterException e, String[] args) {
        e.getCommandLine().getErr().println("nimbench: " + oneLine(e.getMessage()) + validUsage(e));
        return BAD_INPUT;
    }

    /**
     * picocli's messages for a word or option it does not know, or a parameter that is missing,
     * name the value but not what is valid there; this suffix does: the subcommands, or the
     * parameters and {@code --help}.
     */
    private static String validUsage(ParameterException e) {
        if (!(e instanceof UnmatchedArgumentException) && !(e instanceof MissingParameterException)) {
            return "";
        }
        CommandLine cli = e.getCommandLine();
        if (!cli.getSubcommands().isEmpty()) {
            return "; valid: " + String.join(", ", cli.getSubcommands().keySet());
        }
        StringBuilder usage = new StringBuilder();
        for (PositionalParamSpec p : cli.getCommandSpec().positionalParameters()) {
            usage.append(' ').append(p.paramLabel());
        }
        return "; valid: " + cli.getCommandName() + usage + " [options] (see --help)";
    }

    static int executionError(Exception e, CommandLine cli, ParseResult parsed) {
        if (System.getenv("NIMBENCH_DEBUG") != null) {
            e.printStackTrace(cli.getErr());
        }
        // Our bad-input errors always carry a message; one without (thrown inside a library, e.g.
        // ForkJoinPool) names nothing the user gave, so it is an internal error, not "nimbench: null".
        if (e instanceof IllegalArgumentException && e.getMessage() != null) {
            cli.getErr().println("nimbench: " + oneLine(e.getMessage()));
            return BAD_INPUT;
        }
        cli.getErr().println("nimbench: internal error: " + oneLine(String.valueOf(e)));
        return INTERNAL_ERROR;
    }

    static String oneLine(String message) {
        return String.valueOf(message).replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
