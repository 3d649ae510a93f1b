package dev.nimbench.simd;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The block sums of {@link MontgomeryPowerKernel} with the Montgomery quotient
 * {@code q = (T M') mod 2^32} taken by one 32-bit lane multiply ({@code vpmulld}) on the int view
 * of {@code T}, instead of a 64-bit multiply ({@code vpmullq}) and a mask ({@code vpandq}): five
 * vector instructions per product against six (three multiplies, an add and a shift: the count
 * of the native yardstick's {@code vpmuludq} kernel).
 *
 * <p>How the mask disappears: {@code M'} is broadcast as a long ({@code M' < 2^32}, so its high
 * half is zero) and read as ints: {@code [M', 0]} in each long lane. The int multiply then
 * gives {@code (T_lo M') mod 2^32} in the low int and {@code T_hi * 0 = 0} in the high int, so
 * the long lane read back is exactly {@code q} in {@code [0, 2^32)}. Numerics are therefore
 * {@link MontgomeryPowerKernel}'s, bit for bit: R = 2^32, odd M &lt; 2^31, lazy {@code [0, 2M)}
 * for M &lt; 2^30 ({@code T < 4M^2 <= 2^62}, {@code q M < 2^62}), strict {@code [0, M)} with
 * one conditional subtraction above.
 *
 * <p>Where it pays: CPUs whose {@code vpmulld} costs no more than {@code vpmullq} (AMD Zen 4/5:
 * one uop each); on Intel cores {@code vpmulld} is two uops against three, so fewer there too.
 * It adds two reinterpretations per product, which cost no instruction but are inlined
 * methods: the shape and compile-trap notes of {@link MontgomeryPowerKernel} apply (read that
 * class comment before adding calls here); a second-session 2026-12-01 prototype of this form
 * ran boxed in 2 of 3 JDK 17 processes under the default {@code PerMethodTrapLimit}, and
 * {@code platform/JitGuard}'s options raise that limit in every JVM that runs these kernels.
 * The chains are spelled out: edit them together.
 */
final class Int32QuotientMontgomeryPowerKernel {

    private static final VectorSpecies<Long> LONG = MontgomeryPowerKernel.LONG;
    private static final int VL_LONG = MontgomeryPowerKernel.VL_LONG;
    private static final int VL_INT = MontgomeryPowerKernel.VL_INT;

    private Int32QuotientMontgomeryPowerKernel() {
    }

    /**
     * {@link MontgomeryPowerKernel}'s lazy block sum ({@code M < 2^30}, eight chains, values in
     * {@code [0, 2M)}) with the quotient from a 32-bit multiply; same contract and result.
     */
    static long lazyBlockSum(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector mv = LongVector.broadcast(LONG, m);
        IntVector np = LongVector.broadcast(LONG, negInv).reinterpretAsInts(); // [M', 0] per long lane
        LongVector acc = LongVector.zero(LONG);
        for (int i = 0; i < len; i += 8 * VL_LONG) {
            LongVector v0 = IntVector.fromArray(Species.INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
            LongVector a0 = v0.and(Species.LOW31);
            LongVector a1 = v0.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector v1 = IntVector.fromArray(Species.INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
            LongVector a2 = v1.and(Species.LOW31);
            LongVector a3 = v1.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector v2 = IntVector.fromArray(Species.INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
            LongVector a4 = v2.and(Species.LOW31);
            LongVector a5 = v2.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector v3 = IntVector.fromArray(Species.INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
            LongVector a6 = v3.and(Species.LOW31);
            LongVector a7 = v3.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector r0 = a0;
            LongVector r1 = a1;
            LongVector r2 = a2;
            LongVector r3 = a3;
            LongVector r4 = a4;
            LongVector r5 = a5;
            LongVector r6 = a6;
            LongVector r7 = a7;
            LongVector t;
            for (boolean base : byBase) { // one product per step: r = r * (base ? a : r), [0, 2M) -> [0, 2M)
                t = r0.mul(base ? a0 : r0);
                r0 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r1.mul(base ? a1 : r1);
                r1 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r2.mul(base ? a2 : r2);
                r2 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r3.mul(base ? a3 : r3);
                r3 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r4.mul(base ? a4 : r4);
                r4 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r5.mul(base ? a5 : r5);
                r5 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r6.mul(base ? a6 : r6);
                r6 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r7.mul(base ? a7 : r7);
                r7 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
            }
            // r in [0, 2M) < 2^32 each: 8 of them add < 2^35 per lane per step
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7);
        }
        // All lanes together hold at most BLOCK terms below 2^32: the total is below 2^63.
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }

    /**
     * {@link #lazyBlockSum} with sixteen chains instead of eight ({@code len} a multiple of
     * {@link MontgomeryPowerKernel#WIDE_STEP}): a Montgomery product is a chain of three
     * dependent multiplies, an add and a shift (about 11 cycles), and sixteen products in flight
     * keep the multiply units busier than eight (the native yardstick's fused pass 2 runs sixteen).
     * Sixteen chains and their sixteen bases fill the 32 vector registers of AVX-512; C2 keeps
     * what does not fit on the stack. Same instructions per product (five), same contract and
     * result; measured on AMD Zen 5 in docs/journal/performance-log.md (thirteenth session).
     *
     * <p>{@code M} enters the products as a scalar ({@code mul(mm)}), not as a broadcast vector
     * held across the loops as in {@link #lazyBlockSum}: in a method this size JDK 17's C2 typed
     * that loop-carried vector as a plain {@code LongVector} (its log: {@code unbox failed
     * v2=Phi}), left one multiply a real call and boxed it, 5x slower; the scalar form is
     * broadcast inside the loop and hoisted out of it by C2.
     *
     * <p>The step is one branch with two straight arms (all sixteen squares, or all sixteen
     * products with the bases), not a select per chain as in {@link #lazyBlockSum}: with the
     * selects, 32 vectors live through every product, and how C2 spilled them depended on the
     * process (JDK 25, 2 threads, 2^24: 15.8-23.6 ms over four JMH forks, 18.8-20.0 in three
     * G1 processes against 15.5 with the serial collector); with the branch the bases are only
     * read in the rarer arm and every process measured ran at 14.7-15.2 ms.
     */
    static long wideLazyBlockSum(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        long mm = m;
        IntVector np = LongVector.broadcast(LONG, negInv).reinterpretAsInts(); // [M', 0] per long lane
        LongVector acc = LongVector.zero(LONG);
        for (int i = 0; i < len; i += 16 * VL_LONG) {
            LongVector v0 = IntVector.fromArray(Species.INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
            LongVector a0 = v0.and(Species.LOW31);
            LongVector a1 = v0.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector v1 = IntVector.fromArray(Species.INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
            LongVector a2 = v1.and(Species.LOW31);
            LongVector a3 = v1.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector v2 = IntVector.fromArray(Species.INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
            LongVector a4 = v2.and(Species.LOW31);
            LongVector a5 = v2.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector v3 = IntVector.fromArray(Species.INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
            LongVector a6 = v3.and(Species.LOW31);
            LongVector a7 = v3.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector v4 = IntVector.fromArray(Species.INT, x, from + i + 4 * VL_INT).reinterpretAsLongs();
            LongVector a8 = v4.and(Species.LOW31);
            LongVector a9 = v4.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector v5 = IntVector.fromArray(Species.INT, x, from + i + 5 * VL_INT).reinterpretAsLongs();
            LongVector a10 = v5.and(Species.LOW31);
            LongVector a11 = v5.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector v6 = IntVector.fromArray(Species.INT, x, from + i + 6 * VL_INT).reinterpretAsLongs();
            LongVector a12 = v6.and(Species.LOW31);
            LongVector a13 = v6.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector v7 = IntVector.fromArray(Species.INT, x, from + i + 7 * VL_INT).reinterpretAsLongs();
            LongVector a14 = v7.and(Species.LOW31);
            LongVector a15 = v7.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector r0 = a0;
            LongVector r1 = a1;
            LongVector r2 = a2;
            LongVector r3 = a3;
            LongVector r4 = a4;
            LongVector r5 = a5;
            LongVector r6 = a6;
            LongVector r7 = a7;
            LongVector r8 = a8;
            LongVector r9 = a9;
            LongVector r10 = a10;
            LongVector r11 = a11;
            LongVector r12 = a12;
            LongVector r13 = a13;
            LongVector r14 = a14;
            LongVector r15 = a15;
            LongVector t;
            for (boolean base : byBase) { // one product per step, r = r * (base ? a : r): [0, 2M) -> [0, 2M)
                if (base) {
                    t = r0.mul(a0);
                    r0 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r1.mul(a1);
                    r1 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r2.mul(a2);
                    r2 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r3.mul(a3);
                    r3 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r4.mul(a4);
                    r4 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r5.mul(a5);
                    r5 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r6.mul(a6);
                    r6 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r7.mul(a7);
                    r7 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r8.mul(a8);
                    r8 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r9.mul(a9);
                    r9 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r10.mul(a10);
                    r10 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r11.mul(a11);
                    r11 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r12.mul(a12);
                    r12 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r13.mul(a13);
                    r13 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r14.mul(a14);
                    r14 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r15.mul(a15);
                    r15 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                } else {
                    t = r0.mul(r0);
                    r0 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r1.mul(r1);
                    r1 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r2.mul(r2);
                    r2 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r3.mul(r3);
                    r3 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r4.mul(r4);
                    r4 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r5.mul(r5);
                    r5 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r6.mul(r6);
                    r6 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r7.mul(r7);
                    r7 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r8.mul(r8);
                    r8 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r9.mul(r9);
                    r9 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r10.mul(r10);
                    r10 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r11.mul(r11);
                    r11 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r12.mul(r12);
                    r12 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r13.mul(r13);
                    r13 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r14.mul(r14);
                    r14 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                    t = r15.mul(r15);
                    r15 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mm)).lanewise(VectorOperators.LSHR, 32);
                }
            }
            // r in [0, 2M) < 2^32 each: 16 of them add < 2^36 per lane per step
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7);
            acc = acc.add(r8).add(r9).add(r10).add(r11).add(r12).add(r13).add(r14).add(r15);
        }
        // All lanes together hold at most BLOCK terms below 2^32: the total is below 2^63.
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }

    /**
     * {@link MontgomeryPowerKernel}'s strict block sum ({@code 2^30 <= M < 2^31}, four chains,
     * values brought back to {@code [0, M)} after every product) with the quotient from a 32-bit
     * multiply; same contract and result.
     */
    static long strictBlockSum(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector mv = LongVector.broadcast(LONG, m);
        IntVector np = LongVector.broadcast(LONG, negInv).reinterpretAsInts(); // [M', 0] per long lane
        LongVector acc = LongVector.zero(LONG);
        for (int i = 0; i < len; i += 4 * VL_LONG) {
            LongVector v0 = IntVector.fromArray(Species.INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
            LongVector a0 = v0.and(Species.LOW31);
            LongVector a1 = v0.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector v1 = IntVector.fromArray(Species.INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
            LongVector a2 = v1.and(Species.LOW31);
            LongVector a3 = v1.lanewise(VectorOperators.LSHR, 32).and(Species.LOW31);
            LongVector r0 = a0;
            LongVector r1 = a1;
            LongVector r2 = a2;
            LongVector r3 = a3;
            LongVector t;
            for (boolean base : byBase) { // r = r * (base ? a : r): [0, M) -> [0, 2M) -> [0, M)
                t = r0.mul(base ? a0 : r0);
                t = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r0 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                t = r1.mul(base ? a1 : r1);
                t = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r1 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                t = r2.mul(base ? a2 : r2);
                t = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r2 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                t = r3.mul(base ? a3 : r3);
                t = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r3 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
            }
            // r in [0, M) < 2^31 each
            acc = acc.add(r0).add(r1).add(r2).add(r3);
        }
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }
}
