package dev.nimbench.simd;

import dev.nimbench.arith.FmaModMath;
import dev.nimbench.arith.ModMath;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@code Σ x[i]^s mod M} in double lanes with FMA, for any {@code 2 <= M < 2^31} (odd or even):
 * the product of {@link FmaModMath#multiplyLazy} lane by lane ({@code h = a b},
 * {@code l = fma(a, b, -h)}, {@code q = rint(h / M)} through the precomputed {@code 1/M} and the
 * {@code 1.5 * 2^52} rounding constant, {@code r = fma(q, -M, h) + l}). It multiplies on the
 * FMA units, which are fast on Intel and AMD alike, instead of {@code vpmullq}, and it needs no
 * JDK 24+ pattern: it is the fast form on JDK 17 (measured on Intel, docs/lane-arithmetic.md).
 *
 * <p>Numerics (proved in {@link FmaModMath}): every value stays an exact integer in the
 * <b>signed lazy range</b> {@code |r| < M} (in fact {@code < M/2 + 2^10}), which the product maps
 * into itself, so the chains carry <b>no correction at all</b>. Entries enter as ordinary residues
 * {@code [0, M)} (no Montgomery form, no correcting factor). The block sum adds at most
 * {@link #BLOCK} values below 2^31 in magnitude: an integer below 2^41, exact in a double; the one
 * correction is the {@code floorMod} of that sum. {@code s = 0} is answered directly
 * ({@code 0^0 = 1}: the count).
 *
 * <p>Shape: as {@link MontgomeryPowerKernel} (read its class comment): eight independent chains
 * (a product is a chain of five dependent FMA-unit operations, about 20 cycles, so one chain
 * alone would leave the units idle), one product per step {@code r * (base ? a : r)} from
 * {@link MontgomeryPowerKernel#productSteps}, the widening to doubles in a scalar method of its own,
 * the vector loop in a per-block method (no on-stack replacement with live vectors), a scalar
 * tail. The chains are spelled out: edit them together.
 */
public final class FmaPowerKernel {

    static final VectorSpecies<Double> DOUBLE = Species.DOUBLE;
    static final int VL = DOUBLE.length();
    /** Entries per iteration: 8 chains of VL lanes. */
    static final int STEP = 8 * VL;
    /** Entries per block-sum call, a multiple of {@link #STEP} (see {@link MontgomeryPowerKernel#BLOCK}). */
    static final int BLOCK = MontgomeryPowerKernel.BLOCK;
    /**
     * The first JDK measured to compile {@code DoubleVector.neg()} in {@link #reloadBlockSum} as
     * fast as {@code 0 - h}; before it the kernel writes {@code -h} as {@code 0 - h}. Single-thread
     * probe, AMD Zen 3 (AVX2), 2^22 entries, s = 10^7: JDK 17 62 ms with {@code neg()} and 30 ms
     * with the subtraction; JDK 25 27.5 ms with {@code neg()} and 53 ms with the subtraction
     * (results/reload-amd-f25m1-avx2-20261203/neg-probe.txt); JDKs 18-24 take the JDK 17 form,
     * unmeasured. Same values: {@code 0 - h} and {@code -h} differ only for {@code h = 0}, where
     * {@code fma(r, b, ±0) = r b = 0} either way. A {@code static final}, so C2 compiles only the
     * chosen form into the loop.
     */
    static final int NEG_JDK = 25;
    public static final boolean NEG_BY_SUBTRACTION = Runtime.version().feature() < NEG_JDK;

    private FmaPowerKernel() {
    }

    /**
     * {@code Σ_{i in [from, to)} x[i]^s mod M}, {@code from <= to}, entries in {@code [0, M)},
     * {@code 2 <= M < 2^31}, {@code s >= 0}; result in {@code [0, M)}.
     */
    static long sum(int[] x, int from, int to, long s, int m) {
        return sum(x, from, to, s, m, false);
    }

    /**
     * {@link #sum(int[], int, int, long, int)} with the block method chosen: {@code reload} runs
     * {@link #reloadBlockSum} (the shape for sixteen vector registers), else {@link #blockSum};
     * both give the same result.
     */
    static long sum(int[] x, int from, int to, long s, int m, boolean reload) {
        ModMath.requireModulus(m);
        if (s == 0) {
            return (to - from) % m;
        }
        int top = 63 - Long.numberOfLeadingZeros(s); // the chains start at r = a: bit `top` is done
        boolean[] byBase = MontgomeryPowerKernel.productSteps(s, top);
        double inv = FmaModMath.reciprocal(m);
        int bound = from + (to - from) / STEP * STEP;
        // Only scalars cross this loop; see MontgomeryPowerKernel.BLOCK.
        double[] w = new double[Math.min(BLOCK, bound - from)];
        long total = 0;
        for (int i = from; i < bound; i += BLOCK) {
            int len = Math.min(BLOCK, bound - i);                       // BLOCK is a multiple of STEP
            widen(x, i, w, len);
            total += reload                                             // in [0, M): no overflow
                    ? reloadBlockSum(w, len, byBase, m, inv)
                    : blockSum(w, len, byBase, m, inv);
            total %= m;
        }
        for (int i = bound; i < to; i++) {
            total += ModMath.pow(x[i], s, m);                           // < 2^31 + tail * 2^31
        }
        return total % m;
    }

    /**
     * {@code w[0, len) = x[from, from + len)} as doubles (exact: |x| < 2^31). A plain loop that
     * C2 vectorises by itself, on purpose: the Vector API form
     * ({@code IntVector.convertShape(I2D, ...)}) ran through the API's Java fallback in some JDK 17
     * processes (about one in two, 100× slower with steady young GCs; see
     * results/experiments-20261201-lanes.txt), the cumulative-trap effect described in
     * {@link MontgomeryPowerKernel}.
     */
    static void widen(int[] x, int from, double[] w, int len) {
        for (int k = 0; k < len; k++) {
            w[k] = x[from + k];
        }
    }

    /**
     * The vector part of {@link #sum} over {@code w[0, len)} ({@code len} a multiple of
     * {@link #STEP}, at most {@link #BLOCK}): eight chains in the signed lazy range, the
     * products listed by {@code byBase}; returns {@code Σ w[i]^s mod M} in {@code [0, M)}.
     */
    private static long blockSum(double[] w, int len, boolean[] byBase, int m, double invM) {
        DoubleVector negM = DoubleVector.broadcast(DOUBLE, -(double) m);
        DoubleVector inv = DoubleVector.broadcast(DOUBLE, invM);
        DoubleVector c = DoubleVector.broadcast(DOUBLE, FmaModMath.ROUNDING_CONSTANT);
        DoubleVector acc = DoubleVector.zero(DOUBLE);
        for (int i = 0; i < len; i += 8 * VL) {
            DoubleVector a0 = DoubleVector.fromArray(DOUBLE, w, i + 0 * VL);
            DoubleVector a1 = DoubleVector.fromArray(DOUBLE, w, i + 1 * VL);
            DoubleVector a2 = DoubleVector.fromArray(DOUBLE, w, i + 2 * VL);
            DoubleVector a3 = DoubleVector.fromArray(DOUBLE, w, i + 3 * VL);
            DoubleVector a4 = DoubleVector.fromArray(DOUBLE, w, i + 4 * VL);
            DoubleVector a5 = DoubleVector.fromArray(DOUBLE, w, i + 5 * VL);
            DoubleVector a6 = DoubleVector.fromArray(DOUBLE, w, i + 6 * VL);
            DoubleVector a7 = DoubleVector.fromArray(DOUBLE, w, i + 7 * VL);
            DoubleVector r0 = a0;
            DoubleVector r1 = a1;
            DoubleVector r2 = a2;
            DoubleVector r3 = a3;
            DoubleVector r4 = a4;
            DoubleVector r5 = a5;
            DoubleVector r6 = a6;
            DoubleVector r7 = a7;
            DoubleVector b;
            DoubleVector h;
            DoubleVector l;
            DoubleVector q;
            for (boolean base : byBase) { // r = r * (base ? a : r): |r| < M -> |r| < M/2 + 2^10, exact
                b = base ? a0 : r0;
                h = r0.mul(b);
                l = r0.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r0 = q.fma(negM, h).add(l);
                b = base ? a1 : r1;
                h = r1.mul(b);
                l = r1.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r1 = q.fma(negM, h).add(l);
                b = base ? a2 : r2;
                h = r2.mul(b);
                l = r2.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r2 = q.fma(negM, h).add(l);
                b = base ? a3 : r3;
                h = r3.mul(b);
                l = r3.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r3 = q.fma(negM, h).add(l);
                b = base ? a4 : r4;
                h = r4.mul(b);
                l = r4.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r4 = q.fma(negM, h).add(l);
                b = base ? a5 : r5;
                h = r5.mul(b);
                l = r5.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r5 = q.fma(negM, h).add(l);
                b = base ? a6 : r6;
                h = r6.mul(b);
                l = r6.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r6 = q.fma(negM, h).add(l);
                b = base ? a7 : r7;
                h = r7.mul(b);
                l = r7.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r7 = q.fma(negM, h).add(l);
            }
            // |r| < 2^31 each: 8 of them add < 2^34 per lane per step, exact
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7);
        }
        // At most BLOCK integers below 2^31 in magnitude in all: |sum| < 2^41, exact in a double.
        return Math.floorMod((long) acc.reduceLanes(VectorOperators.ADD), (long) m);
    }

    /**
     * {@link #blockSum} shaped for sixteen vector registers (AVX2's {@code ymm0-15}; AVX-512 has
     * 32): the eight chains keep only their running values in registers and read their bases
     * from {@code w} again in the steps that multiply by them, and each step is one branch for
     * all chains (eight squares, or eight products with the base) instead of a select per chain.
     * Live vectors: eight chains, three constants, the accumulator and four temporaries, where
     * {@link #blockSum}'s eight bases beside them made C2 spill. Same numerics, same result.
     */
    private static long reloadBlockSum(double[] w, int len, boolean[] byBase, int m, double invM) {
        DoubleVector negM = DoubleVector.broadcast(DOUBLE, -(double) m);
        DoubleVector inv = DoubleVector.broadcast(DOUBLE, invM);
        DoubleVector c = DoubleVector.broadcast(DOUBLE, FmaModMath.ROUNDING_CONSTANT);
        DoubleVector acc = DoubleVector.zero(DOUBLE);
        DoubleVector zero = DoubleVector.zero(DOUBLE);
        for (int i = 0; i < len; i += 8 * VL) {
            DoubleVector r0 = DoubleVector.fromArray(DOUBLE, w, i + 0 * VL);
            DoubleVector r1 = DoubleVector.fromArray(DOUBLE, w, i + 1 * VL);
            DoubleVector r2 = DoubleVector.fromArray(DOUBLE, w, i + 2 * VL);
            DoubleVector r3 = DoubleVector.fromArray(DOUBLE, w, i + 3 * VL);
            DoubleVector r4 = DoubleVector.fromArray(DOUBLE, w, i + 4 * VL);
            DoubleVector r5 = DoubleVector.fromArray(DOUBLE, w, i + 5 * VL);
            DoubleVector r6 = DoubleVector.fromArray(DOUBLE, w, i + 6 * VL);
            DoubleVector r7 = DoubleVector.fromArray(DOUBLE, w, i + 7 * VL);
            DoubleVector b;
            DoubleVector h;
            DoubleVector l;
            DoubleVector q;
            for (boolean base : byBase) { // |r| < M -> |r| < M/2 + 2^10, exact
                if (base) { // r = r * a, a read again from w
                    b = DoubleVector.fromArray(DOUBLE, w, i + 0 * VL);
                    h = r0.mul(b);
                    l = r0.fma(b, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r0 = q.fma(negM, h).add(l);
                    b = DoubleVector.fromArray(DOUBLE, w, i + 1 * VL);
                    h = r1.mul(b);
                    l = r1.fma(b, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r1 = q.fma(negM, h).add(l);
                    b = DoubleVector.fromArray(DOUBLE, w, i + 2 * VL);
                    h = r2.mul(b);
                    l = r2.fma(b, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r2 = q.fma(negM, h).add(l);
                    b = DoubleVector.fromArray(DOUBLE, w, i + 3 * VL);
                    h = r3.mul(b);
                    l = r3.fma(b, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r3 = q.fma(negM, h).add(l);
                    b = DoubleVector.fromArray(DOUBLE, w, i + 4 * VL);
                    h = r4.mul(b);
                    l = r4.fma(b, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r4 = q.fma(negM, h).add(l);
                    b = DoubleVector.fromArray(DOUBLE, w, i + 5 * VL);
                    h = r5.mul(b);
                    l = r5.fma(b, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r5 = q.fma(negM, h).add(l);
                    b = DoubleVector.fromArray(DOUBLE, w, i + 6 * VL);
                    h = r6.mul(b);
                    l = r6.fma(b, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r6 = q.fma(negM, h).add(l);
                    b = DoubleVector.fromArray(DOUBLE, w, i + 7 * VL);
                    h = r7.mul(b);
                    l = r7.fma(b, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r7 = q.fma(negM, h).add(l);
                } else { // r = r * r
                    h = r0.mul(r0);
                    l = r0.fma(r0, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r0 = q.fma(negM, h).add(l);
                    h = r1.mul(r1);
                    l = r1.fma(r1, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r1 = q.fma(negM, h).add(l);
                    h = r2.mul(r2);
                    l = r2.fma(r2, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r2 = q.fma(negM, h).add(l);
                    h = r3.mul(r3);
                    l = r3.fma(r3, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r3 = q.fma(negM, h).add(l);
                    h = r4.mul(r4);
                    l = r4.fma(r4, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r4 = q.fma(negM, h).add(l);
                    h = r5.mul(r5);
                    l = r5.fma(r5, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r5 = q.fma(negM, h).add(l);
                    h = r6.mul(r6);
                    l = r6.fma(r6, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r6 = q.fma(negM, h).add(l);
                    h = r7.mul(r7);
                    l = r7.fma(r7, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
                    q = h.fma(inv, c).sub(c);
                    r7 = q.fma(negM, h).add(l);
                }
            }
            // |r| < 2^31 each: 8 of them add < 2^34 per lane per step, exact
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7);
        }
        // At most BLOCK integers below 2^31 in magnitude in all: |sum| < 2^41, exact in a double.
        return Math.floorMod((long) acc.reduceLanes(VectorOperators.ADD), (long) m);
    }
}
