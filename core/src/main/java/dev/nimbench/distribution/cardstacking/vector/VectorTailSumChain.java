package dev.nimbench.distribution.cardstacking.vector;

import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.MontgomeryMultiplier;
import dev.nimbench.distribution.cardstacking.TailSumChain;
import dev.nimbench.simd.Species;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link TailSumChain} VL steps at a time. Unrolled, j halvings from {@code A_k = a} give
 * <pre>
 *   A_{k+j} = (a + E_j) / 2^j mod M,   E_j = sum_{i=1..j} D_{k+i} 2^(i-1)
 * </pre>
 * and an exact division by {@code 2^j} modulo odd M is one Montgomery reduction with
 * {@code R = 2^j}: {@code q = (x · (-M^-1)) mod 2^j}, then {@code (x + qM) / 2^j} is an integer
 * congruent to {@code x / 2^j}. So lane j of a group computes {@code A_{k+j+1}} from the weighted
 * prefix sum of the group's D (one variable shift and log2 VL shifted adds) and the carried
 * {@code a}, and only the carry {@code a -> A_{k+VL}} is a chain: one scalar reduction with
 * {@code R = 2^VL} per VL steps (about ten cycles) instead of VL dependent halvings (about five
 * cycles each). The powers {@code pw[i] = pow1 / 2^i} are the same division of one broadcast
 * value, their carry the same scalar reduction.
 *
 * <p>Ranges ({@code M < 2^31} odd; inputs {@code xs, ys, a, pow1} in {@code [0, M)}): D is not
 * reduced, {@code D < 3M}; the carried {@code a} stays below {@code 5M} and {@code pow1} below
 * {@code 2M} (each reduction maps {@code x < a + (2^j - 1) 3M} to below
 * {@code (x + (2^j - 1) M) / 2^j}, at most {@code 5M/2 + 4M} for j = 1 and less for larger j).
 * So {@code x < 5M + 255 · 3M < 2^41}, {@code x + qM < 2^42}: no overflow; the products
 * {@code x · (-M^-1)} may wrap, but only their low VL bits are used. Stored values are brought
 * into {@code [0, M)} as {@link ModMath#reduceSmall} does (below 16M). Leftover steps
 * ({@code len mod VL}) run the scalar loop. Created through {@link dev.nimbench.registry.VectorSupport}.
 */
public final class VectorTailSumChain implements TailSumChain {

    private static final VectorSpecies<Long> LONG = Species.LONG;
    private static final int VL = LONG.length();
    /** Lane j: j (the weight 2^j of D_{k+j+1} in E, and the shift of pw's lane j). */
    private static final LongVector LANE = LongVector.fromArray(LONG, lanes(0, false), 0);
    /** Lane j: j + 1 (lane j holds A_{k+j+1} = (a + E_{j+1}) / 2^(j+1)). */
    private static final LongVector LANE_PLUS_ONE = LongVector.fromArray(LONG, lanes(1, false), 0);
    /** Lane j: 2^j - 1 (the quotient digits of pw's lane j). */
    private static final LongVector LOW_BITS = LongVector.fromArray(LONG, lanes(0, true), 0);
    /** Lane j: 2^(j+1) - 1. */
    private static final LongVector LOW_BITS_PLUS_ONE = LongVector.fromArray(LONG, lanes(1, true), 0);

    private static long[] lanes(int plus, boolean mask) {
        long[] v = new long[VL];
        for (int j = 0; j < VL; j++) {
            v[j] = mask ? (1L << (j + plus)) - 1 : j + plus;
        }
        return v;
    }

    /** @throws IllegalStateException when the species has more than 8 long lanes (the prefix sum stops at UP4) */
    public VectorTailSumChain() {
        if (VL > 8) {
            throw new IllegalStateException("vector tail-sum chain written for at most 8 long lanes, species has " + VL);
        }
    }

    @Override
    public long run(long[] xs, long[] ys, int len, long a, long pow1, long[] as, long[] pw, long m, long recip) {
        long negInv = MontgomeryMultiplier.negInverse((int) m); // -M^-1 mod 2^32: its low VL bits are -M^-1 mod 2^VL
        long carryBits = (1L << VL) - 1;
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector cv = LongVector.broadcast(LONG, negInv);
        LongVector rv = LongVector.broadcast(LONG, recip);
        LongVector zero = LongVector.zero(LONG);
        int i = 0;
        for (; i + VL <= len; i += VL) {
            LongVector x = LongVector.fromArray(LONG, xs, i);
            LongVector d = x.add(x).add(LongVector.fromArray(LONG, ys, i));               // D < 3M
            LongVector e = d.lanewise(VectorOperators.LSHL, LANE);                        // D_{k+j+1} 2^j
            e = e.add(e.rearrange(VectorMontgomeryFactorials.UP1).blend(zero, VectorMontgomeryFactorials.BELOW1));
            if (VL > 2) {
                e = e.add(e.rearrange(VectorMontgomeryFactorials.UP2).blend(zero, VectorMontgomeryFactorials.BELOW2));
            }
            if (VL > 4) {
                e = e.add(e.rearrange(VectorMontgomeryFactorials.UP4).blend(zero, VectorMontgomeryFactorials.BELOW4));
            }
            // lane j: E_{j+1}; A_{k+j+1} = (a + E_{j+1}) / 2^(j+1), below 5M
            LongVector t = e.add(a);
            LongVector v = t.add(t.mul(cv).and(LOW_BITS_PLUS_ONE).mul(mv)).lanewise(VectorOperators.LSHR, LANE_PLUS_ONE);
            LongVector r = v.sub(v.mul(rv).lanewise(VectorOperators.LSHR, ModMath.SMALL_RECIPROCAL_SHIFT).mul(mv)).sub(mv);
            r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv)).intoArray(as, i);
            // lane j: pow1 / 2^j, below 2M
            LongVector p = LongVector.broadcast(LONG, pow1);
            r = p.add(p.mul(cv).and(LOW_BITS).mul(mv)).lanewise(VectorOperators.LSHR, LANE).sub(mv);
            r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv)).intoArray(pw, i);
            // the carries: a -> A_{k+VL} (< 5M), pow1 -> pow1 / 2^VL (< 2M), scalar
            long ta = a + e.lane(VL - 1);
            a = (ta + ((ta * negInv) & carryBits) * m) >>> VL;
            pow1 = (pow1 + ((pow1 * negInv) & carryBits) * m) >>> VL;
        }
        a = ModMath.reduceSmall(a, m, recip);
        pow1 = pow1 >= m ? pow1 - m : pow1;
        return TailSumChain.steps(xs, ys, i, len, a, pow1, as, pw, m, recip);
    }
}
