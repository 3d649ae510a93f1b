package dev.nimbench.testkit;

import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.exec.ExecutionContext;
import java.math.BigInteger;

/**
 * The obviously right multiplier for tests: {@code a * b % M} in {@code long} (operands below
 * 2^31, so the product is below 2^62), and a BigInteger {@code modPow}. Independent of the
 * multiplier stage's variants, so the transform and power tests do not depend on them.
 */
public final class ReferenceMultiplier implements ModularMultiplier {

    private final int m;

    public ReferenceMultiplier(int m) {
        this.m = m;
    }

    @Override
    public int modulus() {
        return m;
    }

    @Override
    public long multiply(long a, long b) {
        return a * b % m;
    }

    @Override
    public long pow(long base, long e) {
        return BigInteger.valueOf(base).modPow(BigInteger.valueOf(e), BigInteger.valueOf(m)).longValueExact();
    }

    /** A context with this multiplier for modulus m and the given thread count. */
    public static ExecutionContext context(int m, int threads) {
        return new ExecutionContext(new ReferenceMultiplier(m), threads);
    }
}
