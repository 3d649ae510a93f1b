package dev.nimbench.bench;

import dev.nimbench.platform.IsaLimit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An external yardstick run beside the benchmarks, so that a ratio to it comes from one time
 * window on one machine (timings on a shared machine drift between windows). The yardstick is a
 * command that prints a line containing {@code median <ms> ms} for a warm whole-pipeline run at
 * the card-stacking target, like the native anchor's {@code run warm THREADS}. It runs once
 * before and once after the benchmarks, and among the card-stacking pipeline's forks at that
 * target ({@link YardstickRounds}); every median goes into the run's metadata.
 *
 * <p><b>A run limited with {@code -Djmh.isa}</b> is divided by a yardstick of the same vector
 * width or by none: for {@code avx2} the yardstick runs with {@code ANCHOR_MARCH=x86-64-v3} in its
 * environment (the native anchor then builds and runs its AVX2 kernels instead of its AVX-512
 * ones) and {@code NIMBENCH_ISA=avx2}, so a like-for-like ratio comes out of the run itself; for a
 * limit the anchor cannot build ({@code sse}, {@code 128}) the default yardstick is not run.
 */
final class Yardstick {

    /** Where the project's native yardstick lives relative to the repository top, if present. */
    static final String DEFAULT_RELATIVE = "../shared/anchors/run";

    /**
     * Seconds the budget keeps for the yardstick's run after the benchmarks when its run before was
     * not timed (a dry run, a resumed run): the native anchor's {@code warm 2} took 5.8 s on 2 cores.
     */
    static final double RESERVE_SECONDS = 10;

    private static final Pattern MEDIAN = Pattern.compile("median\\s+([0-9]+(?:\\.[0-9]+)?)\\s*ms");
    private static final long TIMEOUT_SECONDS = 300;

    /** The anchor's build target for an AVX2-limited run: x86-64-v3 is AVX2, FMA and BMI2 without AVX-512. */
    static final String AVX2_MARCH = "x86-64-v3";

    private final List<String> command;
    private final Map<String, String> env;

    private Yardstick(List<String> command, Map<String, String> env) {
        this.command = command;
        this.env = env;
    }

    /**
     * The yardstick to run: {@code given} ("none" disables; a path to an executable), else the
     * default one beside the repository when it exists; {@code null} when there is none, or when
     * the run is limited to a vector unit the default one cannot build ({@link #unavailable}).
     */
    static Yardstick resolve(String given, Path root, int threads, IsaLimit isa) {
        Path exe;
        if (given != null) {
            if (given.equals("none")) {
                return null;
            }
            exe = Path.of(given);
            if (!Files.isExecutable(exe)) {
                throw new IllegalArgumentException("--yardstick '" + given + "' is not an executable file; valid: a path"
                        + " to an executable that prints 'median <ms> ms', or none");
            }
        } else {
            exe = root.resolve(DEFAULT_RELATIVE).normalize();
            if (!Files.isExecutable(exe) || unavailable(isa) != null) {
                return null;
            }
        }
        Map<String, String> env = new LinkedHashMap<>();
        if (isa != null) {
            env.put("NIMBENCH_ISA", isa.id());
            if (isa == IsaLimit.AVX2) {
                env.put("ANCHOR_MARCH", AVX2_MARCH);
            }
        }
        return new Yardstick(List.of(exe.toAbsolutePath().toString(), "warm", Integer.toString(threads)), Map.copyOf(env));
    }

    /**
     * Why the default yardstick does not run beside a run limited to {@code isa}, or {@code null}
     * when it does (no limit, or {@code avx2}).
     */
    static String unavailable(IsaLimit isa) {
        return isa == null || isa == IsaLimit.AVX2 ? null : "the native anchor builds AVX-512 and AVX2 kernels only, none"
                + " for " + isa.describe() + ": no yardstick, no ratio (give one with -Djmh.yardstick=PATH)";
    }

    /** The command as a shell would run it, its environment first (as recorded in the metadata). */
    String command() {
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(env).forEach((k, v) -> sb.append(k).append('=').append(v).append(' '));
        return sb.append(String.join(" ", command)).toString();
    }

    /**
     * Runs the yardstick once: {@code medianMs} and its output's last line, or {@code error} when
     * it failed (the benchmarks still run: the yardstick only adds a ratio).
     */
    Map<String, Object> measure() {
        Map<String, Object> m = new LinkedHashMap<>();
        try {
            Path log = Files.createTempFile("nimbench-yardstick", ".log");
            try {
                ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
                pb.environment().putAll(env);
                Process p = pb.start();
                if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    m.put("error", "timed out after " + TIMEOUT_SECONDS + " s");
                    return m;
                }
                List<String> lines = new ArrayList<>(Files.readAllLines(log, StandardCharsets.UTF_8));
                String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
                Matcher mm = MEDIAN.matcher(last);
                if (p.exitValue() == 0 && mm.find()) {
                    m.put("medianMs", Double.parseDouble(mm.group(1)));
                } else {
                    m.put("error", "exit " + p.exitValue() + ", no 'median <ms> ms' in its last line");
                }
                m.put("output", last);
            } finally {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            m.put("error", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            m.put("error", "interrupted");
        }
        return m;
    }
}
