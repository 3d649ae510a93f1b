package dev.nimbench.distribution;

import dev.nimbench.exec.ExecutionContext;

/**
 * The distribution stage: the Grundy-value histogram of one component game of size n, reduced
 * mod M. {@code a[g]} = number of component positions (card stacking: subsets of one suit;
 * divisor game: pile sizes m in [2, n]) whose Grundy value is g.
 */
public interface GrundyDistribution {

    /** Length of the histogram for size n: every Grundy value that can occur is below it. */
    int size(int n);

    /**
     * Writes {@code a[g] mod M} into {@code out[0, size(n))}, entries in {@code [0, M)}; does not
     * touch {@code out[size(n), out.length)}.
     *
     * @throws IllegalArgumentException naming the value and the valid range when n or the modulus
     *     is outside what this variant supports (brute force above its limit, binomial tables
     *     without a prime modulus above n)
     */
    void histogram(int n, int[] out, ExecutionContext ctx);

    /**
     * Throws what {@link #histogram} would throw for this n and modulus (brute force above its
     * limit, binomial tables without a prime modulus above n), without allocating anything: the
     * pipeline calls it before it allocates the padded histogram.
     *
     * @throws IllegalArgumentException naming the value and the valid range
     */
    default void checkSupported(int n, int modulus) {
    }

    /** Bytes of working memory beyond {@code out} that {@link #histogram} allocates for size n. */
    default long workingBytes(int n) {
        return 0;
    }
}
