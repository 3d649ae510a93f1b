package dev.nimbench.arith;

/**
 * Barrett reduction with a 64-bit shift, for any modulus {@code 2 <= M < 2^31} (even ones too).
 *
 * <p>Precomputed constant: {@code mu = floor((2^64 - 1) / M)} ({@code = floor(2^64/M)} unless M
 * is a power of two), which is below {@code 2^63} for every {@code M >= 2} and so a positive long.
 * Input range of {@link #reduce}: {@code 0 <= x < 2^62}, which covers every product of two
 * residues ({@code x < M^2 < 2^62}). The quotient estimate is the high word of the 128-bit
 * product, {@code q = floor(x * mu / 2^64)} ({@link Math#multiplyHigh}; both factors are
 * non-negative so the signed high word is the unsigned one). Since {@code mu >= 2^64/M - 1} and
 * {@code x < 2^62}, {@code x*mu/2^64 > x/M - 1/4}, hence {@code floor(x/M) - 1 <= q <= floor(x/M)}
 * and {@code x - q*M} lies in {@code [0, 2M)}: exactly <b>one</b> final conditional subtraction.
 * Three multiplications per product ({@code a*b}, the high word, {@code q*M}), no division.
 */
public final class BarrettMultiplier implements ModularMultiplier {

    private final int m;
    private final long mu;

    BarrettMultiplier(int m) {
        this.m = ModMath.requireModulus(m);
        this.mu = Long.divideUnsigned(-1L, m); // floor((2^64 - 1) / M) < 2^63
    }

    @Override
    public int modulus() {
        return m;
    }

    /** The precomputed {@code floor((2^64 - 1) / M)}. */
    public long mu() {
        return mu;
    }

    /** {@inheritDoc} Inputs in {@code [0, M)}, output in {@code [0, M)}. */
    @Override
    public long multiply(long a, long b) {
        return reduce(a * b);
    }

    /** {@code x mod M} for {@code 0 <= x < 2^62}; result in {@code [0, M)}. */
    public long reduce(long x) {
        long q = Math.multiplyHigh(x, mu); // floor(x*mu / 2^64), in [floor(x/M) - 1, floor(x/M)]
        long r = x - q * m; // in [0, 2M)
        return r >= m ? r - m : r;
    }
}
