package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.ModMath;

/**
 * The last loop of a tail-sum recurrence chunk ({@link TailSumRecurrenceRanges}): the two
 * histogram entries of each step from values the earlier loops left in arrays. Steps are
 * independent here, so an implementation may do them in vector lanes
 * ({@code simd/VectorTailSumOutputs}); every implementation writes exactly the same residues.
 */
public interface TailSumOutputs {

    /**
     * For every {@code i} in {@code [i0, i1)}, with {@code c2 = xs[i]},
     * {@code c1 = xs[i+1] + ys[i+1]} ({@code C(R, k-1)}), {@code c0 = xs[i+2] + ys[i+2] + xs[i+1]}
     * ({@code C(R, k)}), {@code A = as[i]} and the powers {@code pw[i] = 2^(R+1)},
     * {@code pw[i+1] = 2^R}, all terms in {@code [0, M)}:
     * <pre>
     *   out[base + 2i]     = F(2k-1) = (pw[i]   + c0 + c1 + c2 + 2 (M - A)) mod M    (sum < 10M)
     *   out[base + 2i + 1] = F(2k)   = (pw[i+1] + c0 + (M - A)) mod M                (sum < 6M)
     * </pre>
     * {@code recip = ModMath.smallReciprocal(m)}.
     */
    void write(long[] xs, long[] ys, long[] as, long[] pw, int i0, int i1, int[] out, int base, long m, long recip);

    /** The scalar loop. */
    static TailSumOutputs scalar() {
        return (xs, ys, as, pw, i0, i1, out, base, m, recip) -> {
            for (int i = i0; i < i1; i++) {
                long c2 = xs[i];
                long c1 = xs[i + 1] + ys[i + 1];
                long c0 = xs[i + 2] + ys[i + 2] + xs[i + 1];
                long negA = m - as[i]; // (0, M]
                out[base + 2 * i] = (int) ModMath.reduceSmall(pw[i] + c0 + c1 + c2 + 2 * negA, m, recip);
                out[base + 2 * i + 1] = (int) ModMath.reduceSmall(pw[i + 1] + c0 + negA, m, recip);
            }
        };
    }
}
