package dev.nimbench.power;

import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.exec.ExecutionContext;

/**
 * The baseline: {@code ctx.multiplier().pow(x[i], s)} per entry, so it runs with whichever
 * multiplier the configuration chose. Each power is in {@code [0, M)}, {@code M < 2^31}; the
 * sum of fewer than 2^31 of them stays below 2^62 in a {@code long} and is reduced once.
 */
public final class ScalarPowerSum implements PowerSum {

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        return sumRange(x, 0, x.length, s, ctx.multiplier());
    }

    /** {@code Σ x[i]^s mod M} over {@code [from, to)}, result in {@code [0, M)}. */
    static long sumRange(int[] x, int from, int to, long s, ModularMultiplier mul) {
        long sum = 0; // < (to - from) * M < 2^62
        for (int i = from; i < to; i++) {
            sum += mul.pow(x[i], s);
        }
        return sum % mul.modulus();
    }
}
