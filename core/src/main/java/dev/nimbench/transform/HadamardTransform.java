package dev.nimbench.transform;

import dev.nimbench.exec.ExecutionContext;

/**
 * The transform stage: the Walsh–Hadamard transform mod M, in place. The butterfly is
 * {@code (u, v) -> (u + v, u - v)} over {@code L} levels, unnormalised.
 */
public interface HadamardTransform {

    /**
     * Replaces {@code a[offset, offset + length)} ({@code length = P = 2^L}, {@code 0 <= L <= 30},
     * entries in {@code [0, M)}) by its transform {@code (H a) mod M}, entries in {@code [0, M)};
     * the rest of {@code a} is not touched. The offset lets a caller place the data where its
     * 64-byte vectors do not straddle cache lines ({@link CacheLineOffset}); every variant gives
     * the same residues at every offset.
     *
     * @throws IllegalArgumentException when the length is not a power of two, the range does not
     *     lie inside {@code a}, or the length exceeds what the variant supports (e.g. lazy-long's
     *     exactness bound), naming the value and the range
     */
    void transform(int[] a, int offset, int length, ExecutionContext ctx);

    /** The whole array: {@code transform(a, 0, a.length, ctx)}. */
    default void transform(int[] a, ExecutionContext ctx) {
        transform(a, 0, a.length, ctx);
    }

    /** Bytes of scratch memory beyond {@code a} that a transform of this length allocates. */
    default long workingBytes(int length) {
        return 0;
    }
}
