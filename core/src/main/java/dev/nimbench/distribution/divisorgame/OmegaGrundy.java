package dev.nimbench.distribution.divisorgame;

/**
 * {@code G(w)}: the Grundy value of a divisor-game pile with {@code w} prime factors counted
 * with multiplicity ({@link OmegaSieveDistribution} proves {@code sg(m) = G(Ω(m))}), by the
 * mex recurrence {@code G(w) = mex{ G(a) XOR G(b) : 1 <= a <= b <= w-1 }}, {@code G(1) = mex{} = 0}.
 * First values: 0, 1, 2, 4, 7, 8, 11, 13, 14, 16, ...; {@code G(30) < 64}.
 */
public final class OmegaGrundy {

    /** Largest w for which this class computes G: Ω(m) <= 30 for every m < 2^31. */
    public static final int MAX_W = 30;

    private OmegaGrundy() {
    }

    /**
     * {@code G(1..maxW)} in {@code [1, maxW]} of the returned array; index 0 is 0 and unused
     * (m = 1 is not a pile). {@code 1 <= maxW <= 30}, where every value is below 64 and a long
     * bitmask holds each option set.
     */
    public static int[] values(int maxW) {
        if (maxW < 1 || maxW > MAX_W) {
            throw new IllegalArgumentException("w must be in [1, " + MAX_W + "]: got " + maxW);
        }
        int[] g = new int[maxW + 1];
        for (int w = 1; w <= maxW; w++) {
            long options = 0;
            for (int a = 1; a < w; a++) {
                for (int b = a; b < w; b++) {
                    options |= 1L << (g[a] ^ g[b]);
                }
            }
            g[w] = Long.numberOfTrailingZeros(~options);
        }
        return g;
    }
}
