package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Benchmark-by-benchmark comparison of two result sets (same benchmark method and parameters, the
 * thread count included): per row the ratio candidate / baseline on fork values (Hodges–Lehmann
 * estimate with its {@link ForkStats#CONFIDENCE} interval, below 1 = candidate faster) and a
 * two-sided exact Mann–Whitney test on the fork values ({@link ForkStats}).
 *
 * <p><b>Multiple comparisons.</b> A run has dozens of rows; at alpha = 0.05 an A/A comparison of
 * 40 testable rows would flag two by chance. The p-values of the testable rows (those with enough
 * forks that a difference could be significant at all) are adjusted with Benjamini–Hochberg,
 * false-discovery rate {@value #FDR}; a row is significant when its adjusted p is below it. Rows
 * with too few forks (one a side) are "untested", never a verdict.
 */
public final class Comparison {

    /** Confidence level of the ratio intervals: the report's one level. */
    public static final double CONFIDENCE = ForkStats.CONFIDENCE;

    /** Benjamini–Hochberg false-discovery rate of the significant rows. */
    public static final double FDR = ForkStats.ALPHA;

    /**
     * One matched benchmark.
     *
     * @param baseline its baseline measurement
     * @param candidate its candidate measurement
     * @param ratio Hodges–Lehmann estimate of candidate / baseline over fork values
     * @param low lower end of the ratio's interval (NaN when the forks are too few)
     * @param high upper end
     * @param test Mann–Whitney U test of the fork values
     * @param testable whether the fork counts allow a significant result at all
     * @param adjustedP Benjamini–Hochberg adjusted p (NaN when not testable)
     */
    public record Row(Measurement baseline, Measurement candidate, double ratio, double low, double high,
            MannWhitney.Result test, boolean testable, double adjustedP) {

        public boolean significant() {
            return testable && adjustedP < FDR;
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

    /** Matches entries by {@link #key}; rows in the baseline's order. */
    public static Comparison of(List<Measurement> baseline, List<Measurement> candidate) {
        return of(baseline, -1, candidate, -1);
    }

    /**
     * As {@link #of(List, List)}, where a measurement without a {@code threads} parameter (stage
     * benchmarks before it was a parameter) takes its file's thread count ({@code -1}: unknown).
     */
    public static Comparison of(List<Measurement> baseline, int baselineThreads, List<Measurement> candidate,
            int candidateThreads) {
        Map<String, Measurement> cand = new LinkedHashMap<>();
        candidate.forEach(m -> cand.putIfAbsent(key(m, candidateThreads), m));
        List<Measurement> matchedB = new ArrayList<>();
        List<Measurement> matchedC = new ArrayList<>();
        List<Measurement> onlyB = new ArrayList<>();
        for (Measurement b : baseline) {
            Measurement c = cand.remove(key(b, baselineThreads));
            if (c == null) {
                onlyB.add(b);
            } else {
                matchedB.add(b);
                matchedC.add(c);
            }
        }
        int n = matchedB.size();
        MannWhitney.Result[] tests = new MannWhitney.Result[n];
        boolean[] testable = new boolean[n];
        List<Integer> family = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] b = matchedB.get(i).forkValues();
            double[] c = matchedC.get(i).forkValues();
            tests[i] = MannWhitney.test(b, c);
            testable[i] = MannWhitney.minimumP(b.length, c.length) < FDR;
            if (testable[i]) {
                family.add(i);
            }
        }
        double[] adjusted = benjaminiHochberg(family.stream().mapToDouble(i -> tests[i].p()).toArray());
        double[] adj = new double[n];
        java.util.Arrays.fill(adj, Double.NaN);
        for (int k = 0; k < family.size(); k++) {
            adj[family.get(k)] = adjusted[k];
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] r = MannWhitney.ratioInterval(matchedB.get(i).forkValues(), matchedC.get(i).forkValues(), CONFIDENCE);
            rows.add(new Row(matchedB.get(i), matchedC.get(i), r[0], r[1], r[2], tests[i], testable[i], adj[i]));
        }
        return new Comparison(List.copyOf(rows), List.copyOf(onlyB), List.copyOf(cand.values()));
    }

    /** Identity across files: method and parameters, with the file's thread count where the params lack one. */
    static String key(Measurement m, int fileThreads) {
        if (m.params().containsKey("threads") || fileThreads < 1) {
            return m.key();
        }
        Map<String, String> p = new TreeMap<>(m.params());
        p.put("threads", Integer.toString(fileThreads));
        return m.benchmark() + p.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining(", ", " {", "}"));
    }

    /**
     * Benjamini–Hochberg adjusted p-values (step-up): {@code q(i) = min over j >= i of p(j) * m / j}
     * in ascending order of p, capped at 1; returned in the input's order.
     */
    static double[] benjaminiHochberg(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        double[] q = new double[m];
        double running = 1;
        for (int k = m - 1; k >= 0; k--) {
            running = Math.min(running, p[order[k]] * m / (k + 1));
            q[order[k]] = Math.min(1, running);
        }
        return q;
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

    /** Number of rows with enough forks to be tested (the multiple-comparison family). */
    public long testableRows() {
        return rows.stream().filter(Row::testable).count();
    }

    /** Geometric mean of the ratios of {@code rows}; NaN when empty. */
    public static double geometricMean(List<Row> rows) {
        return Stats.geometricMean(rows.stream().mapToDouble(Row::ratio).toArray());
    }

    /**
     * Per stage (and problem), the rows at its target size: the largest size at which that stage
     * was compared. A geometric mean over every row would weigh the tiny, overhead-bound sizes as
     * much as the production ones.
     */
    public Map<String, List<Row>> atTargetSizes() {
        Map<String, Long> largest = new LinkedHashMap<>();
        for (Row r : rows) {
            largest.merge(stageKey(r.baseline()), r.baseline().size(), Math::max);
        }
        Map<String, List<Row>> out = new LinkedHashMap<>();
        for (Row r : rows) {
            String k = stageKey(r.baseline());
            if (r.baseline().size() == largest.get(k)) {
                out.computeIfAbsent(k + " @ " + Format.sizeLabel(largest.get(k)), x -> new ArrayList<>()).add(r);
            }
        }
        return out;
    }

    private static String stageKey(Measurement m) {
        return m.stage() + (m.problem() == null ? "" : ": " + m.problem());
    }

    /** The rows that are significant regressions over {@code thresholdPct}. */
    public List<Row> regressions(double thresholdPct) {
        return rows.stream().filter(r -> r.regression(thresholdPct)).toList();
    }

    /** Table rows: benchmark, baseline, candidate, forks, ratio [CI], p, adjusted p, verdict. */
    public static List<List<String>> tableRows(List<Row> rows, double thresholdPct) {
        List<List<String>> out = new ArrayList<>();
        for (Row r : rows) {
            TimeScale u = r.baseline().unit();
            String verdict = !r.testable() ? "untested (too few forks)"
                    : r.regression(thresholdPct) ? "SLOWER"
                    : r.improvement(thresholdPct) ? "faster"
                    : r.significant() ? "differs < threshold" : "same (not significant)";
            out.add(List.of(r.baseline().shortName(),
                    Format.sig(r.baseline().score() / u.seconds(), 4) + " " + u.symbol(),
                    Format.sig(r.candidate().score() / u.seconds(), 4) + " " + u.symbol(),
                    r.baseline().forkCount() + " / " + r.candidate().forkCount(),
                    Format.fixed(r.ratio(), 3) + (Double.isNaN(r.low()) ? ""
                            : " [" + Format.fixed(r.low(), 3) + ", " + Format.fixed(r.high(), 3) + "]"),
                    Verdict.formatP(r.test().p()),
                    r.testable() ? Verdict.formatP(r.adjustedP()) : "—",
                    verdict));
        }
        return out;
    }

    /** Header matching {@link #tableRows}. */
    public static List<String> tableHeader() {
        return List.of("benchmark", "baseline", "candidate", "forks", "ratio [95% CI]", "p (Mann–Whitney, forks)",
                "p adjusted (BH)", "verdict");
    }

    /** Column alignment matching {@link #tableHeader}: numbers right. */
    public static boolean[] rightAligned() {
        return new boolean[] {false, true, true, true, true, true, true, false};
    }
}
