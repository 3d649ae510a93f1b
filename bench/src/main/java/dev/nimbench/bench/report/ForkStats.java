package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Forks as the unit of evidence. Two JVMs running the same code can differ by more than two
 * variants do (a kernel compiled badly in one process, a boxed-vector profile), so iterations of
 * one fork are not independent samples of "the variant": every test, interval and winner in the
 * report uses one value per fork, the median of its measurement iterations (robust to a stray
 * iteration). With one fork a side nothing can be decided ("untested").
 *
 * <p>Also flags, for the report, forks that disagree with their siblings (outliers) and forks whose
 * iterations still drift (warm-up not finished). Flagged forks stay in the rank tests (which a
 * single extreme value moves by one rank only) and are listed beside the verdicts, never averaged
 * away silently.
 */
public final class ForkStats {

    /** The one confidence level of the report: 95% intervals, tests at alpha = 0.05. */
    public static final double CONFIDENCE = 0.95;

    /** alpha = 1 - {@link #CONFIDENCE}. */
    public static final double ALPHA = 0.05;

    /** A fork is an outlier when it is this far (relative) from the median of the forks, and ... */
    static final double OUTLIER_RELATIVE = 0.10;

    /** ... this many robust standard deviations (1.4826 MAD) of the forks away from it. */
    static final double OUTLIER_SIGMAS = 5;

    /** A fork drifts when its iterations trend (|Kendall tau| at least this) ... */
    static final double DRIFT_TAU = 0.6;

    /** ... by more than this relative change from its first to its last iteration (Theil–Sen). */
    static final double DRIFT_RELATIVE = 0.05;

    private ForkStats() {
    }

    /** The median of each fork's iterations. */
    public static double[] values(double[][] forks) {
        double[] out = new double[forks.length];
        for (int i = 0; i < forks.length; i++) {
            out[i] = median(forks[i]);
        }
        return out;
    }

