package dev.nimbench.distribution.cardstacking.vector;

import dev.nimbench.arith.MontgomeryMultiplier;
import dev.nimbench.distribution.cardstacking.BinomialTable;
import dev.nimbench.distribution.cardstacking.DiagonalBinomials;
import dev.nimbench.simd.LaneKernel;
import dev.nimbench.simd.MontgomeryPowerKernel;
import dev.nimbench.simd.Species;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link DiagonalBinomials} in 64-bit vector lanes for tables built with the Montgomery
 * multiplier ({@code K = R = 2^32}: factorials hold {@code k! R^2}, inverse factorials are
 * ordinary): {@code C(row, k) = REDC(REDC(fact[row] · inv[k]) · inv[row - k])}, each REDC
 * reduced strictly into {@code [0, M)} (one conditional subtraction), so the lanes give exactly
 * the scalar multiplier's residues for every odd {@code M < 2^31}: {@code T < M^2 < 2^62},
 * {@code T + qM < 2^64} read unsigned by the logical shift, result {@code < 2M}.
 *
 * <p>Lane j handles {@code i = i0 + j}: {@code fact[top - i]} and {@code inv[b + i]} are
 * contiguous (the first reversed in lane order), {@code inv[top - b - 2i]} has stride -2: the
 * int pairs of a contiguous load, low halves, reversed. Groups whose indices would leave the
 * tables ({@code b + i > top - i}) and the tail are done by the scalar formula. Arithmetic
 * is written out in the loop (no vector helper methods: one that C2 does not inline boxes every
 * vector). Created through
 * {@link dev.nimbench.registry.VectorSupport}.
 *
 * <p><b>Lane multiplies.</b> Two kernel shapes, chosen per instance ({@link LaneKernel} ids), as
 * {@link VectorMontgomeryFactorials} chooses its scans: {@code montgomery} (the block methods here,
 * {@code LongVector.mul} as {@code vpmullq}; {@code vector-tail-sum-recurrence}) and
 * {@code montgomery-masked} (the same block methods in {@link MaskedMontgomeryBinomialBlocks}, every
 * multiply operand masked to 32 bits: {@code vpmuludq} on JDK 24+;
 * {@code vector-tail-sum-recurrence-masked}). The choice is made once per call, outside the vector
 * loops; only scalars and arrays cross it. Both give the same residues.
 */
public final class VectorMontgomeryDiagonalBinomials implements DiagonalBinomials {

    private static final VectorSpecies<Long> LONG = Species.LONG;
    private static final int VL = LONG.length();
    static final VectorShuffle<Long> REVERSE = VectorShuffle.fromOp(LONG, i -> VL - 1 - i);

    /** Whether the block methods of {@link MaskedMontgomeryBinomialBlocks} run (else those here). */
    private final boolean masked;

    /** The {@code vpmullq} binomials ({@code vector-tail-sum-recurrence}). */
    public VectorMontgomeryDiagonalBinomials() {
        this(LaneKernel.MONTGOMERY.id());
    }

    /**
     * The binomials of one lane kernel: {@code montgomery} or {@code montgomery-masked}.
     *
     * @throws IllegalArgumentException naming the id and the two valid ones
     */
    public VectorMontgomeryDiagonalBinomials(String laneKernel) {
        this.masked = LaneKernel.isMaskedMontgomery(laneKernel, "vector Montgomery diagonal binomials");
    }

    @Override
    public void fill(BinomialTable table, int top, int b, int count, long[] out, int offset) {
        int m = table.modulus();
        MontgomeryPowerKernel.requireOdd(m);
        int[] fact = table.factorials();
        int[] inv = table.inverseFactorials();
        long mPrime = MontgomeryMultiplier.negInverse(m);
        int i = masked ? MaskedMontgomeryBinomialBlocks.fillGroups(fact, inv, top, b, count, out, offset, m, mPrime)
                : fillGroups(fact, inv, top, b, count, out, offset, m, mPrime);
        for (; i < count; i++) {
            int row = top - i;
            int k = b + i;
            out[offset + i] = k > row ? 0 : MontgomeryMultiplier.reduce(
                    MontgomeryMultiplier.reduce((long) fact[row] * inv[k], m, mPrime) * inv[row - k], m, mPrime);
        }
    }

