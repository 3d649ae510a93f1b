package dev.nimbench.power;

import dev.nimbench.exec.ExecutionContext;

/**
 * {@link AutoVectorMontgomeryPowerSum} split into {@code 4 * threads} contiguous chunks over
 * {@code ctx.pool()} ({@link ForkJoinPowerSum#sumChunks}), each with its own two block arrays.
 */
public final class ForkJoinAutoVectorPowerSum implements PowerSum {

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        int m = ctx.modulus();
        return ForkJoinPowerSum.sumChunks(x, ctx, (from, to) -> AutoVectorMontgomeryPowerSum.sumRange(x, from, to, s, m));
    }
}
