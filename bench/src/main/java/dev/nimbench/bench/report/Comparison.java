package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Benchmark-by-benchmark comparison of two result sets (same benchmark method and parameters):
 * ratio candidate / baseline of mean time per operation (below 1 = candidate faster) with a 95%
 * confidence interval, a two-sided Mann–Whitney U test on the raw samples, and the geometric mean
 * of all ratios as the one summary number.
 */
public final class Comparison {

    /** Confidence level of the ratio intervals. */
    public static final double CONFIDENCE = 0.95;

    /**
     * One matched benchmark.
     *
     * @param baseline its baseline measurement
     * @param candidate its candidate measurement
     * @param ratio candidate score / baseline score
     * @param low lower end of the ratio's 95% interval (NaN with fewer than 2 samples a side)
     * @param high upper end
     * @param test Mann–Whitney U test of the raw samples
     */
    public record Row(Measurement baseline, Measurement candidate, double ratio, double low, double high,
            MannWhitney.Result test) {

        public boolean significant() {
            return test.significant(Panel.ALPHA);
        }

        /** Significantly slower by more than {@code thresholdPct} percent. */
        public boolean regression(double thresholdPct) {
            return significant() && ratio > 1 + thresholdPct / 100;
        }

        /** Significantly faster by more than {@code thresholdPct} percent. */
        public boolean improvement(double thresholdPct) {
            return significant() && ratio < 1 / (1 + thresholdPct / 100);
        }
    }

    private final List<Row> rows;
    private final List<Measurement> onlyBaseline;
    private final List<Measurement> onlyCandidate;

    private Comparison(List<Row> rows, List<Measurement> onlyBaseline, List<Measurement> onlyCandidate) {
        this.rows = rows;
        this.onlyBaseline = onlyBaseline;
        this.onlyCandidate = onlyCandidate;
    }

    /** Matches entries by {@link Measurement#key()}; rows in the baseline's order. */
    public static Comparison of(List<Measurement> baseline, List<Measurement> candidate) {
        Map<String, Measurement> cand = new LinkedHashMap<>();
        candidate.forEach(m -> cand.putIfAbsent(m.key(), m));
        List<Row> rows = new ArrayList<>();
        List<Measurement> onlyB = new ArrayList<>();
        for (Measurement b : baseline) {
            Measurement c = cand.remove(b.key());
            if (c == null) {
                onlyB.add(b);
                continue;
            }
            double[] ci = Stats.ratioInterval(b.samples(), c.samples(), CONFIDENCE);
            rows.add(new Row(b, c, c.score() / b.score(), ci[0], ci[1], MannWhitney.test(b.samples(), c.samples())));
        }
        return new Comparison(List.copyOf(rows), List.copyOf(onlyB), List.copyOf(cand.values()));
    }

    public List<Row> rows() {
        return rows;
    }

    public List<Measurement> onlyBaseline() {
        return onlyBaseline;
    }

    public List<Measurement> onlyCandidate() {
        return onlyCandidate;
    }

    /** Geometric mean of the ratios of {@code rows}; NaN when empty. */
    public static double geometricMean(List<Row> rows) {
        return Stats.geometricMean(rows.stream().mapToDouble(Row::ratio).toArray());
    }

    /** The rows that are significant regressions over {@code thresholdPct}. */
    public List<Row> regressions(double thresholdPct) {
        return rows.stream().filter(r -> r.regression(thresholdPct)).toList();
    }

    /** Table rows: benchmark, baseline, candidate, ratio [CI], p, verdict. */
    public static List<List<String>> tableRows(List<Row> rows, double thresholdPct) {
        List<List<String>> out = new ArrayList<>();
        for (Row r : rows) {
            TimeScale u = r.baseline().unit();
            String verdict = r.regression(thresholdPct) ? "SLOWER"
                    : r.improvement(thresholdPct) ? "faster"
                    : r.significant() ? "differs < threshold" : "same (not significant)";
            out.add(List.of(r.baseline().shortName(),
                    Format.sig(r.baseline().score() / u.seconds(), 4) + " " + u.symbol(),
                    Format.sig(r.candidate().score() / u.seconds(), 4) + " " + u.symbol(),
                    Format.fixed(r.ratio(), 3) + (Double.isNaN(r.low()) ? ""
                            : " [" + Format.fixed(r.low(), 3) + ", " + Format.fixed(r.high(), 3) + "]"),
                    Verdict.formatP(r.test().p()),
                    verdict));
        }
        return out;
    }

    /** Header matching {@link #tableRows}. */
    public static List<String> tableHeader() {
        return List.of("benchmark", "baseline", "candidate", "ratio [95% CI]", "p (Mann–Whitney)", "verdict");
    }
}
