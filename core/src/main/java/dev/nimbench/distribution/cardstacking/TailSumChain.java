package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.ModMath;

/**
 * The middle loop of a tail-sum recurrence chunk ({@link TailSumRecurrenceRanges}): the one
 * loop-carried part, {@code A_k = (A_{k-1} + D_k) / 2} with {@code D_k = 2 C(R, k-2) + C(R, k-3)},
 * and the powers of two that walk down beside it. The scalar form halves step by step; a vector
 * form ({@code cardstacking/vector/VectorTailSumChain}) does VL steps at once from the closed form of VL
 * halvings. Every implementation writes exactly the same residues.
 */
public interface TailSumChain {

    /**
     * For {@code i} in {@code [0, len)}: {@code A = (A + 2 xs[i] + ys[i]) / 2 mod M} starting
     * from {@code a}, {@code as[i] = A}; {@code pw[i] = pow1 / 2^i mod M} for {@code i} in
     * {@code [0, len]}. All inputs in {@code [0, M)}, M odd; results in {@code [0, M)}.
     * {@code recip = ModMath.smallReciprocal(m)}.
     *
     * @return A after the last step ({@code a} when {@code len = 0})
     */
    long run(long[] xs, long[] ys, int len, long a, long pow1, long[] as, long[] pw, long m, long recip);

    /** The scalar loop: two halvings per step ({@link ModMath#half}). */
    static TailSumChain scalar() {
        return (xs, ys, len, a, pow1, as, pw, m, recip) -> steps(xs, ys, 0, len, a, pow1, as, pw, m, recip);
    }

    /**
     * Steps {@code [from, len)} of {@link #run} from {@code A = a} and {@code pw[from] = pow1}
     * (both in {@code [0, M)}): the scalar loop, also the tail of vector forms.
     */
    static long steps(long[] xs, long[] ys, int from, int len, long a, long pow1, long[] as, long[] pw, long m,
            long recip) {
        for (int i = from; i < len; i++) {
            long d = ModMath.reduceSmall(2 * xs[i] + ys[i], m, recip); // off the chain
            a = ModMath.half(ModMath.add(a, d, m), m);
            as[i] = a;
            pw[i] = pow1;
            pow1 = ModMath.half(pow1, m);
        }
        pw[len] = pow1;
        return a;
    }
}
