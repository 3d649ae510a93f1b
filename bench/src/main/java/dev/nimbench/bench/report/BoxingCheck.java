package dev.nimbench.bench.report;

import dev.nimbench.registry.Variant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The boxing detector. A Vector API kernel that C2 compiled as intended keeps its vectors in
 * registers and allocates nothing per operation; one that runs boxed vectors (a helper C2 did not
 * inline, an uncommon trap that recompiled it without intrinsics, or code still in the interpreter
 * or C1) allocates an object of about 100 bytes per vector operation, megabytes per call.
 *
 * <p>The rule, per stage panel and size: the <em>allowance</em> is the largest allocation per
 * operation of the stage's scalar variants measured at that size (whatever an operation must
 * allocate, result arrays, tables, fork/join tasks, a scalar variant of it allocates too), 0 when no
 * scalar variant was measured there. A Vector API variant ({@link Variant#usesVectorApi()}) is
 * flagged when it allocates more than the allowance plus {@value #SLACK_BYTES} bytes per operation
 * and at more than {@value #SLACK_BYTES_PER_SECOND} bytes per second over the allowance. The
 * second condition absorbs the harness's own background allocation (JMH's threads allocate some
 * 30-200 KB/s, measured on non-allocating scalar kernels, which a slow operation of 100 ms books as
 * up to 20 KB per operation); boxing allocates hundreds of MB/s. Pipeline configurations are not
 * checked: they combine stages and have no scalar counterpart of the same work.
 */
public final class BoxingCheck {

    /** Bytes per operation a Vector API variant may allocate beyond its scalar counterparts. */
    public static final long SLACK_BYTES = 1024;

    /** Excess allocation rate below which the excess is taken for the harness's background allocation. */
    public static final long SLACK_BYTES_PER_SECOND = 4L << 20;

    /**
     * One flagged measurement.
     *
     * @param measurement the Vector API variant's measurement
     * @param bytesPerOp what it allocates per operation
     * @param allowance what the stage's scalar variants allocate at that size (the largest), 0 when none was measured
     * @param comparedWith the scalar variant that set the allowance, null when none was measured
     */
    public record Flag(Measurement measurement, double bytesPerOp, double allowance, String comparedWith) {

        /** One line for the top of the report. */
        public String describe(String title) {
            return "**BOXED?** " + title + " `" + measurement.variant() + "` at " + Format.sizeLabel(measurement.size())
                    + ": " + AllocationColumn.bytes(bytesPerOp) + "/op, "
                    + (comparedWith == null ? "no scalar variant measured at this size"
                    : "scalar `" + comparedWith + "` " + AllocationColumn.bytes(allowance) + "/op");
        }
    }

    private BoxingCheck() {
    }

    /** The flagged measurements of a panel, by size then series order. */
    public static List<Flag> check(Panel p, Profiling profiling) {
        List<Flag> out = new ArrayList<>();
        if (Stages.PIPELINE.equals(p.stage()) || !profiling.recordedAllocation()) {
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
                if (flagged(b, allowance, m.score())) {
                    out.add(new Flag(m, b, allowance, comparedWith));
                }
            }
        }
        return out;
    }

    /**
     * The rule: more than {@link #SLACK_BYTES} per operation over the allowance, at more than
     * {@link #SLACK_BYTES_PER_SECOND} over it.
     *
     * @param secondsPerOp the time per operation
     */
    static boolean flagged(double bytesPerOp, double allowance, double secondsPerOp) {
        double excess = bytesPerOp - allowance;
        return !Double.isNaN(excess) && excess > SLACK_BYTES && excess / secondsPerOp > SLACK_BYTES_PER_SECOND;
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
            doc.para("**" + lines.size() + " Vector API measurement(s) allocate like boxed vectors**: check the warm-up"
                    + " (C2 must have compiled the kernel) and `-XX:+PrintCompilation` / `-Xlog:gc` for that variant.");
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
                + " when it allocates more than " + SLACK_BYTES + " B/op over the most that a scalar variant of the same"
                + " stage allocates at the same size, and at more than " + (SLACK_BYTES_PER_SECOND >> 20)
                + " MiB/s over it: compiled as intended it allocates nothing, boxed vectors (or code not yet compiled"
                + " by C2) allocate about 100 bytes per vector operation. Pipelines are not checked.");
    }
}
