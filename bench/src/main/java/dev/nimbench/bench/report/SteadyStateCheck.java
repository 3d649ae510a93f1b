package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows that are not steady-state measurements, shown apart: never drawn, fitted, ranked, divided
 * into a speed-up or used for a recommendation. A row is apart when
 * <ul>
 * <li>a fork's warm-up reached its cap without settling (the harness's {@code Settle}: the JIT
 *     still compiling, the time per call still changing, or a Vector API kernel still allocating
 *     like boxed vectors; recorded per fork as {@value Profiling#SETTLED}), or
 * <li>its allocation per operation is that of boxed vectors ({@link BoxingCheck}, computed on all
 *     rows of the file, so that the scalar allowance is there).
 * </ul>
 * Barrett et al. (OOPSLA 2017) found that a fork may never reach a steady state: such a fork is a
 * finding to show, not a time to compare.
 */
public final class SteadyStateCheck {

    /**
     * One row shown apart.
     *
     * @param measurement the row as measured
     * @param reason why it is not a steady-state measurement, one sentence
     */
    public record Apart(Measurement measurement, String reason) {
    }

    /**
     * A file split in two.
     *
     * @param kept the file with only its steady-state rows (possibly none)
     * @param apart the other rows, in file order
     */
    public record Split(ResultFile kept, List<Apart> apart) {
    }

    private SteadyStateCheck() {
    }

    /** Splits {@code f} by the rule in the class comment. */
    public static Split split(ResultFile f, Profiling profiling) {
        Map<Measurement, String> reasons = new IdentityHashMap<>();
        for (Panel p : Panel.of(f.measurements())) {
            for (BoxingCheck.Flag flag : BoxingCheck.check(p, profiling)) {
                reasons.merge(flag.measurement(), "allocates like boxed vectors: "
                        + AllocationColumn.bytes(flag.bytesPerOp()) + "/op, limit "
                        + AllocationColumn.bytes(flag.limitBytes()) + "/op",
                        (a, b) -> a + "; " + b);
            }
        }
        for (Measurement m : f.measurements()) {
            int unsettled = profiling.unsettledForks(m);
            if (unsettled > 0) {
                String why = unsettled + " of " + m.forkCount() + " fork(s) did not settle within the warm-up cap";
                reasons.merge(m, why, (a, b) -> b + "; " + a);
            }
        }
        List<Measurement> kept = new ArrayList<>();
        List<Apart> apart = new ArrayList<>();
        for (Measurement m : f.measurements()) {
            String why = reasons.get(m);
            if (why == null) {
                kept.add(m);
            } else {
                apart.add(new Apart(m, why));
            }
        }
        return new Split(new ResultFile(f.path(), List.copyOf(kept), f.meta(), f.pooled()), List.copyOf(apart));
    }

    /** One line per row of {@code apart} in panel {@code p} (same stage and problem), for under its table. */
    static List<String> lines(Panel p, List<Apart> apart, TimeScale u) {
        List<String> out = new ArrayList<>();
        for (Apart a : apart) {
            Measurement m = a.measurement();
            if (!m.stage().equals(p.stage()) || !java.util.Objects.equals(m.problem(), p.problem())
                    || (p.method() != null && !m.method().equals(p.method()) && !Panel.isCopy(m.method()))) {
                continue;
            }
            out.add("`" + (m.variant() == null ? m.method() : m.variant()) + "` at " + Format.sizeLabel(m.size()) + ": "
                    + Format.sig(m.score() / u.seconds(), 4) + " " + u.symbol() + "/op, not steady state (" + a.reason() + ")");
        }
        return out;
    }

    /**
     * The section at the top of the report: how steady state is reached, then every row shown apart
     * per machine (or one line saying there is none).
     */
    static void section(ReportDoc doc, List<MachineRun> runs) {
        doc.heading(2, "Steady state");
        doc.para("Every fork warms its benchmark up before JMH measures it: calls in windows of 100 ms (at least one"
                + " call each) until windows in a row covering 300 ms spent at most 5% of their time finishing JIT"
                + " compilations (runs of revisions before 639e0fa: none at all), ran within 3 × the fastest window's time per call"
                + " and, for a Vector API variant, allocated"
                + " no more than the boxing limit below (16 KiB + 8 B × n per call; a whole pipeline 16 KiB + 64 B × n"
                + "), for at most 8 s after the first call (a whole pipeline's first call at production size runs mostly"
                + " in the interpreter for seconds; runs made before 2026-12-04 19:00 UTC: 8 s in all); JMH's own warm-up"
                + " iterations follow. A row with a fork that did not settle by the cap, or that allocates like boxed"
                + " vectors, is not a steady-state measurement: it is listed here and under its stage's table, and"
                + " left out of every chart, growth fit, winner, speed-up and recommendation. Runs made before this"
                + " rule record no warm-up outcome; for them only the allocation rule applies.");
        List<String> lines = new ArrayList<>();
        for (MachineRun r : runs) {
            for (Apart a : r.apart()) {
                Measurement m = a.measurement();
                lines.add(r.machine().shortName() + ": " + m.stage() + (m.problem() == null ? "" : " " + m.problem())
                        + " `" + (m.variant() == null ? m.method() : m.variant()) + "` at " + Format.sizeLabel(m.size())
                        + ": " + a.reason());
            }
        }
        if (lines.isEmpty()) {
            doc.para("Every row rendered below was measured at steady state.");
        } else {
            doc.para("**" + lines.size() + " row(s) not measured at steady state**, shown apart:");
            doc.bullets(lines);
        }
    }
}
