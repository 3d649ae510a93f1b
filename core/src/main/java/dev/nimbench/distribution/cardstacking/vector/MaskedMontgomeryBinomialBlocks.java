package dev.nimbench.distribution.cardstacking.vector;

import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryDiagonalBinomials.REVERSE;

import dev.nimbench.arith.MontgomeryMultiplier;
import dev.nimbench.simd.Species;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The block methods of {@link VectorMontgomeryDiagonalBinomials} with every 64-bit lane multiply
 * in the {@code vpmuludq} shape ({@code vector-tail-sum-recurrence-masked}), as
 * {@link MaskedMontgomeryFactorialScans} writes the scans: <b>both</b> operands of each
 * {@code LongVector.mul} are {@code and(low)} nodes, {@code low} a broadcast of {@code 0xFFFFFFFF}
 * made inside the method, which C2 on JDK 24 and later (JDK-8341137) compiles to {@code vpmuludq}
 * (docs/lane-arithmetic.md; a {@code static final} mask vector such as {@link Species#LOW32} keeps
 * {@code vpmullq}). Older JDKs run the plain form plus the {@code vpandq}s.
 *
 * <p>Numerics: exactly those of the same-named methods of {@link VectorMontgomeryDiagonalBinomials}
 * (their contracts apply), and the masks change no value: the table entries are ints in
 * {@code [0, M)}, {@code M < 2^31}; the strict REDC results are in {@code [0, M)};
 * {@code T mod R}, {@code M'} and {@code (T M' mod R)} are below {@code 2^32} by definition. Vector
 * arithmetic is written out in the loops (no vector helper methods: one that C2 does not inline
 * boxes every vector).
 */
final class MaskedMontgomeryBinomialBlocks {

    private static final VectorSpecies<Long> LONG = Species.LONG;
    private static final int VL = LONG.length();

    private MaskedMontgomeryBinomialBlocks() {
    }

    /** {@code VectorMontgomeryDiagonalBinomials.fillGroups}, masked: returns the first index left to the scalar formula. */
    static int fillGroups(int[] fact, int[] inv, int top, int b, int count, long[] out, int offset, int m, long mPrime) {
        LongVector low = LongVector.broadcast(LONG, MontgomeryMultiplier.R_MASK); // made here, not Species.LOW32
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector mvl = mv.and(low); // M < 2^31: unchanged
        LongVector npl = LongVector.broadcast(LONG, mPrime).and(low); // M' < 2^32
        int i = 0;
        for (; i + VL <= count && top - b - 2 * (i + VL - 1) >= 0 && top - b - 2 * i + 1 < inv.length; i += VL) {
            LongVector f = IntVector.fromArray(Species.HALF_INT, fact, top - i - (VL - 1))
                    .convertShape(VectorOperators.I2L, LONG, 0).reinterpretAsLongs().rearrange(REVERSE);
            LongVector u = IntVector.fromArray(Species.HALF_INT, inv, b + i)
                    .convertShape(VectorOperators.I2L, LONG, 0).reinterpretAsLongs();
            LongVector w = IntVector.fromArray(Species.INT, inv, top - b - 2 * i - 2 * (VL - 1))
                    .reinterpretAsLongs().and(low).rearrange(REVERSE);
            LongVector t = f.and(low).mul(u.and(low));
            LongVector r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
            r = r.sub(mv);
            r = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv)); // [0, M)
            t = r.and(low).mul(w.and(low));
            r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
            r = r.sub(mv);
            r = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            r.intoArray(out, offset + i);
        }
        return i;
    }

    /**
     * {@code VectorMontgomeryDiagonalBinomials.prefixBlock}, masked: each lane adds at most
     * {@link VectorMontgomeryDiagonalBinomials#PREFIX_BLOCK} unreduced REDC results below
     * {@code 2M < 2^32}, so the result is below {@code VL * 2^42}.
     */
    static long prefixBlock(int[] inv, int row, int from, int to, int m, long mPrime) {
        LongVector low = LongVector.broadcast(LONG, MontgomeryMultiplier.R_MASK); // made here, not Species.LOW32
        LongVector mvl = LongVector.broadcast(LONG, m).and(low);
        LongVector npl = LongVector.broadcast(LONG, mPrime).and(low);
        LongVector acc = LongVector.zero(LONG);
        for (int i = from; i < to; i += VL) {
            LongVector a = (LongVector) IntVector.fromArray(Species.HALF_INT, inv, i)
                    .convertShape(VectorOperators.I2L, LONG, 0);
            LongVector b = ((LongVector) IntVector.fromArray(Species.HALF_INT, inv, row - i - (VL - 1))
                    .convertShape(VectorOperators.I2L, LONG, 0)).rearrange(REVERSE);
            LongVector t = a.and(low).mul(b.and(low));
            acc = acc.add(t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32));
        }
        return acc.reduceLanes(VectorOperators.ADD); // at most PREFIX_BLOCK terms below 2^32 per lane
    }
}
