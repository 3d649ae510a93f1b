package dev.nimbench.arith;

/**
 * Montgomery multiplication with {@code R = 2^32} for an odd modulus {@code 3 <= M < 2^31}.
 * This class is the one home of the Montgomery constants and primitives; the vector power sum
 * reuses the static helpers so that scalar and vector code share one definition.
 *
 * <h2>Constants</h2>
 * <ul>
 *   <li>{@code R = 2^32} ({@link #R_BITS}); {@code gcd(R, M) = 1} because M is odd.</li>
 *   <li>{@code M' = -M^{-1} mod 2^32} ({@link #negInverse(int)}), in {@code [0, 2^32)}, so that
 *       {@code M * M' == -1 (mod 2^32)}.</li>
 *   <li>{@code R mod M} ({@link #rModM(int)}): the Montgomery form of 1.</li>
 *   <li>{@code R^2 mod M} ({@link #r2ModM(int)}): multiplying by it and reducing converts an
 *       ordinary residue into Montgomery form.</li>
 * </ul>
 *
 * <h2>Forms and ranges</h2>
 * The Montgomery form of {@code x} is {@code x~ = x*R mod M}. {@link #reduce(long, int, long)}
 * ({@code REDC}) maps {@code T} in {@code [0, M*R)} to {@code T*R^{-1} mod M} in {@code [0, M)};
 * {@link #reduceLazy} skips the final subtraction and returns {@code [0, 2M)}. So
 * {@code REDC(a~ * b~) = (ab)~}: a product of two values in Montgomery form stays in it.
 * <ul>
 *   <li><b>Enter</b> Montgomery form: {@code x~ = REDC(x * R^2 mod M)} ({@link #toMontgomery}).</li>
 *   <li><b>Leave</b> it: {@code x = REDC(x~)} ({@link #fromMontgomery}).</li>
 *   <li>Additions, subtractions and halvings are linear, so they work on Montgomery forms
 *       unchanged; a sum of values in Montgomery form needs one {@code REDC} at the end.</li>
 * </ul>
 * {@link #multiply} takes and returns ordinary residues in {@code [0, M)} (the interface's
 * contract), so it enters and leaves the form inside every call (two REDCs);
 * {@link #pow} enters once, runs the whole square-and-multiply in Montgomery form and leaves once.
 * The interface's scaled product is the bare REDC: scale {@code K = R},
 * {@link #multiplyScaled}{@code (a, b) = REDC(a*b) = a*b*R^{-1}}, {@link #lift} = enter
 * Montgomery form, {@link #unlift} = leave it; {@code multiplyScaled(lift(a), b) = a*b} with one
 * REDC.
 */
public final class MontgomeryMultiplier implements ModularMultiplier {

    /** {@code R = 2^R_BITS}. */
    public static final int R_BITS = 32;

    /** Mask of the low {@link #R_BITS} bits: {@code x mod R}. */
    public static final long R_MASK = 0xFFFF_FFFFL;

    /** Largest modulus for which {@link #reduceLazy} chains are safe (inputs in {@code [0, 2M)}). */
    public static final int LAZY_MODULUS_LIMIT = 1 << 30;

    private final int m;
    private final long mPrime;
    private final long r2;

    MontgomeryMultiplier(int m) {
        ModMath.requireModulus(m);
        if ((m & 1) == 0) {
            throw new IllegalArgumentException(
                    "montgomery needs an odd modulus (R = 2^32 must be invertible mod M): got M=" + m);
        }
        this.m = m;
        this.mPrime = negInverse(m);
        this.r2 = r2ModM(m);
    }

    @Override
    public int modulus() {
        return m;
    }

    /** This modulus's {@code M' = -M^{-1} mod 2^32}. */
    public long negInverse() {
        return mPrime;
    }

    /** This modulus's {@code R^2 mod M}. */
    public long r2ModM() {
        return r2;
    }

    /** {@inheritDoc} Ordinary residues in {@code [0, M)} in and out: two REDCs. */
    @Override
    public long multiply(long a, long b) {
        long abOverR = reduce(a * b, m, mPrime); // a*b < M^2 < M*R; result a*b*R^-1 in [0, M)
        return reduce(abOverR * r2, m, mPrime); // (a*b*R^-1) * R^2 * R^-1 = a*b, in [0, M)
    }

