package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

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
     * The {@link #CONFIDENCE} interval of the central value over forks: median ± t(n-1) · sd / √n
     * of the fork values (a t-interval, centred on the median so that the shown value is inside).
     *
     * @return {low, high}; NaNs with fewer than two forks
     */
    public static double[] interval(double[] forkValues) {
        int n = forkValues.length;
        if (n < 2) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double half = new TDistribution(null, n - 1).inverseCumulativeProbability(0.5 + CONFIDENCE / 2)
                * Math.sqrt(Stats.variance(forkValues) / n);
        double c = median(forkValues);
        return new double[] {c - half, c + half};
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
