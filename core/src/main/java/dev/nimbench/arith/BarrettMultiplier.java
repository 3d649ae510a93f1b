package dev.nimbench.arith;

/**
 * Barrett reduction with a 62-bit shift, for any modulus {@code 2 <= M < 2^31} (even ones too).
 *
 * <p>Precomputed constant: {@code mu = floor(2^62 / M)} (so {@code 2^30 < mu <= 2^61}).
 * Input range of {@link #reduce}: {@code 0 <= x < 2^62}, which covers every product of two
 * residues ({@code x < M^2 < 2^62}). The quotient estimate {@code q = floor(x * mu / 2^62)} is
 * taken from the 128-bit product ({@link Math#multiplyHigh} for the high word, the wrapped long
 * product for the low word). Since {@code mu > 2^62/M - 1} and {@code x < 2^62},
 * {@code x*mu/2^62 > x/M - 1}, hence {@code floor(x/M) - 1 <= q <= floor(x/M)} and
 * {@code x - q*M} lies in {@code [0, 2M)}: exactly <b>one</b> final conditional subtraction.
 */
public final class BarrettMultiplier implements ModularMultiplier {

    /** The shift k in {@code mu = floor(2^k / M)}. */
    public static final int SHIFT = 62;

    private final int m;
    private final long mu;

    BarrettMultiplier(int m) {
        this.m = ModMath.requireModulus(m);
        this.mu = (1L << SHIFT) / m;
    }

    @Override
    public int modulus() {
        return m;
    }

    /** The precomputed {@code floor(2^62 / M)}. */
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
        long hi = Math.multiplyHigh(x, mu); // x*mu < 2^123: both words non-negative
        long lo = x * mu; // low 64 bits, wrapped
        long q = (hi << (64 - SHIFT)) | (lo >>> SHIFT); // floor(x*mu / 2^62)
        long r = x - q * m; // in [0, 2M)
        return r >= m ? r - m : r;
    }
}
