package dev.nimbench.distribution.cardstacking.vector;

import dev.nimbench.arith.ModMath;
import dev.nimbench.distribution.cardstacking.TailSumOutputs;
import dev.nimbench.simd.Species;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link TailSumOutputs} in 64-bit lanes, one step per lane. The lazy sums are below
 * {@code 10M < 16M} and are reduced as {@link ModMath#reduceSmall} does (quotient estimate
 * {@code (v * floor(2^40/M)) >>> 40}, product below 2^44, then one conditional subtraction), so
 * the residues are the scalar loop's. The two entries of a step are adjacent ints: each lane
 * packs {@code F(2k-1) | F(2k) << 32}, and the long vector, read as ints (little-endian lane
 * order), is stored as is, with no shuffle. Created through {@link dev.nimbench.registry.VectorSupport}.
 */
public final class VectorTailSumOutputs implements TailSumOutputs {

    private static final VectorSpecies<Long> LONG = Species.LONG;
    private static final int VL = LONG.length();
    private static final TailSumOutputs SCALAR = TailSumOutputs.scalar();

    @Override
    public void write(long[] xs, long[] ys, long[] as, long[] pw, int i0, int i1, int[] out, int base, long m,
            long recip) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector rv = LongVector.broadcast(LONG, recip);
        int i = i0;
        for (; i + VL <= i1; i += VL) {
            LongVector x0 = LongVector.fromArray(LONG, xs, i);
            LongVector x1 = LongVector.fromArray(LONG, xs, i + 1);
            LongVector c0 = LongVector.fromArray(LONG, xs, i + 2).add(LongVector.fromArray(LONG, ys, i + 2)).add(x1);
            LongVector negA = mv.sub(LongVector.fromArray(LONG, as, i));
            LongVector odd = LongVector.fromArray(LONG, pw, i).add(c0).add(x1).add(LongVector.fromArray(LONG, ys, i + 1))
                    .add(x0).add(negA).add(negA);
            LongVector even = LongVector.fromArray(LONG, pw, i + 1).add(c0).add(negA);
            LongVector r = odd.sub(odd.mul(rv).lanewise(VectorOperators.LSHR, ModMath.SMALL_RECIPROCAL_SHIFT).mul(mv))
                    .sub(mv);
            odd = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            r = even.sub(even.mul(rv).lanewise(VectorOperators.LSHR, ModMath.SMALL_RECIPROCAL_SHIFT).mul(mv)).sub(mv);
            even = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            odd.or(even.lanewise(VectorOperators.LSHL, 32)).reinterpretAsInts().intoArray(out, base + 2 * i);
        }
        SCALAR.write(xs, ys, as, pw, i, i1, out, base, m, recip);
    }
}