    /**
     * The vector part of {@link #fill}: full groups of VL entries, from {@code i = 0} while every
     * index of the group lies in the tables ({@code b + i + VL - 1 <= top - i - (VL - 1)}); returns
     * the first {@code i} left to the scalar formula. Each entry strictly in {@code [0, M)}.
     */
    static int fillGroups(int[] fact, int[] inv, int top, int b, int count, long[] out, int offset, int m, long mPrime) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector np = LongVector.broadcast(LONG, mPrime);
        int i = 0;
        for (; i + VL <= count && top - b - 2 * (i + VL - 1) >= 0 && top - b - 2 * i + 1 < inv.length; i += VL) {
            LongVector f = IntVector.fromArray(Species.HALF_INT, fact, top - i - (VL - 1))
                    .convertShape(VectorOperators.I2L, LONG, 0).reinterpretAsLongs().rearrange(REVERSE);
            LongVector u = IntVector.fromArray(Species.HALF_INT, inv, b + i)
                    .convertShape(VectorOperators.I2L, LONG, 0).reinterpretAsLongs();
            LongVector w = IntVector.fromArray(Species.INT, inv, top - b - 2 * i - 2 * (VL - 1))
                    .reinterpretAsLongs().and(Species.LOW32).rearrange(REVERSE);
            LongVector t = f.mul(u);
            LongVector r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
            r = r.sub(mv);
            r = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv)); // [0, M)
            t = r.mul(w);
            r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
            r = r.sub(mv);
            r = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            r.intoArray(out, offset + i);
        }
        return i;
    }

    /**
     * Measured with 8 long lanes: a restart's prefix sum took a quarter to a fifth of the scalar
     * form's time (JFR samples, C(10^7, 10^7), fused pass 1); narrower species are assumed to
     * gain in proportion to their lanes.
     */
    @Override
    public int prefixTermsPerProduct() {
        return Math.max(1, VL / 2);
    }

    /** Vectors per {@link #prefixBlock} call: a method called many times is compiled whole, not on-stack (see {@link MontgomeryPowerKernel#BLOCK}). */
    static final int PREFIX_BLOCK = 1024;

    /**
     * Lane j adds {@code REDC(inv[i] · inv[row - i])} for {@code i = i0 + j}, without reducing:
     * each term is below {@code 2M} ({@code T < M^2 < 2^62}, {@code T + qM < 2^64} read unsigned),
     * and congruent to the scalar form's {@code multiplyScaled(inv[i], inv[row-i])}; so the
     * final {@code REDC(fact[row] · (S mod M))} is the scalar form's residue.
     */
    @Override
    public long rowPrefixSum(BinomialTable table, int row, int last) {
        int m = table.modulus();
        MontgomeryPowerKernel.requireOdd(m);
        int[] inv = table.inverseFactorials();
        long mPrime = MontgomeryMultiplier.negInverse(m);
        int vectors = (last + 1) / VL;
        long sum = 0;
        for (int v = 0; v < vectors; v += PREFIX_BLOCK) {
            int from = VL * v;
            int to = VL * Math.min(vectors, v + PREFIX_BLOCK);
            sum = (sum + (masked ? MaskedMontgomeryBinomialBlocks.prefixBlock(inv, row, from, to, m, mPrime)
                    : prefixBlock(inv, row, from, to, m, mPrime))) % m;
        }
        for (int i = VL * vectors; i <= last; i++) {
            sum += MontgomeryMultiplier.reduce((long) inv[i] * inv[row - i], m, mPrime); // < 2^31 + VL * 2^31
        }
        return MontgomeryMultiplier.reduce(table.factorials()[row] * (sum % m), m, mPrime);
    }

    /**
     * The lanes' part of {@link #rowPrefixSum} for {@code i} in {@code [from, to)} (multiples of VL):
     * each lane adds at most {@link #PREFIX_BLOCK} terms below 2^32, so the result is below
     * {@code VL * 2^42}.
     */
    static long prefixBlock(int[] inv, int row, int from, int to, int m, long mPrime) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector np = LongVector.broadcast(LONG, mPrime);
        LongVector acc = LongVector.zero(LONG);
        for (int i = from; i < to; i += VL) {
            LongVector a = (LongVector) IntVector.fromArray(Species.HALF_INT, inv, i)
                    .convertShape(VectorOperators.I2L, LONG, 0);
            LongVector b = ((LongVector) IntVector.fromArray(Species.HALF_INT, inv, row - i - (VL - 1))
                    .convertShape(VectorOperators.I2L, LONG, 0)).rearrange(REVERSE);
            LongVector t = a.mul(b);
            acc = acc.add(t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32));
        }
        return acc.reduceLanes(VectorOperators.ADD); // at most PREFIX_BLOCK terms below 2^32 per lane
    }
}
