package dev.nimbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
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
        e.getCommandLine().getErr().println("nimbench: " + oneLine(e.getMessage()));
        return BAD_INPUT;
    }

    static int executionError(Exception e, CommandLine cli, ParseResult parsed) {
        if (System.getenv("NIMBENCH_DEBUG") != null) {
            e.printStackTrace(cli.getErr());
        }
        if (e instanceof IllegalArgumentException) {
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
