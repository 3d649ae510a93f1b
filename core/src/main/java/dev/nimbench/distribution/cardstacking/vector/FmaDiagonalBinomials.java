package dev.nimbench.distribution.cardstacking.vector;

import dev.nimbench.arith.FmaModMath;
import dev.nimbench.distribution.cardstacking.BinomialTable;
import dev.nimbench.distribution.cardstacking.DiagonalBinomials;
import dev.nimbench.simd.FmaPowerKernel;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link DiagonalBinomials} in 4 double lanes with FMA products ({@link FmaModMath#multiplyLazy}
 * lane by lane), for tables in ordinary form (the {@code plain} multiplier, scale {@code K = 1}:
 * {@code fact[k] = k!}, {@code inv[k] = (k!)^-1}): {@code C(row, k) = fact[row] · inv[k] ·
 * inv[row - k]}, two products and one correction ({@code x < 0 ? x + M : x}), so the lanes give
 * the scalar residues for every {@code 2 <= M < 2^31}. No 64-bit lane multiply and no {@code D2I} cast
 * (JDK 17 compiles neither on AVX2): the form for
 * AVX2 and JDK 17 ({@link FmaFactorialTables} builds the tables).
 *
 * <p>Lane j handles {@code i = i0 + j}: {@code fact[top - i]} and {@code inv[b + i]} are
 * contiguous (the first reversed in lane order), {@code inv[top - b - 2i]} has stride -2: lanes
 * 6, 4, 2, 0 of an 8-int load. Groups whose indices would leave the tables and the tail are done
 * by the scalar formula. The row prefix sums add lazy products (each below {@code M/2 + 2^10} in
 * magnitude) in double lanes, at most {@link #PREFIX_BLOCK} per lane and block: below 2^41, exact.
 */
public final class FmaDiagonalBinomials implements DiagonalBinomials {

    static final VectorSpecies<Double> D4 = FmaFactorialTables.D4;
    static final VectorSpecies<Integer> I4 = FmaFactorialTables.I4;
    static final VectorSpecies<Integer> I8 = IntVector.SPECIES_256;
    static final int VL = 4;
    static final VectorShuffle<Double> REVERSE = VectorShuffle.fromOp(D4, i -> VL - 1 - i);
    /** Lanes 6, 4, 2, 0 of eight ints into lanes 0..3 (the rest unused). */
    static final VectorShuffle<Integer> EVEN_REVERSED = VectorShuffle.fromValues(I8, 6, 4, 2, 0, 7, 5, 3, 1);
    private static final boolean NEG_BY_SUBTRACTION = FmaPowerKernel.NEG_BY_SUBTRACTION;
    /** Vectors per {@link #prefixBlock} call (a method called many times is compiled whole, not on-stack). */
    static final int PREFIX_BLOCK = 1024;

    /**
     * The tables' factorials after checking that they are in ordinary form ({@code 0! = 1}; a
     * multiplier with scale K writes {@code K^2 mod M} there).
     *
     * @throws IllegalArgumentException for tables of a scaled multiplier (their {@code k! K^2}
     *     would need one more product per binomial, which these kernels do not make)
     */
    private static int[] ordinaryFactorials(BinomialTable table) {
        int[] fact = table.factorials();
        if (fact[0] != 1 % table.modulus()) {
            throw new IllegalArgumentException("FMA diagonal binomials need factorial tables in ordinary form"
                    + " (the plain multiplier): 0! is stored as " + fact[0]);
        }
        return fact;
    }

    @Override
    public void fill(BinomialTable table, int top, int b, int count, long[] out, int offset) {
        int m = table.modulus();
        int[] fact = ordinaryFactorials(table);
        int[] inv = table.inverseFactorials();
        int i = fillGroups(fact, inv, top, b, count, out, offset, m);
        for (; i < count; i++) {
            int row = top - i;
            int k = b + i;
            out[offset + i] = k > row ? 0 : (long) fact[row] * inv[k] % m * inv[row - k] % m;
        }
    }

    /**
     * The vector part of {@link #fill}: full groups of 4 entries from {@code i = 0} while every
     * index of the group lies in the tables; returns the first {@code i} left to the scalar formula.
     */
    static int fillGroups(int[] fact, int[] inv, int top, int b, int count, long[] out, int offset, int m) {
        DoubleVector mv = DoubleVector.broadcast(D4, m);
        DoubleVector mInv = DoubleVector.broadcast(D4, 1.0 / m);
        DoubleVector negM = DoubleVector.broadcast(D4, -(double) m);
        DoubleVector c = DoubleVector.broadcast(D4, FmaModMath.ROUNDING_CONSTANT);
        DoubleVector zero = DoubleVector.zero(D4);
        int i = 0;
        for (; i + VL <= count && top - b - 2 * i - 2 * (VL - 1) >= 0 && top - b - 2 * i + 2 <= inv.length; i += VL) {
            DoubleVector f = ((DoubleVector) IntVector.fromArray(I4, fact, top - i - (VL - 1))
                    .convertShape(VectorOperators.I2D, D4, 0)).rearrange(REVERSE);
            DoubleVector u = (DoubleVector) IntVector.fromArray(I4, inv, b + i).convertShape(VectorOperators.I2D, D4, 0);
            DoubleVector w = (DoubleVector) IntVector.fromArray(I8, inv, top - b - 2 * i - 2 * (VL - 1))
                    .rearrange(EVEN_REVERSED).convertShape(VectorOperators.I2D, D4, 0);
            DoubleVector h = f.mul(u);
            DoubleVector l = f.fma(u, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            DoubleVector q = h.fma(mInv, c).sub(c);
            DoubleVector r = q.fma(negM, h).add(l);
            h = r.mul(w);
            l = r.fma(w, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            r = q.fma(negM, h).add(l);
            // [0, M) plus 1.5 * 2^52 holds the integer in the low 32 bits of its bit pattern (see FmaFactorialTables)
            r.add(mv, r.lt(0.0)).add(c).reinterpretAsLongs().and(0xFFFF_FFFFL).intoArray(out, offset + i);
        }
        return i;
    }

    /** As {@link VectorMontgomeryDiagonalBinomials} prices its 4-lane terms (VL / 2): an estimate, used only to balance threads. */
    @Override
    public int prefixTermsPerProduct() {
        return 2;
    }

    @Override
    public long rowPrefixSum(BinomialTable table, int row, int last) {
        int m = table.modulus();
        int[] inv = table.inverseFactorials();
        int vectors = (last + 1) / VL;
        long sum = 0;
        for (int v = 0; v < vectors; v += PREFIX_BLOCK) {
            int from = VL * v;
            int to = VL * Math.min(vectors, v + PREFIX_BLOCK);
            sum = Math.floorMod(sum + prefixBlock(inv, row, from, to, m), m);
        }
        for (int i = VL * vectors; i <= last; i++) {
            sum = (sum + (long) inv[i] * inv[row - i]) % m;
        }
        return sum * ordinaryFactorials(table)[row] % m;
    }

    /**
     * {@code Σ_{i in [from, to)} inv[i] inv[row - i]} as a sum of lazy products, congruent mod M:
     * at most {@link #PREFIX_BLOCK} terms per lane of magnitude below 2^30 + 2^10, an exact
     * integer below 2^43 in all.
     */
    static long prefixBlock(int[] inv, int row, int from, int to, int m) {
        DoubleVector mInv = DoubleVector.broadcast(D4, 1.0 / m);
        DoubleVector negM = DoubleVector.broadcast(D4, -(double) m);
        DoubleVector c = DoubleVector.broadcast(D4, FmaModMath.ROUNDING_CONSTANT);
        DoubleVector zero = DoubleVector.zero(D4);
        DoubleVector acc = zero;
        for (int i = from; i < to; i += VL) {
            DoubleVector a = (DoubleVector) IntVector.fromArray(I4, inv, i).convertShape(VectorOperators.I2D, D4, 0);
            DoubleVector b = ((DoubleVector) IntVector.fromArray(I4, inv, row - i - (VL - 1))
                    .convertShape(VectorOperators.I2D, D4, 0)).rearrange(REVERSE);
            DoubleVector h = a.mul(b);
            DoubleVector l = a.fma(b, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            DoubleVector q = h.fma(mInv, c).sub(c);
            acc = acc.add(q.fma(negM, h).add(l));
        }
        return (long) acc.reduceLanes(VectorOperators.ADD);
    }
}
