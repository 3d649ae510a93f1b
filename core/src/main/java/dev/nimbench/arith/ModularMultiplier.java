package dev.nimbench.arith;

/**
 * Scalar modular multiplication by a fixed modulus {@code M}, {@code 2 <= M < 2^31}.
 * Operands and results are ordinary residues in {@code [0, M)}; implementations that work in
 * another representation (Montgomery form) convert at their boundary, and {@link #pow} stays in
 * that representation for the whole exponentiation.
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
}
