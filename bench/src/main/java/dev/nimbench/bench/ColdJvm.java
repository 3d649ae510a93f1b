package dev.nimbench.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The JVM option sets a cold-start run compares, as configurations of their own ({@code jvm}
 * parameter of {@link ColdPipelineBench}). Each fork gets {@code -D}{@link #PROPERTY} with the id,
 * so it can check it was started with the set its parameter names.
 */
enum ColdJvm {

    /**
     * What the README's {@code java --add-modules jdk.incubator.vector <JitGuard.OPTIONS> -jar} gets: the
     * JVM's defaults but the JIT guard, which every fork has ({@code BenchMain}).
     */
    PLAIN("plain"),
    /** The options {@code bin/nimbench} adds ({@code bin/nimbench --print-options}). */
    LAUNCHER("launcher"),
    /** The launcher's options and a JDK 25+ AOT cache (JEP 483/515) trained by {@link ColdStartTraining}. */
    LAUNCHER_AOT("launcher-aot");

    static final String PROPERTY = "nimbench.coldJvm";
    /** The first JDK feature release with {@code -XX:AOTCacheOutput} (JEP 514). */
    static final int AOT_CACHE_FEATURE = 25;

    private final String id;

    ColdJvm(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    static ColdJvm fromId(String id) {
        for (ColdJvm j : values()) {
            if (j.id.equals(id)) {
                return j;
            }
        }
        throw new IllegalArgumentException("unknown JVM option set '" + id + "'; valid: plain, launcher, launcher-aot");
    }

    /** Whether this JVM (the one the forks use) can run the set. */
    boolean availableHere() {
        return this != LAUNCHER_AOT || Runtime.version().feature() >= AOT_CACHE_FEATURE;
    }

    /**
     * The fork options of this set, {@code aotCache} being the trained cache for
     * {@link #LAUNCHER_AOT} (ignored otherwise). {@code --add-modules} is left out: every fork
     * inherits it from the harness JVM.
     */
    List<String> forkOptions(List<String> launcherOptions, Path aotCache) {
        List<String> out = new ArrayList<>();
        out.add("-D" + PROPERTY + "=" + id);
        if (this != PLAIN) {
            out.addAll(launcherOptions);
        }
        if (this == LAUNCHER_AOT) {
            // AOTMode=on: a cache the JVM cannot map is an error, not a silent cold run.
            out.add("-XX:AOTMode=on");
            out.add("-XX:AOTCache=" + aotCache);
        }
        return out;
    }

    /**
     * {@code bin/nimbench --print-options} without {@code --add-modules} and its value: the launcher is
     * the one source of its options.
     *
     * @throws IllegalArgumentException when the launcher is missing or fails (one line)
     */
    static List<String> launcherOptions(Path root) {
        Path launcher = root.resolve("bin/nimbench");
        if (!Files.isExecutable(launcher)) {
            throw new IllegalArgumentException("cold-start runs need the launcher " + launcher + " (run from the repository)");
        }
        try {
            Process p = new ProcessBuilder(launcher.toString(), "--print-options").redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalArgumentException(launcher + " --print-options failed: " + text.strip());
            }
            List<String> out = new ArrayList<>();
            String[] lines = text.strip().split("\n");
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].equals("--add-modules")) {
                    i++;
                } else if (!lines[i].isBlank()) {
                    out.add(lines[i].strip());
                }
            }
            return out;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot run " + launcher + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("interrupted while asking " + launcher + " for its options");
        }
    }
}
