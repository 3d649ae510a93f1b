package dev.nimbench.arith;

/**
 * Scalar modular multiplication by a fixed modulus {@code M}, {@code 2 <= M < 2^31}.
 * Operands and results are ordinary residues in {@code [0, M)}; implementations that work in
 * another representation (Montgomery form) convert at their boundary, and {@link #pow} stays in
 * that representation for the whole exponentiation.
 *
 * <p><b>Scaled products for hot loops.</b> {@link #multiplyScaled} is the bare reduction,
 * {@code a*b*K^{-1} mod M}, with a scale K fixed by the implementation ({@code K = 1} by default,
 * {@code K = R = 2^32} for Montgomery). A loop that keeps one operand lifted,
 * {@code lift(a) = a*K mod M}, gets {@code multiplyScaled(lift(a), b) = a*b} with one reduction
 * and no conversion per product. {@code lift} is linear, so lifted values may be added,
 * subtracted and halved like residues.
 */
public interface ModularMultiplier {

    /** The modulus M. */
    int modulus();

    /** {@code a * b mod M} for {@code a, b} in {@code [0, M)}; result in {@code [0, M)}. */
    long multiply(long a, long b);

    /**
     * {@code base^e mod M} for {@code base} in {@code [0, M)} and {@code e >= 0}, with
     * {@code 0^0 = 1}; result in {@code [0, M)}.
     */
    default long pow(long base, long e) {
        long result = 1 % modulus();
        long b = base;
        while (e > 0) {
            if ((e & 1) != 0) {
                result = multiply(result, b);
            }
            b = multiply(b, b);
            e >>>= 1;
        }
        return result;
    }

    /**
     * {@code a * b * K^{-1} mod M} for {@code a, b} in {@code [0, M)}, where K is this
     * implementation's scale (1 unless overridden); result in {@code [0, M)}.
     */
    default long multiplyScaled(long a, long b) {
        return multiply(a, b);
    }

    /** {@code x * K mod M} for {@code x} in {@code [0, M)}; result in {@code [0, M)}. Linear in x. */
    default long lift(long x) {
        return x;
    }

    /** {@code x * K^{-1} mod M}, the inverse of {@link #lift}; {@code x} and the result in {@code [0, M)}. */
    default long unlift(long x) {
        return x;
    }
}
