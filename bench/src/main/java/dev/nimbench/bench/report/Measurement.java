package dev.nimbench.bench.report;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * One JMH result entry (a benchmark method at one parameter combination), normalised to seconds
 * per operation whatever its JMH mode and unit.
 *
 * @param file the result file's name (no folder), for evidence and error messages
 * @param benchmark JMH's fully qualified {@code package.Class.method}
 * @param className simple name of the benchmark class, e.g. {@code TransformBench}
 * @param method benchmark method name
 * @param stage stage name derived from the class ({@link Stages#stageOf(String)})
 * @param params the {@code @Param} values (JMH writes strings), sorted by name
 * @param mode JMH mode as written ({@code avgt}, {@code ss} or {@code thrpt})
 * @param score the median of the per-fork medians ({@link ForkStats}), seconds per operation, &gt; 0
 *     (JMH's own score when the file has no raw data)
 * @param ciLow lower end of the {@link ForkStats#CONFIDENCE} interval of the median over forks
 *     ({@link ForkStats#interval}, distribution-free), seconds per op; NaN with fewer than
 *     {@value ForkStats#MIN_FORKS_FOR_INTERVAL} forks
 * @param ciHigh upper end, NaN when unknown
 * @param samples every measurement iteration of every fork, seconds per op
 * @param forks the same samples grouped by fork (JMH's {@code rawData}), seconds per op
 * @param unit the time unit JMH reported in (used to choose the display unit)
 * @param jdkVersion JMH's {@code jdkVersion}
 * @param vmName JMH's {@code vmName}
 * @param forkRuns per fork, the run (results file name) that measured it: forks of one run share
 *     that run's level, so a pooled comparison tests within runs ({@link ForkStats#test})
 */
public record Measurement(
        String file,
        String benchmark,
        String className,
        String method,
        String stage,
        Map<String, String> params,
        String mode,
        double score,
        double ciLow,
        double ciHigh,
        double[] samples,
        double[][] forks,
        TimeScale unit,
        String jdkVersion,
        String vmName,
        String[] forkRuns) {

    /** A measurement whose forks all come from its own file. */
    public Measurement(String file, String benchmark, String className, String method, String stage,
            Map<String, String> params, String mode, double score, double ciLow, double ciHigh, double[] samples,
            double[][] forks, TimeScale unit, String jdkVersion, String vmName) {
        this(file, benchmark, className, method, stage, params, mode, score, ciLow, ciHigh, samples, forks, unit,
                jdkVersion, vmName, java.util.Collections.nCopies(forks.length, file).toArray(new String[0]));
    }

    /** The same measurement with every time multiplied by {@code factor} (a machine's yardstick, see CompareMain). */
    public Measurement scaled(double factor) {
        double[][] f = new double[forks.length][];
        for (int i = 0; i < f.length; i++) {
            f[i] = forks[i].clone();
            for (int j = 0; j < f[i].length; j++) {
                f[i][j] *= factor;
            }
        }
        double[] s = samples.clone();
        for (int i = 0; i < s.length; i++) {
            s[i] *= factor;
        }
        return new Measurement(file, benchmark, className, method, stage, params, mode, score * factor,
                ciLow * factor, ciHigh * factor, s, f, unit, jdkVersion, vmName, forkRuns);
    }

    /** Name of the size parameter every benchmark carries. */
    public static final String SIZE = "size";
    /** Name of the registry-id (pipeline: config label) parameter. */
    public static final String VARIANT = "variant";
    /** Name of the distribution benchmarks' problem parameter. */
    public static final String PROBLEM = "problem";

    /** One value per fork: the median of its iterations (the unit every test and interval uses). */
    public double[] forkValues() {
        return ForkStats.values(forks);
    }

    /** Number of forks measured. */
    public int forkCount() {
        return forks.length;
    }

    /** The {@code size} parameter, or -1 when absent or not an integer. */
    public long size() {
        String s = params.get(SIZE);
        if (s == null) {
            return -1;
        }
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The {@code variant} parameter, or null. */
    public String variant() {
        return params.get(VARIANT);
    }

    /** The {@code problem} parameter, or null. */
    public String problem() {
        return params.get(PROBLEM);
    }

    /** Half-width of the confidence interval in seconds per op (NaN when JMH gave none). */
    public double error() {
        return (ciHigh - ciLow) / 2;
    }

    /** Identity of the benchmark across runs: method plus every parameter. */
    public String key() {
        return benchmark + params.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ", " {", "}"));
    }

    /** Short human name: {@code Class.method} and the parameters. */
    public String shortName() {
        return className + "." + method + params.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ", " [", "]"));
    }
}
