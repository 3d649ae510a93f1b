package dev.nimbench.distribution.cardstacking;


/**
 * What every card-stacking distribution shares: the valid range of n, the histogram size and the
 * precondition of the binomial-based variants. One suit of cards {@code 1..n} has Grundy values
 * in {@code [0, n)} (SPEC §3), so the histogram has n entries.
 */
final class CardStacking {

    /** Largest n for which {@code int} arrays of {@code n + 1} entries can exist. */
    static final int MAX_N = Integer.MAX_VALUE - 16;

    private CardStacking() {
    }

    /** Checks {@code 1 <= n <= MAX_N}; returns the histogram size n. */
    static int size(int n) {
        if (n < 1 || n > MAX_N) {
            throw new IllegalArgumentException("card-stacking n must be in [1, " + MAX_N + "]: got " + n);
        }
        return n;
    }

    /** The {@code checkSupported} of the variants built on binomial tables: n in range, M a prime > n. */
    static void requireBinomialSupport(int n, int modulus) {
        size(n);
        BinomialTable.requirePrimeModulusAbove("card-stacking", n, modulus);
    }

    /** Checks n, the output length, and (binomial variants) that M is a prime > n. */
    static void requireBinomialInputs(int n, int[] out, int modulus) {
        requireOut(n, out);
        BinomialTable.requirePrimeModulusAbove("card-stacking", n, modulus);
    }

    static void requireOut(int n, int[] out) {
        size(n);
        if (out.length < n) {
            throw new IllegalArgumentException(
                    "histogram array too short: length " + out.length + ", need >= " + n);
        }
    }
}
