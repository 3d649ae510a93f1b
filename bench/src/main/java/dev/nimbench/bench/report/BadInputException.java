package dev.nimbench.bench.report;

import java.nio.file.Path;

/**
 * Input the renderer cannot use: a missing or empty folder, a malformed or truncated results file,
 * an unsupported JMH mode. The message is one line that names the file and the problem; the mains
 * print it and exit with status 2 before anything is written to the output folder.
 */
public final class BadInputException extends Exception {

    private static final long serialVersionUID = 1L;

    public BadInputException(Path file, String problem) {
        super(file + ": " + oneLine(problem));
    }

    public BadInputException(String message) {
        super(oneLine(message));
    }

    private static String oneLine(String s) {
        return s == null ? "unknown problem" : s.replace('\r', ' ').replace('\n', ' ').trim();
    }
}
