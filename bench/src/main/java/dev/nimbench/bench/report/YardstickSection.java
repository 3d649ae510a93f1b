package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The whole card-stacking pipeline at its target, C(10^7, 10^7), beside the external yardstick
 * that {@code BenchMain} ran in the same window (before and after the benchmarks; its medians are
 * in the run's metadata under {@code yardstick}). Ratios come from one run on one machine, which
 * is the only fair way to compare on a shared, noisy machine.
 */
final class YardstickSection {

    /** The card-stacking target n (= s) of the pipeline benchmark. */
    static final long TARGET_N = 10_000_000L;

    private YardstickSection() {
    }

    static void render(ReportDoc doc, List<ResultFile> files) {
        boolean headed = false;
        for (ResultFile f : files) {
            Double before = number(f.meta().values().get("yardstick.before.medianMs"));
            Double after = number(f.meta().values().get("yardstick.after.medianMs"));
            if (before == null && after == null) {
                continue;
            }
            double yard = before == null ? after : after == null ? before : (before + after) / 2;
            List<Measurement> pipeline = new ArrayList<>();
            for (Measurement m : f.measurements()) {
                if ("pipeline".equals(m.stage()) && "card-stacking".equals(m.problem()) && m.size() == TARGET_N) {
                    pipeline.add(m);
                }
            }
            if (pipeline.isEmpty()) {
                continue;
            }
            if (!headed) {
                doc.heading(2, "Beside the native yardstick");
                headed = true;
            }
            doc.para("`" + f.name() + "`: the yardstick (`" + f.meta().values().getOrDefault("yardstick.command", "?")
                    + "`) took a median of " + (before == null ? "?" : Format.sig(before, 3)) + " ms before the"
                    + " benchmarks and " + (after == null ? "?" : Format.sig(after, 3)) + " ms after them; the"
                    + " ratios below divide the pipeline's median sample C(10^7, 10^7) by their mean, "
                    + Format.sig(yard, 3) + " ms.");
            pipeline.sort(Comparator.comparingDouble(YardstickSection::medianMillis));
            List<List<String>> rows = new ArrayList<>();
            for (Measurement m : pipeline) {
                double median = medianMillis(m);
                rows.add(List.of("`" + m.variant() + "`", m.params().getOrDefault("threads", "?"),
                        Format.sig(median, 4), Format.sig(m.error() * 1e3, 2), Format.fixed(median / yard, 2) + "×"));
            }
            doc.table(List.of("configuration", "threads", "median (ms)", "± (ms, 99.9% CI of the mean)",
                    "× yardstick"), rows, false, true, true, true, true);
        }
    }

    /** Median of the raw samples in milliseconds (samples are seconds per op). */
    static double medianMillis(Measurement m) {
        double[] s = m.samples().clone();
        Arrays.sort(s);
        int n = s.length;
        double median = n == 0 ? m.score() : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
        return median * 1e3;
    }

    private static Double number(String s) {
        if (s == null || s.isBlank()) {
            return null;
        }
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
