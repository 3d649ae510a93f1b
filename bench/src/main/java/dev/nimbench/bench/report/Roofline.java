package dev.nimbench.bench.report;

import dev.nimbench.bench.LimitsBench;
import dev.nimbench.bench.PowerSumBench;
import dev.nimbench.bench.TransformBench;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongToDoubleFunction;

/**
 * How close each stage variant comes to the machine limit that binds it, measured in the same run:
 * <ul>
 * <li>transform: bytes moved per call ({@link TransformBench#bytesMoved}) per second, against the
 *     streaming bandwidth of {@code TransformBench.copyBaseline} at the same size
 *     ({@link TransformBench#copyBytes} per call), since the copy and the passes stream the same arrays;
 * <li>power sum: modular products per call ({@link PowerSumBench#modularProducts(long)}) per second,
 *     against the peak product rate of {@code LimitsBench.productPeak} (the fastest of its variants);
 * <li>multiplier, independent products: {@code size} products per call, against the same peak.
 * </ul>
 * The attained fraction is that rate (from the variant's mean time) over the ceiling (from the
 * ceiling benchmark's fastest iteration, {@link #best}): 100 % means the variant runs at the limit
 * measured. One table and one roofline-style chart per stage: attained rate against size, ceiling
 * dashed.
 */
final class Roofline {

    /** One stage's figures: rate per variant per size, and the ceiling per size. */
    record Stage(String title, String slug, String unit, String ceilingLabel, Map<String, Map<Long, Double>> rates,
            Map<Long, Double> ceiling) {

        double fraction(String variant, long n) {
            Double r = rates.get(variant).get(n);
            Double c = ceiling.get(n);
            return r == null || c == null ? Double.NaN : r / c;
        }
    }

    private Roofline() {
    }

    /** The stages of {@code ms} that have both rates and a ceiling, in report order. */
    static List<Stage> stages(List<Measurement> ms) {
        List<Stage> out = new ArrayList<>();
        Map<Long, Double> bandwidth = new TreeMap<>();
        for (Measurement m : ms) {
            if (is(m, "TransformBench", "copyBaseline")) {
                bandwidth.put(m.size(), TransformBench.copyBytes(m.size()) / best(m));
            }
        }
        // the product peak per thread count: the fastest variant at any size measured with those threads
        Map<String, Double> peaks = new TreeMap<>();
        for (Measurement m : ms) {
            if (is(m, "LimitsBench", "productPeak")) {
                long exponent = Long.parseLong(m.params().getOrDefault("exponent", Long.toString(LimitsBench.LEGACY_EXPONENT)));
                peaks.merge(threads(m), LimitsBench.modularProducts(m.size(), exponent) / best(m), Math::max);
            }
        }
        Map<String, Map<Long, Double>> transform = rates(ms, "TransformBench", "transform", TransformBench::bytesMoved);
        if (!transform.isEmpty() && !bandwidth.isEmpty()) {
            out.add(new Stage("transform", "transform", "bytes/s", "copyBaseline (read + write stream)",
                    transform, bandwidth));
        }
        String powerThreads = ms.stream().filter(m -> is(m, "PowerSumBench", "sum")).map(Roofline::threads).findFirst()
                .orElse(null);
        Double p = powerThreads == null ? null : peaks.get(powerThreads);
        if (p != null) {
            Map<String, Map<Long, Double>> power = rates(ms, "PowerSumBench", "sum", PowerSumBench::modularProducts);
            out.add(new Stage("power", "power", "products/s", "productPeak at " + powerThreads
                    + " thread(s) (fastest LimitsBench variant and size)", power, constant(power, p)));
        }
        // the multiplier's products run on one thread
        Double single = peaks.get("1");
        Map<String, Map<Long, Double>> mul = rates(ms, "MultiplierBench", "independentProducts", n -> n);
        if (single != null && !mul.isEmpty()) {
            out.add(new Stage("multiplier: independentProducts", "multiplier-independentProducts", "products/s",
                    "productPeak at 1 thread (fastest LimitsBench variant)", mul, constant(mul, single)));
        }
        return out;
    }

    /**
     * A ceiling's time: its fastest measured iteration. A limit is what the machine can do; slower
     * iterations are interference (other processes, a fork still boxed), not the limit.
     */
    static double best(Measurement m) {
        double b = m.score();
        for (double x : m.samples()) {
            b = Math.min(b, x);
        }
        return b;
    }

    /** The thread count a row ran with: its {@code threads} parameter, 1 without one (single-threaded benchmarks). */
    static String threads(Measurement m) {
        return m.params().getOrDefault("threads", "1");
    }

    /**
     * The variant and size whose attained rate is above the stage's ceiling by the most, or null
     * when none is: a ceiling that a variant exceeds does not bound the stage (it was measured at
     * too few threads, too small a size, or slowed down), a defect of the ceiling, not a figure.
     */
    static String defect(Stage s) {
        String worst = null;
        double most = 1;
        for (String v : s.rates().keySet()) {
            for (long n : s.rates().get(v).keySet()) {
                double f = s.fraction(v, n);
                if (f > most) {
                    most = f;
                    worst = "`" + v + "` at " + Format.sizeLabel(n) + " attains " + rate(s.rates().get(v).get(n), s.unit())
                            + ", " + Format.sig(100 * f, 3) + " % of the ceiling " + rate(s.ceiling().get(n), s.unit());
                }
            }
        }
        return worst;
    }

