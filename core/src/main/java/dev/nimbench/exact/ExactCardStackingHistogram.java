package dev.nimbench.exact;

import java.math.BigInteger;

/**
 * The one-suit card-stacking distribution {@code F_N(v)}, {@code 0 <= v < N}, as exact integers
 * from SPEC §3's closed form: {@code F_N(0) = 2^(N-2) + 2} ({@code F_1 = (2)}), and for
 * {@code v > 0}, with {@code k = ceil(v/2)} and {@code R = N - k - 1 - [v even]},
 * {@code F_N(v) = 2^R + binom(R, k) - Σ_{i=0}^{k-2} binom(R, i)}.
 *
 * <p>Binomials come from one Pascal row updated in place for {@code R = 0, 1, ..., N-2}: each
 * {@code v} reads the row of its own R, so the cost is {@code O(N^2)} additions of numbers of at
 * most N bits. Meant for {@code N} up to a few thousand.
 */
final class ExactCardStackingHistogram {

    private ExactCardStackingHistogram() {
    }

    /** {@code F_N(0..N-1)} for {@code N >= 1}; the entries add up to {@code 2^N}. */
    static BigInteger[] histogram(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n = " + n + " is out of range; valid: n >= 1");
        }
        BigInteger[] f = new BigInteger[n];
        if (n == 1) {
            f[0] = BigInteger.TWO;
            return f;
        }
        f[0] = BigInteger.ONE.shiftLeft(n - 2).add(BigInteger.TWO);
        BigInteger[] row = new BigInteger[n]; // row[i] = binom(R, i), 0 <= i <= R
        for (int r = 0; r <= n - 2; r++) {
            row[r] = BigInteger.ONE;
            for (int i = r - 1; i >= 1; i--) {
                row[i] = row[i].add(row[i - 1]); // Pascal: binom(r, i) = binom(r-1, i) + binom(r-1, i-1)
            }
            // The v whose R is r: odd v = 2k-1 with k = n-1-r, even v = 2k with k = n-2-r.
            int kOdd = n - 1 - r;
            int vOdd = 2 * kOdd - 1;
            if (vOdd >= 1 && vOdd <= n - 1) {
                f[vOdd] = value(row, r, kOdd);
            }
            int kEven = n - 2 - r;
            int vEven = 2 * kEven;
            if (kEven >= 1 && vEven <= n - 1) {
                f[vEven] = value(row, r, kEven);
            }
        }
        return f;
    }

    /** {@code 2^r + binom(r, k) - Σ_{i=0}^{k-2} binom(r, i)}, with binom 0 outside {@code 0 <= i <= r}. */
    private static BigInteger value(BigInteger[] row, int r, int k) {
        BigInteger v = BigInteger.ONE.shiftLeft(r);
        if (k <= r) {
            v = v.add(row[k]);
        }
        for (int i = 0; i <= Math.min(k - 2, r); i++) {
            v = v.subtract(row[i]);
        }
        return v;
    }
}
