package dev.nimbench.exact;

import java.math.BigInteger;

/**
 * The unnormalised Walsh–Hadamard transform over the integers, in place: butterfly
 * {@code (u, v) -> (u + v, u - v)} over L levels. Entries may become negative; after the
 * transform {@code |x| <= Σ |a|}.
 */
final class ExactHadamardTransform {

    private ExactHadamardTransform() {
    }

    /** Transforms {@code a} (length a power of two) in place. */
    static void transform(BigInteger[] a) {
        int points = a.length;
        for (int half = 1; half < points; half <<= 1) {
            for (int block = 0; block < points; block += 2 * half) {
                for (int i = block; i < block + half; i++) {
                    BigInteger u = a[i];
                    BigInteger v = a[i + half];
                    a[i] = u.add(v);
                    a[i + half] = u.subtract(v);
                }
            }
        }
    }
}
