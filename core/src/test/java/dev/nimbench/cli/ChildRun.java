package dev.nimbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of {@link Main} in a child JVM on this test's class path, started with exactly the JVM
 * options given (none of the build's own): exit code, stdout, stderr.
 */
record ChildRun(int exitCode, String out, String err) {

    static ChildRun of(List<String> jvmArgs, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        // Outputs are small; read stderr after stdout.
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("child JVM did not finish: " + command);
        }
        return new ChildRun(process.exitValue(), out, err);
    }

    /** The lines {@code nimbench} itself wrote to stderr. */
    List<String> nimbenchLines() {
        return err.lines().filter(l -> l.startsWith("nimbench:")).toList();
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
