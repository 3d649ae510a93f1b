package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.ModMath;

/**
 * The last loop of a tail-sum recurrence chunk ({@link TailSumRecurrenceRanges}): the two
 * histogram entries of each step from values the earlier loops left in arrays. Steps are
 * independent here, so an implementation may do them in vector lanes
 * ({@code cardstacking/vector/VectorTailSumOutputs}); every implementation writes exactly the same residues.
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

    /**
     * {@code F(2k-1) = 2^(R+1) + C(R+1, k) - B_k = pow1 + c0 + c1 + c2 - 2A (mod M)}, for
     * {@code pow1, c2, A} in {@code [0, M)}, {@code c1 < 2M}, {@code c0 < 3M} (sum below 10M).
     */
    static long odd(long pow1, long c0, long c1, long c2, long a, long m, long recip) {
        return ModMath.reduceSmall(pow1 + c0 + c1 + c2 + 2 * (m - a), m, recip);
    }

    /** {@code F(2k) = 2^R + C(R, k) - A_k = pow0 + c0 - A (mod M)}, same ranges (sum below 6M). */
    static long even(long pow0, long c0, long a, long m, long recip) {
        return ModMath.reduceSmall(pow0 + c0 + (m - a), m, recip);
    }

    /** The scalar loop. */
    static TailSumOutputs scalar() {
        return (xs, ys, as, pw, i0, i1, out, base, m, recip) -> {
            for (int i = i0; i < i1; i++) {
                long c0 = xs[i + 2] + ys[i + 2] + xs[i + 1];
                out[base + 2 * i] = (int) odd(pw[i], c0, xs[i + 1] + ys[i + 1], xs[i], as[i], m, recip);
                out[base + 2 * i + 1] = (int) even(pw[i + 1], c0, as[i], m, recip);
            }
        };
    }
}
