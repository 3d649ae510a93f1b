package dev.nimbench.simd;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.ParallelFor;

/**
 * Splits a range power-sum kernel over {@code 4 * threads} contiguous chunks on
 * {@code ctx.pool()}, chunk borders on multiples of the kernel's step so that only the last
 * chunk has a scalar tail. Each chunk's sum is an ordinary residue in {@code [0, M)}; they are
 * added in a {@code long} and reduced once. Only scalars cross the call into the kernel.
 */
public final class ForkJoinRanges {

    /** Below this many steps per task the fork/join overhead outweighs the split. */
    static final int MIN_STEPS = 16;

    /** A power-sum kernel over {@code x[from, to)}: result in {@code [0, M)}. */
    @FunctionalInterface
    interface RangeSum {
        public long sum(int[] x, int from, int to, long s, int m);
    }

    private ForkJoinRanges() {
    }

    /** {@code Σ x^s mod ctx.modulus()} by {@code kernel} over chunks of whole {@code step}s. */
    public static long sum(int[] x, long s, ExecutionContext ctx, int step, RangeSum kernel) {
        int m = ctx.modulus();
        int n = x.length;
        int steps = n / step;
        int tasks = (int) Math.max(1, Math.min(4L * ctx.threads(), steps / MIN_STEPS));
        long[] partial = new long[tasks];
        ParallelFor.forEach(ctx, tasks, t -> {
            int from = (int) ParallelFor.chunkStart(steps, tasks, t) * step;
            int to = t == tasks - 1 ? n : (int) ParallelFor.chunkStart(steps, tasks, t + 1) * step;
            partial[t] = kernel.sum(x, from, to, s, m);
        });
        long total = 0;
        for (long p : partial) {
            total += p;
        }
        return total % m;
    }
}
