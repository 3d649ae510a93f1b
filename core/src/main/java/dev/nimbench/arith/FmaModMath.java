package dev.nimbench.arith;

/**
 * Modular multiplication in {@code double} arithmetic with a fused multiply-add, for
 * {@code 2 <= M < 2^31} (any modulus, odd or even): the scalar definition of the technique that
 * the double-lane vector kernels ({@code simd/FmaPowerKernel}) run lane by lane.
 * Literature: van der Hoeven, Lecerf and Quintin, <i>Modular SIMD arithmetic in Mathemagix</i>
 * (2014); Shoup's precomputed-quotient multiply in NTL.
 *
 * <h2>The product</h2>
 * For integers {@code a, b} with {@code |a|, |b| < M} (the <b>signed lazy range</b>; ordinary
 * residues {@code [0, M)} are a special case):
 * <pre>
 *   h = fl(a * b)                      // rounded product
 *   l = fma(a, b, -h)                  // a*b - h, exactly
 *   q = fma(h, 1/M, C) - C             // C = 1.5 * 2^52: q = rint(h * fl(1/M))
 *   r = fma(-q, M, h) + l              // = a*b - q*M, exactly
 * </pre>
 * and {@code r ≡ a b (mod M)} with {@code |r| < M/2 + 2^10 < M}, so {@code r} is again in the
 * signed lazy range: products chain without any correction. One correction at the end,
 * {@code r < 0 ? r + M : r} ({@link #normalize}), gives the residue in {@code [0, M)}.
 *
 * <h2>Why it is exact (error bound)</h2>
 * Write {@code u = 2^-53} (unit roundoff of round-to-nearest doubles) and {@code P = a b}.
 * <ol>
 * <li><b>Integers are exact.</b> {@code |a|, |b| < M < 2^31} are exact doubles;
 *     {@code |P| < M^2 < 2^62}. {@code h = fl(P)} is a double of magnitude {@code < 2^62}; every
 *     double {@code >= 2^52} in magnitude is an integer, and below that {@code h = P} exactly.
 *     So {@code h} is an integer, and so is {@code P - h}.</li>
 * <li><b>The product is exact as h + l.</b> The rounding error of a product of doubles is
 *     itself a double (no underflow here: {@code |P| >= 1} or {@code P = 0}), and the FMA
 *     computes {@code a b - h} with one rounding of an exactly representable value:
 *     {@code l = P - h} exactly, {@code |l| <= ulp(h)/2 <= 2^9}.</li>
 * <li><b>The quotient is off by at most 1/2 + 2^-21.</b> {@code fl(1/M) = (1/M)(1 + e1)} and
 *     {@code h = P (1 + e2)} with {@code |e1|, |e2| <= u}. The FMA adds {@code C} to the exact
 *     product {@code h fl(1/M)} and rounds once; since {@code |h fl(1/M)| < 2^32 < 2^51}, the sum
 *     lies in {@code [2^52, 2^53)} where doubles are the integers, so
 *     {@code q = rint(h fl(1/M))} exactly (the subtraction of {@code C} is exact). With
 *     {@code y = h fl(1/M) = (P/M)(1 + e1)(1 + e2)}: {@code |y - P/M| <= (|P|/M)(2u + u^2)
 *     < (2^31 - 1)(2^-52 + 2^-106) < 2^-21} (as {@code |P|/M < M <= 2^31 - 1}), so
 *     {@code |q - P/M| <= 1/2 + 2^-21} (rounding to nearest adds at most 1/2).</li>
 * <li><b>The remainder is exact.</b> {@code q M} and {@code h} are integers and
 *     {@code h - q M = (P - q M) - l}, where {@code |P - qM| <= (1/2 + 2^-21) M < 2^31} and
 *     {@code |l| <= 2^9}: an integer below {@code 2^32}, so representable, and the FMA's one
 *     rounding leaves it exact. Adding {@code l} is again an integer sum below {@code 2^53}:
 *     exact. Hence {@code r = P - q M} exactly, {@code r ≡ a b (mod M)}, and
 *     {@code |r| <= (1/2 + 2^-21) M < M/2 + 2^10}.</li>
 * <li><b>One correction suffices.</b> {@code |r| < M}, so {@code r} or {@code r + M} is in
 *     {@code [0, M)}: one conditional add. Because {@code |r| < M}, the same bound holds when
 *     {@code r} is fed back as an operand: the lazy range is closed under the product.</li>
 * <li><b>Sums.</b> Values in the signed lazy range are integers below {@code 2^31} in
 *     magnitude; any sum of fewer than {@code 2^22} of them is an integer below {@code 2^53}
 *     and therefore exact in a double (the kernels add at most a block of 1024 per lane).</li>
 * </ol>
 * Java's {@code double} arithmetic is IEEE 754 round-to-nearest-even on every platform (strict
 * since JDK 17) and {@code Math.fma} / {@code DoubleVector.fma} round once, so the bound holds
 * wherever the code runs; without FMA hardware the JDK emulates {@code fma} exactly (slowly).
 */
public final class FmaModMath {

    /** {@code 1.5 * 2^52}: adding and subtracting it rounds a double below 2^51 to the nearest integer. */
    public static final double ROUNDING_CONSTANT = 6755399441055744.0;

    private FmaModMath() {
    }

    /** {@code fl(1/M)}, the precomputed reciprocal; {@code 2 <= M < 2^31} (checked). */
    public static double reciprocal(int m) {
        ModMath.requireModulus(m);
        return 1.0 / m;
    }

    /**
     * {@code r ≡ a b (mod M)} with {@code |r| < M/2 + 2^10}, for integers {@code |a|, |b| < M},
     * {@code 2 <= M < 2^31}, {@code inv = }{@link #reciprocal}{@code (M)} (the class comment
     * proves the bound). Unchecked: callers keep the operands in range.
     */
    public static double multiplyLazy(double a, double b, double m, double inv) {
        double h = a * b;
        double l = Math.fma(a, b, -h);                                      // a*b = h + l exactly
        double q = Math.fma(h, inv, ROUNDING_CONSTANT) - ROUNDING_CONSTANT; // rint(h / M), off <= 1/2 + 2^-21
        return Math.fma(-q, m, h) + l;                                      // a*b - q*M exactly, |.| < M
    }

    /** The residue in {@code [0, M)} of an integer {@code |r| < M}: one conditional add. */
    public static double normalize(double r, double m) {
        return r < 0 ? r + m : r;
    }

    /** {@code a b mod M} in {@code [0, M)} for residues {@code a, b} in {@code [0, M)} ({@code 2 <= M < 2^31}). */
    public static long multiply(long a, long b, int m) {
        double dm = m;
        return (long) normalize(multiplyLazy(a, b, dm, reciprocal(m)), dm);
    }
}
