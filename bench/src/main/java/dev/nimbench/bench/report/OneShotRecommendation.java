package dev.nimbench.bench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one-shot recommendation of one problem on one JDK and CPU: the cold configuration and JVM
 * option set with the lowest median over cold forks ({@code ColdPipelineBench}), with its
 * evidence. One small value so that the per-CPU recommendation entries can carry it as their
 * {@code oneShot} field ({@link #toJson()}).
 *
 * @param problem {@code card-stacking} or {@code divisor-game}
 * @param label the pipeline configuration label ({@code default} or {@code stage=id,...})
 * @param threads the configuration's thread count
 * @param solveOptions the same configuration as {@code solve} options
 * @param jvm the JVM option set's id ({@code plain}, {@code launcher}, {@code launcher-aot})
 * @param jvmOptions the options of that set as the forks got them
 * @param coldMedianMs median of the winner's cold samples, ms
 * @param forks the winner's cold samples
 * @param runnerUp the second-fastest cold configuration, {@code label / threads T / jvm}, or null
 * @param runnerUpMedianMs its median, NaN when there is none
 * @param p two-sided Mann-Whitney p of winner against runner-up, NaN when untestable
 * @param processMedianWallMs whole-process median wall time of the matching launcher command
 *     (same solve options), NaN when the run timed none
 * @param warmMs the same configuration warm (JMH average), NaN when not measured
 * @param cpu the CPU model the run recorded, or null
 * @param jdk the JDK version
 */
public record OneShotRecommendation(String problem, String label, int threads, String solveOptions, String jvm,
        List<String> jvmOptions, double coldMedianMs, int forks, String runnerUp, double runnerUpMedianMs, double p,
        double processMedianWallMs, double warmMs, String cpu, String jdk) {

    /** Whether the winner is separated from the runner-up at the report's α. */
    public boolean significant() {
        return runnerUp == null || (!Double.isNaN(p) && p < Panel.ALPHA);
    }

    /** One line of evidence for the report and the recommendation file. */
    public String evidence() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("cold median %.0f ms over %d forks", coldMedianMs, forks));
        if (runnerUp != null) {
            sb.append(String.format("; runner-up %s %.0f ms (%.2fx), Mann-Whitney p = %s%s", runnerUp, runnerUpMedianMs,
                    runnerUpMedianMs / coldMedianMs, Double.isNaN(p) ? "n/a" : Format.sig(p, 2),
                    significant() ? "" : " (not significant: a tie)"));
        }
        if (!Double.isNaN(warmMs)) {
            sb.append(String.format("; warm %.0f ms", warmMs));
        }
        if (!Double.isNaN(processMedianWallMs)) {
            sb.append(String.format("; whole process through bin/nimbench %.0f ms (median)", processMedianWallMs));
        }
        return sb.toString();
    }

    /** The JSON object (for the {@code oneShot} field of a recommendation entry). */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("problem", problem);
        m.put("configuration", label);
        m.put("threads", threads);
        m.put("solveOptions", solveOptions);
        m.put("jvm", jvm);
        m.put("jvmOptions", jvmOptions);
        m.put("coldMedianMs", Math.round(coldMedianMs));
        m.put("forks", forks);
        m.put("significant", significant());
        m.put("evidence", evidence());
        if (cpu != null) {
            m.put("cpu", cpu);
        }
        m.put("jdk", jdk);
        return m;
    }

    /** {@code solve} options for a configuration label and thread count. */
    public static String solveOptions(String label, int threads) {
        StringBuilder sb = new StringBuilder();
        if (!label.equals("default")) {
            for (String part : label.split(",")) {
                int eq = part.indexOf('=');
                sb.append("--").append(part, 0, eq).append(' ').append(part.substring(eq + 1)).append(' ');
            }
        }
        return sb.append("--threads ").append(threads).toString();
    }
}
