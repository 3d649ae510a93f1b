package dev.nimbench.transform;

import dev.nimbench.exec.ExecutionContext;

/**
 * The transform stage: the Walsh–Hadamard transform mod M, in place. The butterfly is
 * {@code (u, v) -> (u + v, u - v)} over {@code L} levels, unnormalised.
 */
public interface HadamardTransform {

    /**
     * Replaces {@code a} (length {@code P = 2^L}, {@code 0 <= L <= 30}, entries in {@code [0, M)})
     * by {@code (H a) mod M}, entries in {@code [0, M)}.
     *
     * @throws IllegalArgumentException when the length is not a power of two or exceeds what the
     *     variant supports (e.g. lazy-long's exactness bound), naming the value and the range
     */
    void transform(int[] a, ExecutionContext ctx);

    /** Bytes of scratch memory beyond {@code a} that a transform of this length allocates. */
    default long workingBytes(int length) {
        return 0;
    }
}
