package dev.nimbench.jmh;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a main class in a separate JVM and waits for it. The class path and JVM options go into
 * an argument file ({@code java @file}) so that a long class path never hits the command-line
 * length limit; the main class and its arguments follow on the command line. Output is inherited,
 * so JMH's progress appears in the Maven log as it happens.
 *
 * <p>No process outlives Maven: while the JVM runs, a shutdown hook (run on SIGTERM, SIGINT, a
 * closed terminal, or Maven's own exit) destroys it and every descendant (JMH's forks), whether or
 * not the harness itself reacts to being stopped ({@link ProcessTree}).
 */
final class JavaLauncher {

    /** The flag every harness JVM gets; JMH copies it into each fork. */
    static final String VECTOR_MODULE_FLAG = "--add-modules=jdk.incubator.vector";

    private final Path java;
    private final List<String> classPath;
    private final List<String> jvmArgs;
    private final Path workingDirectory;
    private final Duration grace;

    /**
     * @param java the {@code java} executable
     * @param classPath class path entries in order
     * @param jvmArgs JVM options after the module flag (the user's {@code jmh.jvmArgsAppend})
     * @param workingDirectory the directory the JVM starts in
     */
    JavaLauncher(Path java, List<String> classPath, List<String> jvmArgs, Path workingDirectory) {
        this(java, classPath, jvmArgs, workingDirectory, ProcessTree.GRACE);
    }

    /** As above, with the time the JVM and its descendants get after SIGTERM before SIGKILL (tests give a short one). */
    JavaLauncher(Path java, List<String> classPath, List<String> jvmArgs, Path workingDirectory, Duration grace) {
        this.java = java;
        this.classPath = List.copyOf(classPath);
        this.jvmArgs = List.copyOf(jvmArgs);
        this.workingDirectory = workingDirectory;
        this.grace = grace;
    }

    /** The JVM options written to the argument file, module flag first. */
    List<String> jvmOptions() {
        List<String> options = new ArrayList<>();
        options.add(VECTOR_MODULE_FLAG);
        options.addAll(jvmArgs);
        options.add("-cp");
        options.add(String.join(File.pathSeparator, classPath));
        return options;
    }

    /** The full command: java, the argument file, the main class and its arguments. */
    List<String> command(Path argFile, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.add("@" + argFile);
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /** Runs {@code mainClass args} and returns its exit status. */
    int run(String mainClass, List<String> args, Path argFileDirectory) throws IOException, InterruptedException {
        Files.createDirectories(argFileDirectory);
        Path argFile = Files.createTempFile(argFileDirectory, "jmh-", ".args");
        try {
            StringBuilder text = new StringBuilder();
            for (String option : jvmOptions()) {
                text.append(quote(option)).append('\n');
            }
            Files.writeString(argFile, text, StandardCharsets.UTF_8);
            ProcessBuilder builder = new ProcessBuilder(command(argFile, mainClass, args))
                    .directory(workingDirectory.toFile())
                    .inheritIO();
            Process process = builder.start();
            Thread reaper = new Thread(() -> ProcessTree.destroy(process.toHandle(), grace),
                    "nimbench-harness-reaper");
            Runtime.getRuntime().addShutdownHook(reaper);
            try {
                return process.waitFor();
            } catch (InterruptedException e) {
                // Maven is being stopped: take the benchmark JVM and its forks with it.
                ProcessTree.destroy(process.toHandle(), grace);
                throw e;
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(reaper);
                } catch (IllegalStateException shuttingDown) {
                    // The hook is running (or has run): it finishes the job.
                }
            }
        } finally {
            Files.deleteIfExists(argFile);
        }
    }

    /**
     * One argument-file token: in double quotes, with backslashes and quotes escaped, so spaces in
     * paths survive (the launcher's argument-file syntax).
     */
    static String quote(String token) {
        return '"' + token.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /** Splits {@code jmh.jvmArgsAppend} at whitespace; empty or null gives no arguments. */
    static List<String> splitArgs(String text) {
        List<String> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (String part : text.trim().split("\\s+")) {
            if (!part.isEmpty()) {
                out.add(part);
            }
        }
        return out;
    }
}