    private static boolean is(Measurement m, String className, String method) {
        return m.className().equals(className) && m.method().equals(method) && m.size() > 0;
    }

    private static Map<String, Map<Long, Double>> rates(List<Measurement> ms, String className, String method,
            LongToDoubleFunction work) {
        Map<String, Map<Long, Double>> out = new LinkedHashMap<>();
        for (Measurement m : ms) {
            if (is(m, className, method) && m.variant() != null) {
                out.computeIfAbsent(m.variant(), k -> new TreeMap<>()).put(m.size(), work.applyAsDouble(m.size()) / m.score());
            }
        }
        return out;
    }

    private static Map<Long, Double> constant(Map<String, Map<Long, Double>> rates, double value) {
        Map<Long, Double> out = new TreeMap<>();
        rates.values().forEach(r -> r.keySet().forEach(n -> out.put(n, value)));
        return out;
    }

    /**
     * The section: the counting rules, then per stage a table of attained fractions (variant by size)
     * and a chart {@code charts/<prefix>roofline-<stage>.svg}. Nothing when no stage has a ceiling.
     */
    static void render(ReportDoc doc, Map<String, String> out, List<Measurement> ms, String prefix,
            int level, String subtitle) {
        List<Stage> stages = stages(ms);
        if (stages.isEmpty()) {
            return;
        }
        doc.heading(level, "How close to the limit (roofline)");
        doc.para("Attained rate over the machine limit that binds the stage, both measured in this run. Transform:"
                + " bytes moved per call (16 × P: the copy and one in-place pass each read and write P ints, the least"
                + " any variant moves) per second, against `TransformBench.copyBaseline`'s stream (8 × P bytes per"
                + " call) at the same P. Power sum: modular products per call (P × (⌊log2 s⌋ + popcount(s) − 1) = 30 P"
                + " for s = 10^7) per second, against `LimitsBench.productPeak` (independent Montgomery chains in vector"
                + " lanes on 16384 cache-resident residues with the power sum's exponent, 30 products each (122 in runs before 2026-12-01); the fastest variant). Multiplier: P"
                + " products per call against the same peak. Ceilings are their fastest measured iteration, variants"
                + " their mean. A ceiling is measured at the thread count of what it bounds, and the product peak at"
                + " the power stage's largest size as well (where the ForkJoin variants use every thread); a"
                + " variant above its ceiling is a defect of the ceiling, stated as such, and no fraction or"
                + " chart is shown for that stage. At small"
                + " P the arrays sit in L1/L2 and the transform's log P levels of butterflies bind, not memory: the"
                + " memory fraction means most from P beyond the L2 cache.");
        for (Stage s : stages) {
            String defect = defect(s);
            if (defect != null) {
                doc.para("**Ceiling defect, " + s.title() + "**: " + defect + ". The measured ceiling ("
                        + s.ceilingLabel() + ") does not bound this stage, so no fraction and no chart is shown for it.");
                continue;
            }
            TreeSet<Long> sizes = new TreeSet<>(s.ceiling().keySet());
            List<String> header = new ArrayList<>();
            header.add(s.title() + " variant");
            sizes.forEach(n -> header.add(Format.sizeLabel(n)));
            List<List<String>> rows = new ArrayList<>();
            List<String> ceilingRow = new ArrayList<>();
            ceilingRow.add("ceiling: " + s.ceilingLabel());
            sizes.forEach(n -> ceilingRow.add(rate(s.ceiling().get(n), s.unit())));
            rows.add(ceilingRow);
            for (String v : s.rates().keySet()) {
                List<String> row = new ArrayList<>();
                row.add("`" + v + "`");
                for (long n : sizes) {
                    double f = s.fraction(v, n);
                    row.add(Double.isNaN(f) ? "" : Format.sig(100 * f, 2) + " %");
                }
                rows.add(row);
            }
            boolean[] right = new boolean[header.size()];
            java.util.Arrays.fill(right, 1, right.length, true);
            doc.table(header, rows, right);
            String path = "charts/" + prefix + "roofline-" + s.slug() + ".svg";
            out.put(path, RooflineChart.svg(s, subtitle));
            doc.chart(path, s.title() + ": attained " + s.unit() + " against the measured limit", out.get(path));
        }
    }

    /** e.g. {@code 12.3 GB/s}, {@code 4.56 G products/s}. */
    static String rate(double perSecond, String unit) {
        String[] prefixes = {"", "k", "M", "G", "T"};
        double v = perSecond;
        int i = 0;
        while (v >= 1000 && i < prefixes.length - 1) {
            v /= 1000;
            i++;
        }
        String u = unit.equals("bytes/s") ? prefixes[i] + "B/s" : prefixes[i] + " " + unit;
        return Format.sig(v, 3) + " " + u.trim();
    }
}
