package dev.nimbench.power;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.ParallelFor;

/**
 * {@link AutoVectorMontgomeryPowerSum} split into {@code 4 * threads} contiguous chunks over
 * {@code ctx.pool()}, each with its own two block arrays. Each chunk's sum is in {@code [0, M)};
 * fewer than 2^31 of them are added in a {@code long} and reduced once.
 */
public final class ForkJoinAutoVectorPowerSum implements PowerSum {

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        int n = x.length;
        int m = ctx.modulus();
        int tasks = (int) Math.max(1, Math.min(4L * ctx.threads(), n / ForkJoinPowerSum.MIN_CHUNK));
        long[] partial = new long[tasks];
        ParallelFor.forEachChunk(ctx, n, tasks,
                (t, from, to) -> partial[t] = AutoVectorMontgomeryPowerSum.sumRange(x, from, to, s, m));
        long total = 0;
        for (long p : partial) {
            total += p;
        }
        return total % m;
    }
}