    /** The median (mean of the middle two for an even count); NaN when empty. */
    public static double median(double[] x) {
        if (x.length == 0) {
            return Double.NaN;
        }
        double[] s = x.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /**
     * The {@link #CONFIDENCE} interval of the median over forks, distribution-free: the order
     * statistics [x(k), x(n+1-k)] with the largest k whose coverage P(k &le; B &le; n-k),
     * B ~ Binomial(n, 1/2), is at least {@link #CONFIDENCE}. It assumes only that forks are
     * independent draws of one process (no normality: fork values are skewed, with outliers).
     * Below {@value #MIN_FORKS_FOR_INTERVAL} forks even [min, max] covers less than 95%
     * (1 - 2^(1-n): 94% at 5, 88% at 4), so there is no interval.
     *
     * @return {low, high}; NaNs with fewer than {@value #MIN_FORKS_FOR_INTERVAL} forks
     */
    public static double[] interval(double[] forkValues) {
        int n = forkValues.length;
        int k = orderStatistic(n);
        if (k < 1) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double[] s = forkValues.clone();
        Arrays.sort(s);
        return new double[] {s[k - 1], s[n - k]};
    }

    /** Fewest forks with a distribution-free 95% interval for their median (coverage of [min, max]: 96.9%). */
    public static final int MIN_FORKS_FOR_INTERVAL = 6;

    /** The k of {@link #interval} for n forks; 0 when no k reaches {@link #CONFIDENCE}. */
    static int orderStatistic(int n) {
        int best = 0;
        for (int k = 1; 2 * k <= n; k++) {
            double tail = 0; // P(B < k) = P(B > n - k)
            for (int i = 0; i < k; i++) {
                tail += binomialHalf(n, i);
            }
            if (1 - 2 * tail >= CONFIDENCE) {
                best = k;
            }
        }
        return best;
    }

    private static double binomialHalf(int n, int i) {
        double c = 1;
        for (int j = 1; j <= i; j++) {
            c = c * (n - i + j) / j;
        }
        return c * Math.pow(0.5, n);
    }

    /**
     * The two measurements' fork values as blocks: one block per run (results file) that measured
     * both, forks of a run that measured only one of them left out. Two measurements of one file
     * form one block.
     *
     * @return {baseline blocks, candidate blocks}, the same runs in the same order
     */
    public static double[][][] blocks(Measurement baseline, Measurement candidate) {
        java.util.Map<String, List<Double>> b = byRun(baseline);
        java.util.Map<String, List<Double>> c = byRun(candidate);
        List<double[]> bs = new ArrayList<>();
        List<double[]> cs = new ArrayList<>();
        for (String run : b.keySet()) {
            if (c.containsKey(run)) {
                bs.add(b.get(run).stream().mapToDouble(Double::doubleValue).toArray());
                cs.add(c.get(run).stream().mapToDouble(Double::doubleValue).toArray());
            }
        }
        return new double[][][] {bs.toArray(new double[0][]), cs.toArray(new double[0][])};
    }

    private static java.util.Map<String, List<Double>> byRun(Measurement m) {
        java.util.Map<String, List<Double>> out = new java.util.LinkedHashMap<>();
        double[] v = m.forkValues();
        for (int i = 0; i < v.length; i++) {
            out.computeIfAbsent(m.forkRuns()[i], k -> new ArrayList<>()).add(v[i]);
        }
        return out;
    }

    /** {@link MannWhitney#stratified} on the fork values of two measurements of one (possibly pooled) file, runs as blocks. */
    public static MannWhitney.Result test(Measurement baseline, Measurement candidate) {
        double[][][] b = blocks(baseline, candidate);
        return MannWhitney.stratified(b[0], b[1]);
    }

    /** {@link MannWhitney#stratifiedRatioInterval} of two measurements of one file, runs as blocks: {estimate, low, high}. */
    public static double[] ratio(Measurement baseline, Measurement candidate) {
        double[][][] b = blocks(baseline, candidate);
        return MannWhitney.stratifiedRatioInterval(b[0], b[1], CONFIDENCE);
    }

    /** Smallest p {@link #test} can give for these two measurements: at or above alpha, nothing can be decided. */
    public static double minimumP(Measurement baseline, Measurement candidate) {
        double[][][] b = blocks(baseline, candidate);
        int[] n1 = new int[b[0].length];
        int[] n2 = new int[b[0].length];
        for (int i = 0; i < n1.length; i++) {
            n1[i] = b[0][i].length;
            n2[i] = b[1][i].length;
        }
        return MannWhitney.minimumP(n1, n2);
    }

    /**
     * Forks that disagree with their siblings: at least {@value #OUTLIER_RELATIVE} relative and
     * {@value #OUTLIER_SIGMAS} robust standard deviations from the median of all forks. Needs three
     * forks (with two, neither is the odd one out).
     *
     * @return indices of the outlier forks, ascending
     */
    public static List<Integer> outliers(double[] forkValues) {
        List<Integer> out = new ArrayList<>();
        if (forkValues.length < 3) {
            return out;
        }
        double med = median(forkValues);
        double[] dev = new double[forkValues.length];
        for (int i = 0; i < dev.length; i++) {
            dev[i] = Math.abs(forkValues[i] - med);
        }
        double sigma = 1.4826 * median(dev);
        for (int i = 0; i < dev.length; i++) {
            if (dev[i] > OUTLIER_RELATIVE * med && dev[i] > OUTLIER_SIGMAS * sigma) {
                out.add(i);
            }
        }
        return out;
    }

    /**
     * Relative change over a fork's iterations when they still trend: Theil–Sen slope times the
     * span, over the median, when |Kendall tau| &ge; {@value #DRIFT_TAU} and the change exceeds
     * {@value #DRIFT_RELATIVE}; 0 otherwise (also with fewer than 4 iterations).
     */
    public static double drift(double[] iterations) {
        int n = iterations.length;
        if (n < 4) {
            return 0;
        }
        int concordant = 0;
        int discordant = 0;
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double d = iterations[j] - iterations[i];
                concordant += d > 0 ? 1 : 0;
                discordant += d < 0 ? 1 : 0;
                slopes[k++] = d / (j - i);
            }
        }
        double tau = (concordant - discordant) / (double) slopes.length;
        double change = median(slopes) * (n - 1) / median(iterations);
        return Math.abs(tau) >= DRIFT_TAU && Math.abs(change) > DRIFT_RELATIVE ? change : 0;
    }

    /**
     * Whether {@code m} reached steady state: fewer than half of its forks still drift. A side that
     * has not (its warm-up too short for the kernel to reach C2) is never decided on: the
     * comparison is "untested". Half, not any: with 5 noisy iterations a single fork trends by
     * chance now and then.
     */
    public static boolean steady(Measurement m) {
        int drifting = 0;
        for (double[] fork : m.forks()) {
            drifting += drift(fork) != 0 ? 1 : 0;
        }
        return 2 * drifting < m.forks().length || m.forks().length == 0;
    }

    /**
     * One line per flagged fork of {@code m} (outlier or drifting), e.g.
     * {@code fork 3 of 5: outlier, 350 ms against a median of 101 ms}; empty when none.
     */
    public static List<String> warnings(Measurement m, TimeScale unit) {
        List<String> out = new ArrayList<>();
        double[] values = m.forkValues();
        List<Integer> outliers = outliers(values);
        double med = median(values);
        for (int i = 0; i < m.forks().length; i++) {
            StringBuilder sb = new StringBuilder();
            if (outliers.contains(i)) {
                sb.append("outlier, ").append(Format.sig(values[i] / unit.seconds(), 4)).append(' ').append(unit.symbol())
                        .append(" against a median of ").append(Format.sig(med / unit.seconds(), 4)).append(' ')
                        .append(unit.symbol()).append(" over ").append(values.length).append(" forks");
            }
            double[] it = m.forks()[i];
            if (drift(it) != 0) {
                sb.append(sb.length() == 0 ? "" : "; ").append("still drifting over its ").append(it.length)
                        .append(" iterations, ").append(Format.sig(it[0] / unit.seconds(), 4)).append(" → ")
                        .append(Format.sig(it[it.length - 1] / unit.seconds(), 4)).append(' ').append(unit.symbol())
                        .append(" (warm-up too short?)");
            }
            if (sb.length() > 0) {
                out.add("fork " + (i + 1) + " of " + values.length + ": " + sb);
            }
        }
        return out;
    }
}
