package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One machine's figures beside the native yardstick: never another machine's or session's.
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

    /**
     * The yardstick's level in the run (ms): the median of all its runs where it also ran among the
     * pipeline's forks ({@link #among}), else the mean of its medians before and after the
     * benchmarks; null when none ran beside it.
     */
    static Double yardstickMillis(ResultFile f) {
        Double before = number(f.meta().values().get("yardstick.before.medianMs"));
        Double after = number(f.meta().values().get("yardstick.after.medianMs"));
        List<Double> among = among(f);
        if (!among.isEmpty()) {
            List<Double> all = new ArrayList<>(among);
            if (before != null) {
                all.add(before);
            }
            if (after != null) {
                all.add(after);
            }
            return ForkStats.median(all.stream().mapToDouble(Double::doubleValue).toArray());
        }
        if (before == null && after == null) {
            return null;
        }
        return before == null ? after : after == null ? before : (before + after) / 2;
    }

    private static final Pattern AMONG_MEDIAN = Pattern.compile("\"medianMs\":([0-9]+(?:\\.[0-9]+)?)");

    /** The yardstick's medians among the pipeline's forks ({@code yardstick.among}, ms), in the order they ran. */
    static List<Double> among(ResultFile f) {
        String text = f.meta().values().get("yardstick.among");
        List<Double> out = new ArrayList<>();
        if (text != null) {
            Matcher m = AMONG_MEDIAN.matcher(text);
            while (m.find()) {
                out.add(Double.parseDouble(m.group(1)));
            }
        }
        return out;
    }

    /**
     * The forks of pipeline configuration {@code variant} at {@code threads}, each divided by the
     * yardstick's runs just before and after it ({@code yardstick.paired}); empty when the
     * yardstick did not run among them.
     */
    static double[] paired(ResultFile f, String variant, int threads) {
        String text = f.meta().values().get("yardstick.paired." + variant + " threads=" + threads);
        if (text == null || text.isBlank()) {
            return new double[0];
        }
        List<Double> out = new ArrayList<>();
        for (String v : text.trim().split("\\s+")) {
            Double d = number(v);
            if (d != null) {
                out.add(d);
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * A configuration's ratio to the yardstick as the report quotes it.
     *
     * @param value the ratio
     * @param forks the paired forks it is the median of (0: the median over forks divided by the yardstick's level)
     * @param low the lowest paired fork's ratio (NaN when not paired)
     * @param high the highest (NaN when not paired)
     * @param how what it divides by, for a sentence
     */
    record Ratio(double value, int forks, double low, double high, String how) {
        /** {@code "0.98–1.09"}: the paired forks' range. */
        String range() {
            return Format.fixed(low, 2) + "–" + Format.fixed(high, 2);
        }

        /** {@code "1.04× (paired: ...)"}. */
        String text() {
            return Format.fixed(value, 2) + "× (" + how + ")";
        }
    }

    /**
     * The ratio of pipeline configuration {@code variant} at {@code threads} (median {@code millis})
     * to the yardstick of the same run: the median of its paired forks ({@link #paired}) where the
     * yardstick ran among them, which follows the machine's speed through the run; else its median
     * over the yardstick's level ({@link #yardstickMillis}). Null when no yardstick ran.
     */
    static Ratio ratio(ResultFile f, String variant, int threads, double millis) {
        double[] p = paired(f, variant, threads);
        if (p.length > 0) {
            double[] sorted = p.clone();
            Arrays.sort(sorted);
            double low = sorted[0];
            double high = sorted[sorted.length - 1];
            return new Ratio(ForkStats.median(p), p.length, low, high, "paired: the median of " + p.length
                    + (p.length == 1 ? " fork" : " forks") + ", each over the yardstick run beside it, "
                    + Format.fixed(low, 2) + "–" + Format.fixed(high, 2));
        }
        Double yard = yardstickMillis(f);
        if (yard == null) {
            return null;
        }
        String mark = unsteadyMark(f);
        return new Ratio(millis / yard, 0, Double.NaN, Double.NaN,
                mark.isEmpty() ? Format.sig(yard, 3) + " ms" : mark.substring(2, mark.length() - 1));
    }

    /** The pipeline at the card-stacking target beside the yardstick of the same run (one machine's section). */
    static void render(ReportDoc doc, ResultFile f, Machine machine, int level) {
        Double before = number(f.meta().values().get("yardstick.before.medianMs"));
        Double after = number(f.meta().values().get("yardstick.after.medianMs"));
        Double yard = yardstickMillis(f);
        List<Measurement> pipeline = new ArrayList<>();
        for (Measurement m : f.measurements()) {
            if ("pipeline".equals(m.stage()) && "card-stacking".equals(m.problem()) && m.size() == TARGET_N) {
                pipeline.add(m);
            }
        }
        if (pipeline.isEmpty()) {
            return;
        }
        doc.heading(level, "Beside the native yardstick (" + machine.shortName() + ")");
        if (yard == null) {
            doc.para("No yardstick ran beside `" + f.name() + "`: the pipeline is not divided by any other run's or"
                    + " machine's yardstick.");
            return;
        }
        List<Double> among = among(f);
        doc.para("`" + f.name() + "`: the yardstick (`" + displayPath(f.meta().values().getOrDefault("yardstick.command", "?"))
                + "`) took a median of " + (before == null ? "?" : Format.sig(before, 3)) + " ms before the"
                + " benchmarks and " + (after == null ? "?" : Format.sig(after, 3)) + " ms after them, on the same"
                + " machine" + (among.isEmpty() ? "; the ratios below divide the pipeline's C(10^7, 10^7) median over"
                + " forks by their mean, " + Format.sig(yard, 3) + " ms."
                : ", and ran " + among.size() + " times among the forks below ("
                + Format.sig(Collections.min(among), 3) + "–" + Format.sig(Collections.max(among), 3) + " ms: the"
                + " machine's speed changes over minutes). `× yardstick` divides each configuration's median over"
                + " forks by the median of all these runs, " + Format.sig(yard, 3) + " ms; `paired` divides each"
                + " fork by the mean of the yardstick's runs just before and after it and gives the median over"
                + " forks, with their range: the figure to quote."));
        Double faster = among.isEmpty() && unsteady(before, after) ? Math.min(before, after) : null;
        if (faster != null) {
            doc.para("**Unsteady yardstick**: its two medians differ by " + Format.fixed(100 * (Math.max(before, after)
                    / faster - 1), 0) + "% (more than " + Format.fixed(100 * UNSTEADY, 0) + "%: the machine was busy during"
                    + " one of them), so the ratio to their mean is not a figure to quote; the last column divides by the"
                    + " faster of the two, " + Format.sig(faster, 3) + " ms. Measure the yardstick again beside the"
                    + " recommendation on an idle machine.");
        }
        pipeline.sort(Comparator.comparingDouble(YardstickSection::medianMillis));
        List<List<String>> rows = new ArrayList<>();
        for (Measurement m : pipeline) {
            double median = medianMillis(m);
            List<String> row = new ArrayList<>(List.of("`" + m.variant() + "`", m.params().getOrDefault("threads", "?"),
                    Format.sig(median, 4), Double.isNaN(m.error()) ? "— (under 6 forks)" : Format.sig(m.error() * 1e3, 2),
                    Format.fixed(median / yard, 2) + "×"));
            if (faster != null) {
                row.add(Format.fixed(median / faster, 2) + "×");
            }
            if (!among.isEmpty()) {
                Ratio r = ratio(f, m.variant(), Recommender.threads(m), median);
                row.add(r == null || r.forks() == 0 ? "—" : Format.fixed(r.value(), 2) + "× (" + r.forks() + ": "
                        + r.range() + ")");
            }
            rows.add(row);
        }
        List<String> header = new ArrayList<>(List.of("configuration", "threads", "median (ms)",
                "± (ms, 95% interval over forks)", "× yardstick"));
        if (faster != null) {
            header.add("× faster yardstick");
        }
        if (!among.isEmpty()) {
            header.add("paired (forks: range)");
        }
        boolean[] numeric = new boolean[header.size()];
        Arrays.fill(numeric, 1, numeric.length, true);
        doc.table(header, rows, numeric);
    }

    /**
     * The spread above which the yardstick's two medians (before and after the run) say the machine
     * was disturbed during one of them: 15%, as for its stage figures' median against their minimum.
     */
    static final double UNSTEADY = 0.15;

    /**
     * A mark for a ratio to the yardstick of {@code f} when its two medians disagree ({@link #unsteady}):
     * {@code " (unsteady yardstick: 108/70.4 ms)"}; empty otherwise.
     */
    static String unsteadyMark(ResultFile f) {
        Double before = number(f.meta().values().get("yardstick.before.medianMs"));
        Double after = number(f.meta().values().get("yardstick.after.medianMs"));
        return unsteady(before, after) ? " (**unsteady** yardstick: " + Format.sig(before, 3) + "/" + Format.sig(after, 3)
                + " ms)" : "";
    }

    /** Whether the medians before and after differ by more than {@link #UNSTEADY} of the faster. */
    static boolean unsteady(Double before, Double after) {
        return before != null && after != null && Math.max(before, after) > (1 + UNSTEADY) * Math.min(before, after);
    }

    /** An absolute path as its last two parts (older meta files recorded the machine's paths). */
    static String displayPath(String text) {
        return text.replaceAll("(?<=^|[\\s=])/(?:[^\\s/]+/)*([^\\s/]+/[^\\s/]+)", "…/$1");
    }

    /** The median over forks (the measurement's score) in milliseconds. */
    static double medianMillis(Measurement m) {
        return m.score() * 1e3;
    }

    /** The stage sizes the yardstick measures: n = 10^7 (distribution), P = 2^24 (transform, power). */
    static final long TARGET_POINTS = 1L << 24;

    /**
     * Each stage's fastest variant at the yardstick's size beside the yardstick's own figure for
     * that stage ({@link YardstickStages}, from the yardstick's {@code bench} command); the transform also
     * with the benchmark's input copy ({@code copyBaseline}) subtracted. Nothing without the
     * figures or without measurements at those sizes.
     */
    static void renderStages(ReportDoc doc, ResultFile f, Machine machine, List<YardstickStages> all, int level) {
        if (all.isEmpty()) {
            return;
        }
        YardstickStages yard = YardstickStages.forRun(all, f, machine);
        if (yard == null) {
            doc.heading(level, "Stages beside the native yardstick (" + machine.shortName() + ")");
            doc.para("No stage figures of the yardstick were taken on this machine in the session of `" + f.name()
                    + "` (a `results/anchors-bench-<time>.txt` between the run's start and "
                    + YardstickStages.SESSION_SLACK.toMinutes() + " min after its end, naming no other CPU): the stages"
                    + " are not divided by figures from another machine or session.");
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        stageRow(rows, "distribution, card-stacking n = 10^7", fastest(f, "distribution", "card-stacking",
                TARGET_N), null, yard, YardstickStages.DISTRIBUTION);
        Measurement copy = f.measurements().stream().filter(m -> "transform".equals(m.stage())
                && m.size() == TARGET_POINTS && Panel.isCopy(m.method())).findFirst().orElse(null);
        stageRow(rows, "transform, P = 2^24", fastest(f, "transform", null, TARGET_POINTS), copy, yard,
                YardstickStages.TRANSFORM);
        stageRow(rows, "power sum, 2^24 terms, s = 10^7", fastest(f, "power", null, TARGET_POINTS), null, yard,
                YardstickStages.POWER);
        if (rows.isEmpty()) {
            return;
        }
        doc.heading(level, "Stages beside the native yardstick (" + machine.shortName() + ")");
        doc.para("`" + f.name() + "` (stage benchmarks at " + f.meta().values().getOrDefault("threads", "?")
                + " threads) against `" + yard.file() + "` (the yardstick's own stage timings, 2 threads,"
                + " from `anchors/run bench`, same machine and session): medians; the fastest measured variant of"
                + " each stage. A yardstick median more than " + Math.round((YardstickStages.UNSTEADY - 1) * 100)
                + "% above its own minimum was disturbed while it ran: it is marked unsteady, and the ratio"
                + " against its minimum stands beside the ratio.");
        doc.table(List.of("stage", "fastest variant", "median (ms)", "yardstick (ms)", "× yardstick",
                "yardstick's variant"), rows, false, false, true, true, true, false);
    }

    /** The fastest (by median) measurement of {@code stage} at {@code size}, copy baselines excluded. */
    private static Measurement fastest(ResultFile f, String stage, String problem, long size) {
        Measurement best = null;
        for (Measurement m : f.measurements()) {
            if (stage.equals(m.stage()) && m.size() == size && !Panel.isCopy(m.method())
                    && (problem == null || problem.equals(m.problem()))
                    && (best == null || medianMillis(m) < medianMillis(best))) {
                best = m;
            }
        }
        return best;
    }

    private static void stageRow(List<List<String>> rows, String what, Measurement m, Measurement copy,
            YardstickStages stages, String yardLabel) {
        Double yard = stages.medianMs().get(yardLabel);
        if (m == null || yard == null) {
            return;
        }
        double median = medianMillis(m);
        double withoutCopy = copy == null ? Double.NaN : median - medianMillis(copy);
        String ratio = ratioText(median, withoutCopy, yard);
        String medianText = Format.sig(median, 3);
        if (copy != null) {
            medianText += " (" + Format.sig(withoutCopy, 3) + " without the input copy)";
        }
        String yardText = Format.fixed(yard, 2);
        double spread = stages.spread(yardLabel);
        if (spread > YardstickStages.UNSTEADY) {
            double min = stages.minMs().get(yardLabel);
            yardText += " (**unsteady**: minimum " + Format.fixed(min, 2) + ", ×" + Format.fixed(spread, 2) + ")";
            ratio += "; " + ratioText(median, withoutCopy, min) + " against its minimum";
        }
        rows.add(List.of(what, "`" + m.variant() + "`", medianText, yardText, ratio, yardLabel));
    }

    private static String ratioText(double median, double withoutCopy, double yard) {
        String ratio = Format.fixed(median / yard, 2) + "×";
        return Double.isNaN(withoutCopy) ? ratio : ratio + " (" + Format.fixed(withoutCopy / yard, 2) + "×)";
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
