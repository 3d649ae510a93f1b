package dev.nimbench.bench.report;

import dev.nimbench.registry.Variant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The boxing detector. A Vector API kernel that C2 compiled as intended keeps its vectors in
 * registers; one that runs boxed vectors (a helper C2 did not inline, an uncommon trap that
 * recompiled it without intrinsics, an OSR compile with vectors live at its entry, or code still in
 * the interpreter or C1) allocates an object of about 100 bytes for every vector operation.
 *
 * <p>The rule, per stage panel and size {@code n}: the <em>allowance</em> is the largest allocation
 * per operation of the stage's scalar variants measured at that size (what an operation must
 * allocate, result arrays, tables, fork/join tasks, a scalar variant of it allocates too), 0 when
 * none was measured there. A Vector API variant ({@link Variant#usesVectorApi()}) is flagged when it
 * allocates more than the allowance + {@value #SLACK_BYTES} B + {@value #SLACK_BYTES_PER_ELEMENT} B
 * × n per operation. Calibrated on quick and default runs on JDK 17 (AMD EPYC, 2 cores): kernels
 * compiled as intended allocate at most a widened copy of one block or of the input plus fixed
 * set-up, e.g. {@code vector-montgomery} 8.9 KB/op at n = 4096 (its {@code long[1024]} block) and
 * 168 KB/op at 2^20 (0.16 B per element); boxed kernels allocated 540 B (transform) to 2.2 KB
 * (power sum) per element, 2-9 MB per operation at n = 4096. The slack also absorbs what JMH's own
 * threads allocate during a slow operation (30-200 KB/s measured). A pipeline configuration has no
 * scalar counterpart doing the same work: it is flagged above {@value #SLACK_BYTES} B +
 * {@value #PIPELINE_BYTES_PER_ELEMENT} B × n per operation, whatever its variants
 * ({@link #pipelineLimit}, the benchmarks' warm-up applies the same limit).
 */
public final class BoxingCheck {

    /** Fixed bytes per operation a Vector API variant may allocate beyond its scalar counterparts. */
    public static final long SLACK_BYTES = 16 * 1024;

    /** Further bytes per element of the size parameter (a widened copy of an int input is 8). */
    public static final long SLACK_BYTES_PER_ELEMENT = 8;

    /**
     * Bytes per element of n a whole pipeline call may allocate beyond {@link #SLACK_BYTES}. A pipeline
     * prepares its arrays once and allocates well under a byte per element per call (0.6-8.8 MB at
     * n = 10^7); compiled without its intrinsics a Vector API stage allocates hundreds: 2 of the 4
     * forks of {@code combine=fused-vector-wht-masked} in the quiet JDK 17 run
     * results/20261201T193541Z-jdk17.json (Intel Xeon family 6 model 207) allocated 6.9 GB per call
     * (690 B per element) at 512 ms against 188 ms.
     */
    public static final long PIPELINE_BYTES_PER_ELEMENT = 64;

    /**
     * One flagged measurement.
     *
     * @param measurement the Vector API variant's measurement
     * @param bytesPerOp what it allocates per operation (mean over every fork)
     * @param allowance what the stage's scalar variants allocate at that size (the largest), 0 when none was measured
     * @param comparedWith the scalar variant that set the allowance, null when none was measured
     * @param forksOver forks whose own mean is over the limit
     * @param forks forks measured
     * @param limitBytes the most it may allocate per operation
     */
    public record Flag(Measurement measurement, double bytesPerOp, double allowance, String comparedWith,
            int forksOver, int forks, double limitBytes) {

        /** One line for the top of the report. */
        public String describe(String title) {
            return "**BOXED?** " + title + " `" + measurement.variant() + "` at " + Format.sizeLabel(measurement.size())
                    + ": " + AllocationColumn.bytes(bytesPerOp) + "/op"
                    + (forks > 1 ? " (" + forksOver + " of " + forks + " forks over the limit)" : "") + ", "
                    + (Stages.PIPELINE.equals(measurement.stage()) ? "a whole pipeline"
                    : comparedWith == null ? "no scalar variant measured at this size"
                    : "scalar `" + comparedWith + "` " + AllocationColumn.bytes(allowance) + "/op")
                    + ", limit " + AllocationColumn.bytes(limitBytes) + "/op";
        }
    }

    private BoxingCheck() {
    }

    /** The flagged measurements of a panel, by size then series order. */
    public static List<Flag> check(Panel p, Profiling profiling) {
        List<Flag> out = new ArrayList<>();
        if (!profiling.recordedAllocation()) {
            return out;
        }
        if (Stages.PIPELINE.equals(p.stage())) {
            for (long n : p.sizes()) {
                for (Series s : p.candidates()) {
                    Measurement m = s.at(n);
                    double b = m == null ? Double.NaN : profiling.bytesPerOp(m);
                    if (b > pipelineLimit(n)) {
                        double[] forks = profiling.forkBytesPerOp(m);
                        out.add(new Flag(m, b, 0, null, forksOver(forks, pipelineLimit(n)), forks.length, pipelineLimit(n)));
                    }
                }
            }
            return out;
        }
        for (long n : p.sizes()) {
            double allowance = 0;
            String comparedWith = null;
            for (Series s : p.candidates()) {
                Measurement m = s.at(n);
                double b = m == null ? Double.NaN : profiling.bytesPerOp(m);
                if (!Double.isNaN(b) && !usesVectorApi(p, s) && (comparedWith == null || b > allowance)) {
                    allowance = b;
                    comparedWith = s.variant();
                }
            }
            for (Series s : p.candidates()) {
                Measurement m = s.at(n);
                if (m == null || !usesVectorApi(p, s)) {
                    continue;
                }
                double b = profiling.bytesPerOp(m);
                if (flagged(b, allowance, m.size())) {
                    double[] forks = profiling.forkBytesPerOp(m);
                    double limit = limit(allowance, m.size());
                    out.add(new Flag(m, b, allowance, comparedWith, forksOver(forks, limit), forks.length, limit));
                }
            }
        }
        return out;
    }

    /** The most a Vector API variant may allocate per operation at size {@code n} (n &lt;= 0: no size). */
    public static double limit(double allowance, long n) {
        return allowance + SLACK_BYTES + SLACK_BYTES_PER_ELEMENT * (double) Math.max(n, 0);
    }

    /**
     * The most a whole pipeline call may allocate at n, in the report and in the benchmarks' warm-up
     * ({@code Settle.pipelineRule}): {@value #SLACK_BYTES} B + {@value #PIPELINE_BYTES_PER_ELEMENT} B × n.
     */
    public static double pipelineLimit(long n) {
        return SLACK_BYTES + PIPELINE_BYTES_PER_ELEMENT * (double) Math.max(n, 0);
    }

    /** Forks whose own bytes per operation are over {@code limit}. */
    private static int forksOver(double[] forks, double limit) {
        int over = 0;
        for (double f : forks) {
            over += f > limit ? 1 : 0;
        }
        return over;
    }

    /** The rule: more than {@link #limit} bytes per operation. */
    static boolean flagged(double bytesPerOp, double allowance, long n) {
        return !Double.isNaN(bytesPerOp) && bytesPerOp > limit(allowance, n);
    }

    private static boolean usesVectorApi(Panel p, Series s) {
        return s.variant() != null && Stages.find(p.stage(), p.problem(), s.variant()).map(Variant::usesVectorApi).orElse(false);
    }

    /**
     * The section at the top of the report: the rule in one paragraph, then one line per flagged
     * measurement (or one line saying there is none, or that allocation was not recorded).
     */
    public static void section(ReportDoc doc, List<ResultFile> files, Map<ResultFile, Profiling> profiling) {
        doc.heading(2, "Allocation per operation and boxed vectors");
        boolean anyRecorded = files.stream().anyMatch(f -> profiling.getOrDefault(f, Profiling.NONE).recordedAllocation());
        if (anyRecorded) {
            rule(doc);
        }
        List<String> lines = new ArrayList<>();
        List<String> unrecorded = new ArrayList<>();
        boolean multi = files.size() > 1;
        for (ResultFile f : files) {
            Profiling prof = profiling.getOrDefault(f, Profiling.NONE);
            if (!prof.recordedAllocation()) {
                unrecorded.add("`" + f.name() + "`");
                continue;
            }
            for (Panel p : Panel.of(f.measurements())) {
                for (Flag flag : check(p, prof)) {
                    lines.add(flag.describe(p.title()) + (multi ? " (JDK " + f.jdkVersion() + ")" : ""));
                }
            }
        }
        if (!lines.isEmpty()) {
            doc.para("**" + lines.size() + " Vector API measurement(s) allocate like boxed vectors**: not steady-state"
                    + " measurements, so shown apart (see Steady state above); check `-XX:+PrintCompilation` / `-Xlog:gc`"
                    + " for that variant.");
            doc.bullets(lines);
        } else if (unrecorded.size() < files.size()) {
            doc.para("No Vector API variant allocates beyond its scalar counterparts.");
        }
        if (!unrecorded.isEmpty()) {
            doc.para("Allocation was not recorded in " + String.join(", ", unrecorded)
                    + " (run before `jmh:run` added JMH's gc profiler): no `B/op` and no boxing check for it.");
        }
    }

    private static void rule(ReportDoc doc) {
        doc.para("`B/op` beside each time is the allocation per operation that JMH's `gc` profiler records"
                + " (`" + Profiling.ALLOC_NORM + "`, bytes allocated by all threads of the fork during the measurement,"
                + " divided by the operations; every `jmh:run` records it). A Vector API variant is flagged **BOXED?**"
                + " when it allocates more per operation than the most that a scalar variant of the same stage allocates"
                + " at the same size n, plus " + (SLACK_BYTES >> 10) + " KiB + " + SLACK_BYTES_PER_ELEMENT + " B × n"
                + " (scratch such as a widened block): compiled as intended its vectors stay in registers, boxed"
                + " vectors (or code not yet compiled by C2) cost about 100 bytes per vector operation, hundreds of"
                + " bytes per element. A whole pipeline is flagged above " + (SLACK_BYTES >> 10) + " KiB + "
                + PIPELINE_BYTES_PER_ELEMENT + " B × n. See docs/why.md.");
    }
}
