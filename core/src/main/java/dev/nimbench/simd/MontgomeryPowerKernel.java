package dev.nimbench.simd;

import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.MontgomeryMultiplier;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@code Σ x[i]^s mod M} with Montgomery multiplication in 64-bit lanes, {@code R = 2^32}, odd
 * {@code M < 2^31}. The constants ({@code M'}, {@code R mod M}, the lazy limit 2^30) come from
 * {@link MontgomeryMultiplier}, the one home of the Montgomery definitions.
 *
 * <p>Montgomery product: {@code mont(a, b) = (T + ((T * M') mod R) * M) / R} with
 * {@code T = a * b} and {@code M' = -M^-1 mod R}; the division is exact and
 * {@code mont(a, b) ≡ a b R^-1 (mod M)}. For {@code M < 2^30} (both production moduli) values
 * stay lazy in {@code [0, 2M)}: {@code T < 4M^2 <= M R}, so the result is below
 * {@code (4M^2 + R M) / R < 2M}, and {@code T + mM < 2^62 + 2^62} fits a signed lane. For
 * {@code 2^30 <= M < 2^31} ("strict") every product is brought back to {@code [0, M)} by one
 * conditional subtraction; then {@code T < M^2 < 2^62}, {@code T + mM < 2^64} as an unsigned
 * lane, and the logical shift reads it correctly.
 *
 * <p>Form: the input residues {@code x} are taken to be already in Montgomery form, i.e. to
 * stand for {@code X = x R^-1}. Square-and-multiply in Montgomery arithmetic then yields the
 * form of {@code X^s}, which is {@code X^s R = x^s R^(1-s)}. The lazy values are only added up,
 * so the sum stays in that form and one correcting factor {@code R^(s-1) mod M} at the end
 * gives {@code Σ x^s}. {@code s = 0} is answered directly ({@code 0^0 = 1}: the count).
 *
 * <p>Shape: independent chains of long lanes so that the multiply latency of one chain hides
 * behind the others: eight for {@code M < 2^30} (both production moduli; sixteen in the
 * {@link LaneKernel#MONTGOMERY_Q32_WIDE} shape), four for the strict range, each in a method of
 * its own. All lanes share the exponent, so square-and-multiply is
 * one list of products ({@link #productSteps}), each {@code r * (base ? a : r)}: the same for
 * every lane, and one copy of the product code per chain. The chains load the int entries as
 * they are: one int vector reinterpreted as longs holds two entries per long lane, the low one
 * taken by a mask and the high one by a shift (the lanes' order does not matter to a sum), so
 * no conversion op and no widening sweep (measured: the fused pass 2 about 1 ms faster at
 * C(10^7, 10^7) on AMD Zen 5 than with a separate widening into a long block). A scalar tail handles the last
 * {@code < 8 * VL_LONG} entries. The arithmetic is written out in the loop body on purpose: a
 * helper that C2 does not inline would box every vector (11x slower, measured on a 2-core AMD EPYC). The chains are spelled
 * out: edit them together.
 *
 * <p>Why this shape compiles well: C2 adds up, over every method it inlines into one compile,
 * the trap and recompile counts recorded in those methods' profiles (the Vector API's shared
 * internals collect them from every kernel in the process). Past {@code PerMethodTrapLimit}
 * (100 class-check traps) or half of {@code PerMethodRecompilationCutoff} (201 recompiles) it
 * stops speculating on the vector classes and keeps virtual calls, and the vectors are boxed:
 * 3-40× slower, in some processes and not others (measured: eight chains with squares and
 * products spelled out separately, 5 processes in 6; one copy of the product code with the
 * widening conversions inlined, 1 in 6, the conversions bringing 96 of the 100 class-check
 * traps; the same limit, and JDK 25's recompile cutoff, are what {@code platform/JitGuard}'s options
 * raise in every JVM that runs these kernels). One copy of the product code,
 * the strict range in its own method and no shape conversion in the chain methods (the int
 * entries are reinterpreted, not converted) keep each compile to about 1100 inlined methods;
 * eight chains then compiled well in every process measured.
 *
 * <p>{@code reinterpretAsLongs()} stays although its inner call has one type profile for the
 * whole process (the diagonal binomials call it on long vectors): {@code reinterpretShape(LONG, 0)}
 * instead left JDK 17 compiling this kernel boxed in every process (the fused pass 2 388-682 ms
 * instead of 128-141 at C(10^7, 10^7), Intel Xeon) and did not change how often JDK 25 boxes the
 * masked kernel (docs/findings/01-jit-trap-limits.md).
 */
public final class MontgomeryPowerKernel {

    static final VectorSpecies<Long> LONG = Species.LONG;
    static final int VL_LONG = LONG.length();
    /** Int lanes of the same shape: one int vector holds the entries of two long chains. */
    static final int VL_INT = Species.INT.length();
    /**
     * The bits of an entry the kernels read: entries are below {@code M < 2^31}, so bit 31 is
     * free, and the fused pass 2 hands its buffer over still biased ({@code x ^ 2^31}, see
     * {@code VectorHadamardKernels.SIGN} in the transform kernels) without an unbias sweep.
     */
    static final int ENTRY_BITS = Integer.MAX_VALUE;
    /** Entries per iteration for {@code M < 2^30}: 8 long chains of VL_LONG lanes. */
    static final int LAZY_STEP = 8 * VL_LONG;
    /** Entries per iteration of the sixteen-chain form ({@link LaneKernel#MONTGOMERY_Q32_WIDE}), {@code M < 2^30}. */
    static final int WIDE_STEP = 16 * VL_LONG;
    /** Entries per iteration for {@code 2^30 <= M < 2^31}: 4 long chains. */
    static final int STRICT_STEP = 4 * VL_LONG;
    /**
     * Entries per block-sum call (a multiple of every step for every species). The vector
     * loop is a method of its own, called once per block, so that C2 compiles it as an ordinary
     * method within the first ~600 calls. As one long loop in {@link #sum} (called a handful of
     * times per process) it was compiled through on-stack replacement instead, with the vector
     * chains live at the OSR entry: those arrive boxed, C2 keeps boxing them on every iteration
     * (steady young GCs) and the process stayed 10-40× slower until a normal compile replaced it.
     */
    static final int BLOCK = 1024;

    private MontgomeryPowerKernel() {
    }

    /**
     * @throws IllegalArgumentException naming M when it is even (Montgomery needs M coprime to R)
     */
    public static void requireOdd(int m) {
        if ((m & 1) == 0) {
            throw new IllegalArgumentException(
                    "vector-montgomery power sum needs an odd modulus (Montgomery, R = 2^32), got M = " + m);
        }
    }

    /**
     * {@code Σ_{i in [from, to)} x[i]^s mod M}, {@code from <= to}, entries in {@code [0, M)}, odd M,
     * {@code s >= 0}; result in {@code [0, M)} (ordinary residues, not Montgomery form). Only
     * the low 31 bits of an entry are read ({@link #ENTRY_BITS}): an entry biased by 2^31 counts
     * as its residue.
     *
     * <p>The driver shared by the Montgomery product shapes: blocks, the correcting factor and the
     * scalar tail. {@code shape} only chooses which block methods run: the ones here
     * ({@link LaneKernel#MONTGOMERY}), {@link MaskedMontgomeryPowerKernel}'s or
     * {@link Int32QuotientMontgomeryPowerKernel}'s (each shape is a method of its own, so no flag is
     * tested inside a vector loop); all give the same result.
     *
     * @param shape one of the Montgomery constants of {@link LaneKernel}
     * @throws IllegalArgumentException for an even M
     */
    static long sum(int[] x, int from, int to, long s, int m, LaneKernel shape) {
        requireOdd(m);
        if (s == 0) {
            return (to - from) % m;
        }
        int top = 63 - Long.numberOfLeadingZeros(s); // the chains start at r = a: bit `top` is done
        boolean strict = m >= MontgomeryMultiplier.LAZY_MODULUS_LIMIT;
        long negInv = MontgomeryMultiplier.negInverse(m); // M' = -M^-1 mod R
        int step = strict ? STRICT_STEP : shape.step(); // the lazy step of the shape's chains
        boolean[] byBase = productSteps(s, top);
        int bound = from + (to - from) / step * step;
        // Only scalars cross this loop; see BLOCK for why the vector loop lives in its own method.
        long vectorSum = 0;                                             // Montgomery form of Σ X^s
        for (int i = from; i < bound; i += BLOCK) {
            int len = Math.min(BLOCK, bound - i);                       // BLOCK is a multiple of step
            if (shape == LaneKernel.MONTGOMERY_MASKED) {                // each in [0, M): no overflow
                vectorSum += strict
                        ? MaskedMontgomeryPowerKernel.strictBlockSum(x, i, len, byBase, m, negInv)
                        : MaskedMontgomeryPowerKernel.lazyBlockSum(x, i, len, byBase, m, negInv);
            } else if (shape == LaneKernel.MONTGOMERY_MASKED_RELOAD) {  // the masked strict form above 2^30
                vectorSum += strict
                        ? MaskedMontgomeryPowerKernel.strictBlockSum(x, i, len, byBase, m, negInv)
                        : MaskedMontgomeryPowerKernel.reloadLazyBlockSum(x, i, len, byBase, m, negInv);
            } else if (shape == LaneKernel.MONTGOMERY_Q32 || shape == LaneKernel.MONTGOMERY_Q32_WIDE) {
                vectorSum += strict // both shapes share the four-chain strict form
                        ? Int32QuotientMontgomeryPowerKernel.strictBlockSum(x, i, len, byBase, m, negInv)
                        : shape == LaneKernel.MONTGOMERY_Q32_WIDE
                        ? Int32QuotientMontgomeryPowerKernel.wideLazyBlockSum(x, i, len, byBase, m, negInv)
                        : Int32QuotientMontgomeryPowerKernel.lazyBlockSum(x, i, len, byBase, m, negInv);
            } else {
                vectorSum += strict
                        ? strictBlockSum(x, i, len, byBase, m, negInv)
                        : lazyBlockSum(x, i, len, byBase, m, negInv);
            }
            vectorSum %= m;
        }
        long correction = ModMath.pow(MontgomeryMultiplier.rModM(m), s - 1, m); // R^(s-1) mod M
        long total = vectorSum * correction % m;                       // ordinary residue in [0, M)
        for (int i = bound; i < to; i++) {
            total += ModMath.pow(x[i] & ENTRY_BITS, s, m);        // < 2^31 + tail * 2^31
        }
        return total % m;
    }

    /**
     * Left-to-right square-and-multiply for {@code s >= 1} as a list of products: after the start
     * {@code r = a} (bit {@code top}), each lower bit is a square ({@code false}: {@code r * r})
     * followed, when the bit is set, by a product with the base ({@code true}: {@code r * a}).
     */
    static boolean[] productSteps(long s, int top) {
        boolean[] steps = new boolean[top + Long.bitCount(s) - 1];
        int k = 0;
        for (int b = top - 1; b >= 0; b--) {
            steps[k++] = false;
            if (((s >>> b) & 1) != 0) {
                steps[k++] = true;
            }
        }
        return steps;
    }

    /**
     * The vector part of {@link #sum} for {@code M < 2^30} over the entries
     * {@code x[from, from + len)} ({@code len} a multiple of {@link #LAZY_STEP}, at most {@link #BLOCK}):
     * eight chains, values lazy in {@code [0, 2M)}, the products listed by {@code byBase}
     * ({@link #productSteps}); returns the lanes' sum of the Montgomery-form powers reduced to
     * {@code [0, M)}, i.e. the Montgomery form of {@code Σ X^s}. {@code negInv = M' = -M^-1 mod R}.
     */
    private static long lazyBlockSum(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector np = LongVector.broadcast(LONG, negInv);
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
                r0 = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r1.mul(base ? a1 : r1);
                r1 = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r2.mul(base ? a2 : r2);
                r2 = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r3.mul(base ? a3 : r3);
                r3 = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r4.mul(base ? a4 : r4);
                r4 = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r5.mul(base ? a5 : r5);
                r5 = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r6.mul(base ? a6 : r6);
                r6 = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r7.mul(base ? a7 : r7);
                r7 = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
            }
            // r in [0, 2M) < 2^32 each: 8 of them add < 2^35 per lane per step
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7);
        }
        // All lanes together hold at most BLOCK terms below 2^32: the total is below 2^63.
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }

    /**
     * {@link #lazyBlockSum} for {@code 2^30 <= M < 2^31} (steps of {@link #STRICT_STEP}): four
     * chains, every product brought back to {@code [0, M)} by a conditional subtraction so that
     * the next product stays below 2^64.
     */
    private static long strictBlockSum(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector np = LongVector.broadcast(LONG, negInv);
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
                t = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r0 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                t = r1.mul(base ? a1 : r1);
                t = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r1 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                t = r2.mul(base ? a2 : r2);
                t = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r2 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                t = r3.mul(base ? a3 : r3);
                t = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                r3 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
            }
            // r in [0, M) < 2^31 each
            acc = acc.add(r0).add(r1).add(r2).add(r3);
        }
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }
}