    /** {@inheritDoc} One REDC: {@code a*b*R^{-1} mod M}, in {@code [0, M)}. */
    @Override
    public long multiplyScaled(long a, long b) {
        return reduce(a * b, m, mPrime);
    }

    /** {@inheritDoc} Enters Montgomery form: {@code x*R mod M}. */
    @Override
    public long lift(long x) {
        return toMontgomery(x, m, mPrime, r2);
    }

    /** {@inheritDoc} Leaves Montgomery form: {@code x*R^{-1} mod M}. */
    @Override
    public long unlift(long x) {
        return reduce(x, m, mPrime);
    }

    /** {@inheritDoc} Enters Montgomery form once, squares and multiplies there, leaves once. */
    @Override
    public long pow(long base, long e) {
        long b = toMontgomery(base, m, mPrime, r2); // base~ in [0, M)
        long result = rModM(m); // 1~
        while (e > 0) {
            if ((e & 1) != 0) {
                result = reduce(result * b, m, mPrime);
            }
            b = reduce(b * b, m, mPrime);
            e >>>= 1;
        }
        return reduce(result, m, mPrime); // leave Montgomery form; 0^0 -> 1
    }

    /**
     * {@code M' = -M^{-1} mod 2^32} for odd {@code M}, in {@code [0, 2^32)}. Newton's iteration
     * {@code x <- x(2 - Mx)} doubles the number of correct low bits; {@code x = M} is correct to
     * 3 bits for odd M, so four steps give 48 >= 32 bits.
     */
    public static long negInverse(int m) {
        if ((m & 1) == 0) {
            throw new IllegalArgumentException("montgomery needs an odd modulus: got M=" + m);
        }
        int inv = m; // int arithmetic is arithmetic mod 2^32
        for (int i = 0; i < 4; i++) {
            inv *= 2 - m * inv;
        }
        return (-inv) & R_MASK;
    }

    /** {@code R mod M = 2^32 mod M}, the Montgomery form of 1; in {@code [0, M)}. */
    public static long rModM(int m) {
        return (1L << R_BITS) % m;
    }

    /** {@code R^2 mod M}; in {@code [0, M)}. */
    public static long r2ModM(int m) {
        long r = rModM(m);
        return r * r % m;
    }

    /**
     * REDC: {@code T * R^{-1} mod M} in {@code [0, M)}, for odd {@code M < 2^31} and
     * {@code 0 <= T < M * 2^32}. {@code q = (T mod R) * M' mod R} makes {@code T + qM} divisible
     * by R; {@code T + qM < 2^33 M < 2^64}, so the unsigned shift is exact even when the signed
     * sum wraps; {@code (T + qM)/R < 2M}, so one conditional subtraction.
     */
    public static long reduce(long t, int m, long mPrime) {
        long q = (t * mPrime) & R_MASK; // (T mod R) M' mod R: only low bits matter, wrapping is fine
        long u = (t + q * m) >>> R_BITS; // in [0, 2M)
        return u >= m ? u - m : u;
    }

    /**
     * REDC without the final subtraction: {@code T * R^{-1} mod M} as a value in {@code [0, 2M)},
     * for {@code 0 <= T < M * 2^32}. Chaining it on lazy operands in {@code [0, 2M)} keeps
     * {@code T < 4M^2 <= M * 2^32} only while {@code M < 2^30} ({@link #LAZY_MODULUS_LIMIT}):
     * callers that keep values lazily must check that bound.
     */
    public static long reduceLazy(long t, int m, long mPrime) {
        long q = (t * mPrime) & R_MASK;
        return (t + q * m) >>> R_BITS;
    }

    /** {@code x~ = x*R mod M} for {@code x} in {@code [0, M)}; result in {@code [0, M)}. */
    public static long toMontgomery(long x, int m, long mPrime, long r2ModM) {
        return reduce(x * r2ModM, m, mPrime); // x * R^2 < M^2: REDC precondition holds
    }

    /** {@code x} from {@code x~} in {@code [0, 2M)}; result in {@code [0, M)}. */
    public static long fromMontgomery(long xMont, int m, long mPrime) {
        return reduce(xMont, m, mPrime);
    }
}
