package dev.nimbench.simd;

import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.MontgomeryMultiplier;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
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
 * <p>Shape: four independent chains of long lanes (each loaded from half as many ints and
 * widened) so that the multiply latency of one chain hides behind the others; all lanes share
 * the exponent, so the square-and-multiply branch is uniform. A scalar tail handles the last
 * {@code < STEP} entries. The arithmetic is written out in the loop body on purpose: a helper
 * that C2 does not inline would box every vector (PERF-NOTES). The four chains are spelled
 * out: edit all four together.
 *
 * <p>Why four, not eight: with eight chains (15% faster when compiled well) the method carried
 * so much inlined vector code that its compilation depended on what the other kernels of the
 * process had run before: with the vector factorial tables and the vector transform in the same
 * JVM, 1 to 5 processes in 6 compiled it 2.4-40x slower (the power sum at 92-1500 ms instead of
 * 31 ms); six chains still failed 1 in 6. Four chains compiled well in every process measured.
 * Loads widen ints with {@code convertShape(I2L)}; {@code reinterpretAsLongs} goes through a
 * virtual call whose shared type profile other kernels pollute.
 */
final class MontgomeryPowerKernel {

    static final VectorSpecies<Integer> INT = Species.INT;
    static final VectorSpecies<Long> LONG = Species.LONG;
    static final int VL_INT = INT.length();
    static final int VL_LONG = LONG.length();
    /** Ints with one lane per long lane (half the bits). */
    static final VectorSpecies<Integer> HALF_INT =
            VectorSpecies.of(int.class, VectorShape.forBitSize(LONG.vectorBitSize() / 2));
    /** Entries consumed per iteration: 4 long chains of VL_LONG lanes. */
    static final int STEP = 4 * VL_LONG;
    /**
     * Entries per {@link #blockSum} call (a multiple of every possible {@link #STEP}). The vector
     * loop is a method of its own, called once per block, so that C2 compiles it as an ordinary
     * method within the first ~600 calls. As one long loop in {@link #sum} (called a handful of
     * times per process) it was compiled through on-stack replacement instead, with the vector
     * chains live at the OSR entry: those arrive boxed, C2 keeps boxing them on every iteration
     * (steady young GCs) and the process stayed 10-40× slower until a normal compile replaced it.
     */
    static final int BLOCK = 1024;
    private static final LongVector LOW32 = LongVector.broadcast(LONG, MontgomeryMultiplier.R_MASK);

    private MontgomeryPowerKernel() {
    }

    /**
     * @throws IllegalArgumentException naming M when it is even (Montgomery needs M coprime to R)
     */
    static void requireOdd(int m) {
        if ((m & 1) == 0) {
            throw new IllegalArgumentException(
                    "vector-montgomery power sum needs an odd modulus (Montgomery, R = 2^32), got M = " + m);
        }
    }

    /**
     * {@code Σ_{i in [from, to)} x[i]^s mod M}, entries in {@code [0, M)}, odd M, {@code s >= 0};
     * result in {@code [0, M)} (ordinary residues, not Montgomery form).
     */
    static long sum(int[] x, int from, int to, long s, int m) {
        requireOdd(m);
        if (s == 0) {
            return (to - from) % m;
        }
        int top = 63 - Long.numberOfLeadingZeros(s); // the chains start at r = a: bit `top` is done
        boolean strict = m >= MontgomeryMultiplier.LAZY_MODULUS_LIMIT;
        long negInv = MontgomeryMultiplier.negInverse(m); // M' = -M^-1 mod R
        int bound = from + (to - from) / STEP * STEP;
        // Only scalars cross this loop; see BLOCK for why the vector loop lives in its own method.
        long vectorSum = 0;                                             // Montgomery form of Σ X^s
        for (int i = from; i < bound; i += BLOCK) {
            int end = bound - i > BLOCK ? i + BLOCK : bound;            // BLOCK is a multiple of STEP
            vectorSum += blockSum(x, i, end, s, top, strict, m, negInv); // each in [0, M): no overflow
            vectorSum %= m;
        }
        long correction = ModMath.pow(MontgomeryMultiplier.rModM(m), s - 1, m); // R^(s-1) mod M
        long total = vectorSum * correction % m;                       // ordinary residue in [0, M)
        for (int i = bound; i < to; i++) {
            total += ModMath.pow(x[i], s, m);                     // < 2^31 + tail * 2^31
        }
        return total % m;
    }

