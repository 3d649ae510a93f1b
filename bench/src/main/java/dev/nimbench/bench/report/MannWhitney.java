package dev.nimbench.bench.report;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Two-sided Mann–Whitney U (Wilcoxon rank-sum) test, the test Google Benchmark's
 * {@code compare.py} applies to raw benchmark samples: it assumes no distribution, which suits
 * timings (skewed, with outliers).
 *
 * <p>p-value: exact (the permutation distribution of U, counted by dynamic programming) when
 * neither sample has more than {@value #EXACT_LIMIT} values and no value occurs in both or twice;
 * otherwise the normal approximation with tie correction and continuity correction (as R's
 * {@code wilcox.test}). commons-math3's {@code MannWhitneyUTest} uses the normal approximation
 * without either correction at every size, which is too optimistic for the 3-10 samples a quick
 * JMH run gives: with 3 against 3 samples the exact smallest two-sided p is 0.1, so nothing can be
 * significant at 0.05 and the report says "tie".
 */
public final class MannWhitney {

    /** Largest sample size for which the exact distribution is used. */
    public static final int EXACT_LIMIT = 50;

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
        double[] all = new double[n];
        System.arraycopy(x, 0, all, 0, n1);
        System.arraycopy(y, 0, all, n1, n2);
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(all[a], all[b]));
        // Mid-ranks for ties; tieTerm = sum(t^3 - t) over tie groups, for the variance correction.
        double[] rank = new double[n];
        double tieTerm = 0;
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && all[order[j + 1]] == all[order[i]]) {
                j++;
            }
            double mid = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                rank[order[k]] = mid;
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
        double uMin = Math.min(u1, (double) n1 * n2 - u1);
        if (tieTerm == 0 && n1 <= EXACT_LIMIT && n2 <= EXACT_LIMIT) {
            return new Result(u1, Math.min(1.0, 2 * exactCdf(n1, n2, (int) Math.round(uMin))), true);
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
        double below = 0;
        for (int k = 0; k <= max; k++) {
            total += prev[n][k];
            if (k <= u) {
                below += prev[n][k];
            }
        }
        return below / total;
    }
}
