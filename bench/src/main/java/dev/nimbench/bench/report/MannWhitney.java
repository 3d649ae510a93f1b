package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Two-sided Mann–Whitney U (Wilcoxon rank-sum) test, the test Google Benchmark's
 * {@code compare.py} applies to benchmark samples: it assumes no distribution, which suits
 * timings (skewed, with outliers). The report applies it to fork values ({@link ForkStats}).
 *
 * <p>p-value: exact whenever the two samples together have at most {@value #EXACT_LIMIT} values,
 * ties included: the permutation distribution of the mid-rank sum, conditional on the tie pattern,
 * counted by dynamic programming over all C(n1 + n2, n1) relabellings (what R's
 * {@code coin::wilcox_test(distribution = "exact")} computes). Beyond that, the normal
 * approximation with tie and continuity correction. With 3 against 3 values the smallest two-sided
 * p is 0.1, so nothing can be significant at 0.05 and the report says "untested".
 */
public final class MannWhitney {

    /** Largest total sample size (n1 + n2) for which the exact distribution is used. */
    public static final int EXACT_LIMIT = 60;

    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    private MannWhitney() {
    }

    /**
     * Result of a test.
     *
     * @param u U statistic of the first sample (number of pairs (x, y) with x &gt; y, ties 1/2)
     * @param p two-sided p-value in [0, 1]; NaN when a sample is empty
     * @param exact whether p is exact
     */
    public record Result(double u, double p, boolean exact) {

        /** Whether the samples differ at significance level {@code alpha}. */
        public boolean significant(double alpha) {
            return p < alpha;
        }
    }

    /** Tests whether {@code x} and {@code y} come from the same distribution. */
    public static Result test(double[] x, double[] y) {
        int n1 = x.length;
        int n2 = y.length;
        if (n1 == 0 || n2 == 0) {
            return new Result(Double.NaN, Double.NaN, false);
        }
        int n = n1 + n2;
        double[] rank = midRanks(x, y);
        // tieTerm = sum(t^3 - t) over tie groups (equal mid-ranks), for the variance correction.
        double[] sorted = rank.clone();
        Arrays.sort(sorted);
        double tieTerm = 0;
        for (int i = 0; i < n;) {
            int j = i;
            while (j + 1 < n && sorted[j + 1] == sorted[i]) {
                j++;
            }
            double t = j - i + 1;
            tieTerm += t * t * t - t;
            i = j + 1;
        }
        double r1 = 0;
        for (int k = 0; k < n1; k++) {
            r1 += rank[k];
        }
        double u1 = r1 - n1 * (n1 + 1) / 2.0;
        if (n <= EXACT_LIMIT) {
            return new Result(u1, exactP(rank, n1), true);
        }
        double mean = n1 * (double) n2 / 2;
        double var = n1 * (double) n2 / 12 * ((n + 1) - tieTerm / ((double) n * (n - 1)));
        if (var <= 0) {
            return new Result(u1, 1.0, false); // every value equal
        }
        double z = (Math.abs(u1 - mean) - 0.5) / Math.sqrt(var);
        double p = z <= 0 ? 1.0 : 2 * NORMAL.cumulativeProbability(-z);
        return new Result(u1, Math.min(1.0, p), false);
    }

    /**
     * Exact two-sided p of the rank sum of the first {@code n1} entries of {@code rank} (mid-ranks,
     * so doubled they are integers): the share of the C(n, n1) ways to pick n1 of the n ranks whose
     * sum is at least as far from its mean n1(n+1)/2 as the observed one. Ties need no correction:
     * they are part of the ranks being permuted.
     */
    static double exactP(double[] rank, int n1) {
        int n = rank.length;
        int[] twice = new int[n];
        int total = 0;
        for (int i = 0; i < n; i++) {
            twice[i] = (int) Math.round(2 * rank[i]);
            total += twice[i];
        }
        int observed = 0;
        for (int i = 0; i < n1; i++) {
            observed += twice[i];
        }
        // ways[k][s]: subsets of k of the ranks seen so far whose doubled sum is s (doubles: C(60, 30) ~ 1e17 fits).
        double[][] ways = new double[n1 + 1][total + 1];
        ways[0][0] = 1;
        for (int i = 0; i < n; i++) {
            for (int k = Math.min(i + 1, n1); k >= 1; k--) {
                double[] from = ways[k - 1];
                double[] to = ways[k];
                for (int sum = total - twice[i]; sum >= 0; sum--) {
                    if (from[sum] != 0) {
                        to[sum + twice[i]] += from[sum];
                    }
                }
            }
        }
        long mean2 = (long) n1 * (n + 1); // twice the mean rank sum, an integer
        long dist = Math.abs(2L * observed - 2 * mean2);
        double extreme = 0;
        double all = 0;
        for (int sum = 0; sum <= total; sum++) {
            double w = ways[n1][sum];
            all += w;
            if (Math.abs(2L * sum - 2 * mean2) >= dist) {
                extreme += w;
            }
        }
        return Math.min(1.0, extreme / all);
    }

    /**
     * Ratio of {@code candidate} to {@code baseline} with its {@link ForkStats#CONFIDENCE}
     * interval, the confidence set that inverts this test on log values (Hodges–Lehmann estimate,
     * Moses' interval): the estimate is exp of the median of all pairwise differences
     * log(c_j) - log(b_i); the interval runs between the c-th smallest and c-th largest of them,
     * c from the exact null distribution of U (no ties). Consistent with the test: the interval
     * excludes 1 exactly when the difference is significant (without ties).
     *
     * @return {estimate, low, high}; low and high NaN when the samples are too small for any
     *     interval at this level (then the test cannot reject either)
     */
    public static double[] ratioInterval(double[] baseline, double[] candidate, double confidence) {
        int m = baseline.length;
        int k = candidate.length;
        if (m == 0 || k == 0) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        double[] d = new double[m * k];
        int i = 0;
        for (double b : baseline) {
            for (double c : candidate) {
                d[i++] = Math.log(c) - Math.log(b);
            }
        }
        Arrays.sort(d);
        double estimate = Math.exp(ForkStats.median(d));
        double alpha = 1 - confidence;
        int c = 0; // largest c with P(U <= c - 1) <= alpha / 2
        if (m + k <= EXACT_LIMIT) {
            while (c < d.length / 2 && exactCdf(m, k, c) <= alpha / 2) {
                c++;
            }
        } else {
            double mean = m * (double) k / 2;
            double sd = Math.sqrt(m * (double) k * (m + k + 1) / 12);
            c = (int) Math.floor(mean - NORMAL.inverseCumulativeProbability(1 - alpha / 2) * sd);
        }
        if (c < 1) {
            return new double[] {estimate, Double.NaN, Double.NaN};
        }
        return new double[] {estimate, Math.exp(d[c - 1]), Math.exp(d[d.length - c])};
    }

    /**
     * The stratified test (van Elteren's design with equal weights): {@code x[b]} and {@code y[b]}
     * are the two sides' values in block b (one run of a pool), compared within their block only,
     * so that a level shared by one run's forks (the machine drifting between runs) is no
     * evidence. The statistic is the sum over blocks of each block's U; its null distribution, the
     * convolution of the blocks' exact permutation distributions (ties included, mid-ranks), gives
     * the exact two-sided p. A block with an empty side carries no comparison and is skipped. One
     * block is {@link #test(double[], double[])}.
     *
     * @return U summed over blocks and the two-sided p; NaN when no block has both sides
     */
    public static Result stratified(double[][] x, double[][] y) {
        List<double[][]> blocks = blocks(x, y);
        if (blocks.isEmpty()) {
            return new Result(Double.NaN, Double.NaN, false);
        }
        if (blocks.size() == 1) {
            return test(blocks.get(0)[0], blocks.get(0)[1]);
        }
        // Doubled statistics stay integers: 2U_b = 2R_b - n1(n1 + 1) with doubled mid-ranks.
        double[] dist = {1};
        long observed = 0;
        long mean = 0; // twice the null mean of the summed U: sum of n1 n2
        for (double[][] b : blocks) {
            double[] rank = midRanks(b[0], b[1]);
            int n1 = b[0].length;
            double[] rankSumPmf = rankSumPmf(rank, n1);
            long shift = (long) n1 * (n1 + 1);
            double[] uPmf = java.util.Arrays.copyOfRange(rankSumPmf, (int) shift, rankSumPmf.length);
            dist = convolve(dist, uPmf);
            long r2 = 0;
            for (int i = 0; i < n1; i++) {
                r2 += Math.round(2 * rank[i]);
            }
            observed += r2 - shift;
            mean += (long) n1 * b[1].length;
        }
        long dev = Math.abs(observed - mean);
        double extreme = 0;
        for (int t = 0; t < dist.length; t++) {
            if (Math.abs(t - mean) >= dev) {
                extreme += dist[t];
            }
        }
        return new Result(observed / 2.0, Math.min(1.0, extreme), true);
    }

    /**
     * The ratio candidate / baseline over blocks, with its {@code confidence} interval that inverts
     * {@link #stratified}: the pairwise log-ratios are taken within blocks only; the estimate is
     * exp of their median, the interval runs between the c-th smallest and c-th largest of them, c
     * from the null distribution of the summed U (without ties). One block is
     * {@link #ratioInterval(double[], double[], double)}.
     *
     * @return {estimate, low, high}; low and high NaN when the blocks are too small for any interval
     */
    public static double[] stratifiedRatioInterval(double[][] baseline, double[][] candidate, double confidence) {
        List<double[][]> blocks = blocks(baseline, candidate);
        if (blocks.isEmpty()) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        if (blocks.size() == 1) {
            return ratioInterval(blocks.get(0)[0], blocks.get(0)[1], confidence);
        }
        List<Double> diffs = new ArrayList<>();
        double[] dist = {1};
        for (double[][] b : blocks) {
            for (double v : b[0]) {
                for (double c : b[1]) {
                    diffs.add(Math.log(c) - Math.log(v));
                }
            }
            dist = convolve(dist, uPmf(b[0].length, b[1].length));
        }
        double[] d = diffs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double estimate = Math.exp(ForkStats.median(d));
        double alpha = 1 - confidence;
        int c = 0; // largest c with P(U <= c - 1) <= alpha / 2
        double below = 0;
        while (c < d.length / 2 && below + dist[c] <= alpha / 2) {
            below += dist[c];
            c++;
        }
        if (c < 1) {
            return new double[] {estimate, Double.NaN, Double.NaN};
        }
        return new double[] {estimate, Math.exp(d[c - 1]), Math.exp(d[d.length - c])};
    }

    /** Smallest two-sided p of {@link #stratified} for these block sizes: twice the product of the blocks' smallest one-sided p. */
    public static double minimumP(int[] n1, int[] n2) {
        double oneSided = 1;
        boolean any = false;
        for (int b = 0; b < n1.length; b++) {
            if (n1[b] > 0 && n2[b] > 0) {
                oneSided *= minimumP(n1[b], n2[b]) / 2;
                any = true;
            }
        }
        return any ? Math.min(1, 2 * oneSided) : 1;
    }

    private static List<double[][]> blocks(double[][] x, double[][] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("blocks differ in number: " + x.length + " against " + y.length);
        }
        List<double[][]> out = new ArrayList<>();
        for (int b = 0; b < x.length; b++) {
            if (x[b].length > 0 && y[b].length > 0) {
                out.add(new double[][] {x[b], y[b]});
            }
        }
        return out;
    }

    /** Mid-ranks of x then y in their union. */
    private static double[] midRanks(double[] x, double[] y) {
        int n = x.length + y.length;
        double[] all = new double[n];
        System.arraycopy(x, 0, all, 0, x.length);
        System.arraycopy(y, 0, all, x.length, y.length);
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(all[a], all[b]));
        double[] rank = new double[n];
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && all[order[j + 1]] == all[order[i]]) {
                j++;
            }
            for (int k = i; k <= j; k++) {
                rank[order[k]] = (i + j) / 2.0 + 1;
            }
            i = j + 1;
        }
        return rank;
    }

    /** P(doubled rank sum of n1 of the given mid-ranks = s), s = 0 .. twice the total. */
    private static double[] rankSumPmf(double[] rank, int n1) {
        int n = rank.length;
        int[] twice = new int[n];
        int total = 0;
        for (int i = 0; i < n; i++) {
            twice[i] = (int) Math.round(2 * rank[i]);
            total += twice[i];
        }
        double[][] ways = new double[n1 + 1][total + 1];
        ways[0][0] = 1;
        for (int i = 0; i < n; i++) {
            for (int k = Math.min(i + 1, n1); k >= 1; k--) {
                for (int sum = total - twice[i]; sum >= 0; sum--) {
                    if (ways[k - 1][sum] != 0) {
                        ways[k][sum + twice[i]] += ways[k - 1][sum];
                    }
                }
            }
        }
        double all = Arrays.stream(ways[n1]).sum();
        double[] out = new double[total + 1];
        for (int s = 0; s <= total; s++) {
            out[s] = ways[n1][s] / all;
        }
        return out;
    }

    private static double[] convolve(double[] a, double[] b) {
        double[] out = new double[a.length + b.length - 1];
        for (int i = 0; i < a.length; i++) {
            if (a[i] != 0) {
                for (int j = 0; j < b.length; j++) {
                    out[i + j] += a[i] * b[j];
                }
            }
        }
        return out;
    }

    /**
     * Smallest two-sided p-value the test can give for samples of these sizes (the exact one,
     * 2 / C(n1 + n2, n1), capped at 1): when it is not below alpha, no difference can be
     * significant, however large.
     */
    public static double minimumP(int n1, int n2) {
        if (n1 == 0 || n2 == 0) {
            return 1;
        }
        double c = 1; // C(n1 + n2, n1), as a double: exact far beyond any JMH sample count
        for (int i = 1; i <= n1; i++) {
            c = c * (n2 + i) / i;
        }
        return Math.min(1, 2 / c);
    }

    /**
     * P(U &le; u) under the null hypothesis for sample sizes m and n, without ties: the number of
     * arrangements of m x's and n y's with exactly u (x &gt; y) pairs, over C(m+n, m). Counted with
     * f(m, n, u) = f(m-1, n, u-n) + f(m, n-1, u), as doubles (C(100, 50) ~ 1e29 fits).
     */
    static double exactCdf(int m, int n, int u) {
        double[] pmf = uPmf(m, n);
        double below = 0;
        for (int k = 0; k <= Math.min(u, pmf.length - 1); k++) {
            below += pmf[k];
        }
        return below;
    }

    /**
     * P(U = u), u = 0 .. m n, for samples of m and n values without ties: the number of
     * arrangements with exactly u (x &gt; y) pairs over C(m+n, m), counted with
     * f(m, n, u) = f(m-1, n, u-n) + f(m, n-1, u), as doubles (C(100, 50) ~ 1e29 fits).
     */
    static double[] uPmf(int m, int n) {
        // count[j][k]: arrangements of (current i) x's and j y's with U = k.
        int max = m * n;
        double[][] prev = new double[n + 1][];
        for (int j = 0; j <= n; j++) {
            prev[j] = new double[max + 1];
            prev[j][0] = 1; // zero x's: one arrangement, U = 0
        }
        for (int xi = 1; xi <= m; xi++) {
            double[][] cur = new double[n + 1][max + 1];
            cur[0][0] = 1; // zero y's: U = 0
            for (int j = 1; j <= n; j++) {
                for (int k = 0; k <= xi * j; k++) {
                    // the largest element is an x (beats all j y's) or a y (adds nothing)
                    double a = k >= j ? prev[j][k - j] : 0;
                    cur[j][k] = a + cur[j - 1][k];
                }
            }
            prev = cur;
        }
        double total = 0;
        for (int k = 0; k <= max; k++) {
            total += prev[n][k];
        }
        double[] out = new double[max + 1];
        for (int k = 0; k <= max; k++) {
            out[k] = prev[n][k] / total;
        }
        return out;
    }
}
