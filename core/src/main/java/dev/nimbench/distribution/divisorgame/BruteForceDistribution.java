package dev.nimbench.distribution.divisorgame;

import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.exec.ExecutionContext;

/**
 * The reference: the definition, for every pile {@code 2 <= m <= n}:
 * {@code sg(m) = mex { sg(d1) XOR sg(d2) : 1 < d1 <= d2 < m, d1 | m, d2 | m }}. The proper
 * divisors come from trial division up to {@code sqrt(m)}; every pair is tried. About
 * {@code n^{3/2}} divisions plus the pairs; it refuses {@code n > }{@link #MAX_N}.
 */
public final class BruteForceDistribution implements GrundyDistribution {

    /** Largest n accepted. */
    public static final int MAX_N = 100_000;

    @Override
    public int size(int n) {
        return DivisorGame.size(n);
    }

    @Override
    public void checkSupported(int n, int modulus) {
        DivisorGame.size(n);
        if (n > MAX_N) {
            throw new IllegalArgumentException(
                    "divisor-game brute-force is O(n^1.5): n must be in [2, " + MAX_N + "]: got " + n);
        }
    }

    @Override
    public long workingBytes(int n) {
        return n > MAX_N ? Long.MAX_VALUE : (long) n + 1 + 4096;
    }

    @Override
    public void histogram(int n, int[] out, ExecutionContext ctx) {
        checkSupported(n, ctx.modulus());
        DivisorGame.requireOut(n, out);
        byte[] sg = new byte[n + 1];
        int[] divisors = new int[2048];
        long[] count = new long[DivisorGame.SIZE];
        for (int m = 2; m <= n; m++) {
            int nd = 0;
            for (int d = 2; (long) d * d <= m; d++) {
                if (m % d == 0) {
                    divisors[nd++] = d;
                    if (d != m / d) {
                        divisors[nd++] = m / d;
                    }
                }
            }
            long options = 0;
            for (int i = 0; i < nd; i++) {
                for (int j = i; j < nd; j++) {
                    options |= 1L << (sg[divisors[i]] ^ sg[divisors[j]]);
                }
            }
            int g = Long.numberOfTrailingZeros(~options);
            sg[m] = (byte) g;
            count[g]++;
        }
        long mod = ctx.modulus();
        for (int g = 0; g < DivisorGame.SIZE; g++) {
            out[g] = (int) (count[g] % mod);
        }
    }
}
