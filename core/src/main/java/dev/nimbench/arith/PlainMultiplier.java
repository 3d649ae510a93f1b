package dev.nimbench.arith;

/**
 * The textbook multiplier: {@code a * b % M}. Any modulus {@code 2 <= M < 2^31}, even ones
 * included; {@code a * b < 2^62} so the long product never overflows. One hardware division per
 * product (M is not a compile-time constant, so the JIT cannot strength-reduce it).
 */
public final class PlainMultiplier implements ModularMultiplier {

    private final int m;

    PlainMultiplier(int m) {
        this.m = ModMath.requireModulus(m);
    }

    @Override
    public int modulus() {
        return m;
    }

    /** {@inheritDoc} Inputs in {@code [0, M)}, output in {@code [0, M)}. */
    @Override
    public long multiply(long a, long b) {
        return a * b % m;
    }
}
