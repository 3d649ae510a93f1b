package dev.nimbench.power;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.ParallelFor;

/**
 * {@link ScalarPowerSum} split into {@code 4 * threads} contiguous chunks over
 * {@code ctx.pool()} (more chunks than threads so that a core slowed by other load does not
 * hold up the others). Each chunk's sum is in {@code [0, M)}; fewer than 2^31 of them are added
 * in a {@code long} and reduced once. Uses {@code ctx.multiplier()}, which is stateless.
 */
public final class ForkJoinPowerSum implements PowerSum {

    /** Below this many entries per task the fork/join overhead outweighs the split. */
    static final int MIN_CHUNK = 1 << 10;

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        return sumChunks(x, ctx, (from, to) -> ScalarPowerSum.sumRange(x, from, to, s, ctx.multiplier()));
    }

    /** A range's power sum in {@code [0, M)}. */
    interface RangeSum {
        long sum(int from, int to);
    }

    /**
     * {@code x} split into {@code 4 * threads} contiguous chunks (at least {@link #MIN_CHUNK} entries
     * each) over {@code ctx.pool()}; the chunk sums, each in {@code [0, M)}, added and reduced once.
     */
    static long sumChunks(int[] x, ExecutionContext ctx, RangeSum range) {
        int n = x.length;
        int tasks = (int) Math.max(1, Math.min(4L * ctx.threads(), n / MIN_CHUNK));
        long[] partial = new long[tasks];
        ParallelFor.forEachChunk(ctx, n, tasks, (t, from, to) -> partial[t] = range.sum(from, to));
        long total = 0;
        for (long p : partial) {
            total += p;
        }
        return total % ctx.modulus();
    }
}
