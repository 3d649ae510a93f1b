package dev.nimbench.simd;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.ParallelFor;
import dev.nimbench.power.PowerSum;
import dev.nimbench.power.PowerSums;

/**
 * {@link VectorMontgomeryPowerSum} over {@code 4 * threads} contiguous chunks on
 * {@code ctx.pool()}, chunk borders on multiples of the kernel's step so that only the last
 * chunk has a scalar tail. Each chunk's sum is an ordinary residue in {@code [0, M)}; they are
 * added in a {@code long} and reduced once.
 */
public final class ForkJoinVectorMontgomeryPowerSum implements PowerSum {

    /** Below this many steps per task the fork/join overhead outweighs the split. */
    static final int MIN_STEPS = 16;

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        int m = ctx.modulus();
        MontgomeryPowerKernel.requireOdd(m);
        int n = x.length;
        int step = MontgomeryPowerKernel.LAZY_STEP; // a multiple of STRICT_STEP too
        int steps = n / step;
        int tasks = (int) Math.max(1, Math.min(4L * ctx.threads(), steps / MIN_STEPS));
        long[] partial = new long[tasks];
        ParallelFor.forEach(ctx, tasks, t -> {
            int from = (int) ParallelFor.chunkStart(steps, tasks, t) * step;
            int to = t == tasks - 1 ? n : (int) ParallelFor.chunkStart(steps, tasks, t + 1) * step;
            partial[t] = MontgomeryPowerKernel.sum(x, from, to, s, m);
        });
        long total = 0;
        for (long p : partial) {
            total += p;
        }
        return total % m;
    }
}
