package dev.nimbench.simd;

import dev.nimbench.arith.MontgomeryMultiplier;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The block sums of {@link MontgomeryPowerKernel} with every 64-bit lane multiply written in
 * the {@code vpmuludq} shape: <b>both</b> operands of each {@code LongVector.mul} are
 * {@code and(0xFFFFFFFFL)} nodes. C2 on JDK 24 and later (JDK-8341137, openjdk/jdk pull
 * request 21244) recognises a {@code MulVL} whose two inputs are masked to their low 32 bits
 * (or shifted right by 32, or widened from ints) and emits {@code vpmuludq} (32 x 32 -> 64
 * bits, one uop) instead of {@code vpmullq} (64 x 64 -> 64 bits: three uops and about 15 cycles
 * of latency on Intel cores, cheap on AMD Zen 4/5). JDK 17 compiles the same code to
 * {@code vpmullq} plus the extra {@code vpandq}s, so there it is the plain kernel with more work.
 *
 * <p>Numerics: exactly {@link MontgomeryPowerKernel}'s (R = 2^32, odd M &lt; 2^31, lazy
 * {@code [0, 2M)} for M &lt; 2^30, strict {@code [0, M)} above). The masks change no value:
 * every multiply operand is already below 2^32 ({@code r, a < 2M < 2^31}; {@code t mod R}
 * and {@code M' < 2^32} by definition; {@code (t M' mod R) < 2^32}; {@code M < 2^31}), so
 * {@code x.and(LOW32) == x} lane by lane and the results are bit-identical to the plain kernel.
 *
 * <p>The C2 rule looks at the node that feeds each multiply, and two details decide whether it
 * fires (checked on JDK 25.0.3 by counting the EVEX opcodes in {@code -XX:+PrintAssembly}'s hex
 * dump, no hsdis needed; results/experiments-20261201-lanes.txt):
 * <ul>
 *   <li>the mask must be a broadcast made in the method ({@code LongVector.broadcast}, a
 *       {@code Replicate} node), not a {@code static final} vector constant such as
 *       {@link Species#LOW32} (a constant object that is unboxed): with it, 0 of the 24
 *       multiplies became {@code vpmuludq};</li>
 *   <li>the step's second operand must not be a phi: {@code (base ? b : r).and(low)} left 8 of
 *       24 as {@code vpmullq}; choosing with a blend on a mask picked per step,
 *       {@code r.blend(b, pick).and(low)}, gives 24 of 24 {@code vpmuludq}. The blend costs one
 *       cheap instruction per chain and step.</li>
 * </ul>
 * The loop-invariant operands ({@code M'}, {@code M}) are masked once before the loop. The
 * on-stack-replacement compile (entered from the interpreter with the locals boxed) still uses
 * {@code vpmullq}; the normal compile, which runs after the first blocks, does not.
 *
 * <p>Shape and the compile-trap budget: as in {@link MontgomeryPowerKernel} (one product per
 * step, chains spelled out, no widening inside, each range in its own method); read that class
 * comment before adding calls here. The chains are spelled out: edit them together.
 */
public final class MaskedMontgomeryPowerKernel {

    private static final VectorSpecies<Long> LONG = MontgomeryPowerKernel.LONG;
    private static final int VL_LONG = MontgomeryPowerKernel.VL_LONG;
    private static final int VL_INT = MontgomeryPowerKernel.VL_INT;

    private MaskedMontgomeryPowerKernel() {
    }

    /**
     * {@link MontgomeryPowerKernel}'s lazy block sum ({@code M < 2^30}, eight chains, values in
     * {@code [0, 2M)}) with masked multiply operands; same contract and result.
     */
    static long lazyBlockSum(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector low = LongVector.broadcast(LONG, MontgomeryMultiplier.R_MASK); // not Species.LOW32: see the class comment
        LongVector entry = LongVector.broadcast(LONG, MontgomeryPowerKernel.ENTRY_BITS);
        LongVector mvl = LongVector.broadcast(LONG, m).and(low);        // M < 2^31: unchanged
        LongVector npl = LongVector.broadcast(LONG, negInv).and(low);   // M' < 2^32: unchanged
        LongVector acc = LongVector.zero(LONG);
        VectorMask<Long> all = LONG.maskAll(true);
        VectorMask<Long> none = LONG.maskAll(false);
        for (int i = 0; i < len; i += 8 * VL_LONG) {
            LongVector v0 = IntVector.fromArray(Species.INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
            LongVector b0 = v0.and(entry);
            LongVector b1 = v0.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v1 = IntVector.fromArray(Species.INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
            LongVector b2 = v1.and(entry);
            LongVector b3 = v1.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v2 = IntVector.fromArray(Species.INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
            LongVector b4 = v2.and(entry);
            LongVector b5 = v2.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v3 = IntVector.fromArray(Species.INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
            LongVector b6 = v3.and(entry);
            LongVector b7 = v3.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector r0 = b0;
            LongVector r1 = b1;
            LongVector r2 = b2;
            LongVector r3 = b3;
            LongVector r4 = b4;
            LongVector r5 = b5;
            LongVector r6 = b6;
            LongVector r7 = b7;
            LongVector a;
            LongVector t;
            for (boolean base : byBase) { // r = r * (base ? b : r), [0, 2M) -> [0, 2M); every mul is 32 x 32 -> 64
                VectorMask<Long> pick = base ? all : none; // blend, not a phi: see the class comment
                a = r0.and(low);
                t = a.mul(r0.blend(b0, pick).and(low));
                r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                a = r1.and(low);
                t = a.mul(r1.blend(b1, pick).and(low));
                r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                a = r2.and(low);
                t = a.mul(r2.blend(b2, pick).and(low));
                r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                a = r3.and(low);
                t = a.mul(r3.blend(b3, pick).and(low));
                r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                a = r4.and(low);
                t = a.mul(r4.blend(b4, pick).and(low));
                r4 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                a = r5.and(low);
                t = a.mul(r5.blend(b5, pick).and(low));
                r5 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                a = r6.and(low);
                t = a.mul(r6.blend(b6, pick).and(low));
                r6 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                a = r7.and(low);
                t = a.mul(r7.blend(b7, pick).and(low));
                r7 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
            }
            // r in [0, 2M) < 2^32 each: 8 of them add < 2^35 per lane per step
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7);
        }
        // All lanes together hold at most BLOCK terms below 2^32: the total is below 2^63.
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }

    /**
     * {@link MontgomeryPowerKernel}'s strict block sum ({@code 2^30 <= M < 2^31}, four chains,
     * values brought back to {@code [0, M)} after every product) with masked multiply operands.
     */
    static long strictBlockSum(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector low = LongVector.broadcast(LONG, MontgomeryMultiplier.R_MASK); // not Species.LOW32: see the class comment
        LongVector entry = LongVector.broadcast(LONG, MontgomeryPowerKernel.ENTRY_BITS);
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector mvl = mv.and(low);
        LongVector npl = LongVector.broadcast(LONG, negInv).and(low);
        LongVector acc = LongVector.zero(LONG);
        VectorMask<Long> all = LONG.maskAll(true);
        VectorMask<Long> none = LONG.maskAll(false);
        for (int i = 0; i < len; i += 4 * VL_LONG) {
            LongVector v0 = IntVector.fromArray(Species.INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
            LongVector b0 = v0.and(entry);
            LongVector b1 = v0.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v1 = IntVector.fromArray(Species.INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
            LongVector b2 = v1.and(entry);
            LongVector b3 = v1.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector r0 = b0;
            LongVector r1 = b1;
            LongVector r2 = b2;
            LongVector r3 = b3;
            LongVector a;
            LongVector t;
            for (boolean base : byBase) { // r = r * (base ? b : r): [0, M) -> [0, 2M) -> [0, M)
                VectorMask<Long> pick = base ? all : none; // blend, not a phi: see the class comment
                a = r0.and(low);
                t = a.mul(r0.blend(b0, pick).and(low));
                t = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r0 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                a = r1.and(low);
                t = a.mul(r1.blend(b1, pick).and(low));
                t = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r1 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                a = r2.and(low);
                t = a.mul(r2.blend(b2, pick).and(low));
                t = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r2 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                a = r3.and(low);
                t = a.mul(r3.blend(b3, pick).and(low));
                t = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r3 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
            }
            // r in [0, M) < 2^31 each
            acc = acc.add(r0).add(r1).add(r2).add(r3);
        }
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }

    /**
     * {@link #lazyBlockSum} shaped for sixteen vector registers (AVX2's {@code ymm0-15}): the
     * eight chains keep only their running values in registers and load their bases from
     * {@code x} again in the steps that multiply by them, and each step is one branch for all
     * chains (eight squares, or eight products with the base), so no operand is a phi and no
     * blend is needed for the {@code vpmuludq} rule (see the class comment). Live vectors: eight
     * chains, four constants, the accumulator and temporaries, where {@link #lazyBlockSum}'s
     * eight bases and two masks beside them did not fit. Same contract and result.
     */
    static long reloadLazyBlockSum(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector low = LongVector.broadcast(LONG, MontgomeryMultiplier.R_MASK); // not Species.LOW32: see the class comment
        LongVector entry = LongVector.broadcast(LONG, MontgomeryPowerKernel.ENTRY_BITS);
        LongVector mvl = LongVector.broadcast(LONG, m).and(low);        // M < 2^31: unchanged
        LongVector npl = LongVector.broadcast(LONG, negInv).and(low);   // M' < 2^32: unchanged
        LongVector acc = LongVector.zero(LONG);
        for (int i = 0; i < len; i += 8 * VL_LONG) {
            LongVector v0 = IntVector.fromArray(Species.INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
            LongVector r0 = v0.and(entry);
            LongVector r1 = v0.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v1 = IntVector.fromArray(Species.INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
            LongVector r2 = v1.and(entry);
            LongVector r3 = v1.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v2 = IntVector.fromArray(Species.INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
            LongVector r4 = v2.and(entry);
            LongVector r5 = v2.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v3 = IntVector.fromArray(Species.INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
            LongVector r6 = v3.and(entry);
            LongVector r7 = v3.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v;
            LongVector a;
            LongVector t;
            for (boolean base : byBase) { // [0, 2M) -> [0, 2M); every mul is 32 x 32 -> 64
                if (base) { // r = r * b, b loaded again (entries: the low 31 bits of each int)
                    v = IntVector.fromArray(Species.INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
                    t = r0.and(low).mul(v.and(entry).and(low));
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r1.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(entry).and(low));
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(Species.INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
                    t = r2.and(low).mul(v.and(entry).and(low));
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r3.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(entry).and(low));
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(Species.INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
                    t = r4.and(low).mul(v.and(entry).and(low));
                    r4 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r5.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(entry).and(low));
                    r5 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(Species.INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
                    t = r6.and(low).mul(v.and(entry).and(low));
                    r6 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r7.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(entry).and(low));
                    r7 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                } else { // r = r * r
                    a = r0.and(low);
                    t = a.mul(a);
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r1.and(low);
                    t = a.mul(a);
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r2.and(low);
                    t = a.mul(a);
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r3.and(low);
                    t = a.mul(a);
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r4.and(low);
                    t = a.mul(a);
                    r4 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r5.and(low);
                    t = a.mul(a);
                    r5 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r6.and(low);
                    t = a.mul(a);
                    r6 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r7.and(low);
                    t = a.mul(a);
                    r7 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                }
            }
            // r in [0, 2M) < 2^32 each: 8 of them add < 2^35 per lane per step
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7);
        }
        // All lanes together hold at most BLOCK terms below 2^32: the total is below 2^63.
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }
}
