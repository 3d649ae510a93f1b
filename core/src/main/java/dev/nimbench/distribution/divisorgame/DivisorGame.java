package dev.nimbench.distribution.divisorgame;

/**
 * What every divisor-game distribution shares: the valid n, the histogram size, and
 * {@code G(w)}, the Grundy value of a pile whose size has w prime factors (see
 * {@link OmegaSieveDistribution} for why that is the whole story).
 *
 * <p><b>Histogram size.</b> A pile {@code m <= n < 2^31} has {@code Ω(m) <= 30}, and the mex
 * recurrence gives {@code G(w) <= 55 < 64} for every {@code w <= 30} (checked by the tests and
 * by {@link #SIZE}'s initialiser), so 64 entries hold every Grundy value for every int n: the
 * histogram size is {@value #SIZE} for all n (SPEC: P = 64).
 */
final class DivisorGame {

    /** Histogram length: every Grundy value of a pile {@code m < 2^31} is below it. */
    static final int SIZE = 64;

    /** Largest Ω(m) for m < 2^31 (2^30 has 30 factors). */
    static final int MAX_OMEGA = OmegaGrundy.MAX_W;

    /** {@code G[w]} for {@code 1 <= w <= MAX_OMEGA}; {@code G[0]} unused (m = 1 is no pile). */
    private static final int[] G = OmegaGrundy.values(MAX_OMEGA);

    static {
        for (int w = 1; w <= MAX_OMEGA; w++) {
            if (G[w] >= SIZE) {
                throw new AssertionError("G(" + w + ") = " + G[w] + " does not fit a histogram of " + SIZE);
            }
        }
    }

    private DivisorGame() {
    }

    /** Checks {@code 2 <= n}; returns {@link #SIZE}. */
    static int size(int n) {
        if (n < 2) {
            throw new IllegalArgumentException("divisor-game n must be in [2, " + Integer.MAX_VALUE + "]: got " + n);
        }
        return SIZE;
    }

    static void requireOut(int n, int[] out) {
        size(n);
        if (out.length < SIZE) {
            throw new IllegalArgumentException(
                    "histogram array too short: length " + out.length + ", need >= " + SIZE);
        }
    }

    /** {@code G(w)} for {@code 1 <= w <= 30}. */
    static int grundyOfOmega(int w) {
        return G[w];
    }
}