    /**
     * The vector part of {@link #sum} over {@code x[from, to)} ({@code to - from} a multiple of
     * {@link #STEP}, at most {@link #BLOCK}): the lanes' sum of the lazy Montgomery-form powers,
     * reduced to {@code [0, M)}, i.e. the Montgomery form of {@code Σ X^s}. {@code top} is the
     * index of the highest set bit of {@code s >= 1}; {@code negInv = M' = -M^-1 mod R}.
     */
    private static long blockSum(int[] x, int from, int to, long s, int top, boolean strict, int m, long negInv) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector np = LongVector.broadcast(LONG, negInv);
        LongVector acc = LongVector.zero(LONG);
        for (int i = from; i < to; i += STEP) {
            LongVector a0 = (LongVector) IntVector.fromArray(HALF_INT, x, i + 0 * VL_LONG).convertShape(VectorOperators.I2L, LONG, 0);
            LongVector a1 = (LongVector) IntVector.fromArray(HALF_INT, x, i + 1 * VL_LONG).convertShape(VectorOperators.I2L, LONG, 0);
            LongVector a2 = (LongVector) IntVector.fromArray(HALF_INT, x, i + 2 * VL_LONG).convertShape(VectorOperators.I2L, LONG, 0);
            LongVector a3 = (LongVector) IntVector.fromArray(HALF_INT, x, i + 3 * VL_LONG).convertShape(VectorOperators.I2L, LONG, 0);
            LongVector r0 = a0;
            LongVector r1 = a1;
            LongVector r2 = a2;
            LongVector r3 = a3;
            LongVector t;
            for (int b = top - 1; b >= 0; b--) {
                // square: lazy [0, 2M) -> [0, 2M); strict [0, M) -> [0, 2M)
                t = r0.mul(r0);
                r0 = t.add(t.mul(np).and(LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r1.mul(r1);
                r1 = t.add(t.mul(np).and(LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r2.mul(r2);
                r2 = t.add(t.mul(np).and(LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                t = r3.mul(r3);
                r3 = t.add(t.mul(np).and(LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                if (strict) { // M >= 2^30: back to [0, M) so that the next square stays below 2^64
                    t = r0.sub(mv);
                    r0 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                    t = r1.sub(mv);
                    r1 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                    t = r2.sub(mv);
                    r2 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                    t = r3.sub(mv);
                    r3 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                }
                if (((s >>> b) & 1) != 0) { // uniform across lanes: every lane shares s
                    t = r0.mul(a0);
                    r0 = t.add(t.mul(np).and(LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                    t = r1.mul(a1);
                    r1 = t.add(t.mul(np).and(LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                    t = r2.mul(a2);
                    r2 = t.add(t.mul(np).and(LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                    t = r3.mul(a3);
                    r3 = t.add(t.mul(np).and(LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
                    if (strict) { // M >= 2^30: back to [0, M) so that the next square stays below 2^64
                        t = r0.sub(mv);
                        r0 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                        t = r1.sub(mv);
                        r1 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                        t = r2.sub(mv);
                        r2 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                        t = r3.sub(mv);
                        r3 = t.add(t.lanewise(VectorOperators.ASHR, 63).and(mv));
                    }
                }
            }
            // r in [0, 2M) < 2^32 each: 4 of them add < 2^34 per lane per step
            acc = acc.add(r0).add(r1).add(r2).add(r3);
        }
        // All lanes together hold at most BLOCK terms below 2^32: the total is below 2^63.
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }
}
