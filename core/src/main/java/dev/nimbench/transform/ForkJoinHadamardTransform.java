package dev.nimbench.transform;

import dev.nimbench.pipeline.ExecutionContext;
import dev.nimbench.pipeline.ParallelFor;

/**
 * {@link BlockedHadamardTransform} split over {@code ctx.pool()}: pass 1's rows, then pass 2's
 * strips, are divided into {@code ctx.threads()} contiguous chunks (one strip buffer per chunk).
 * The plan asks for at least {@code 4 * threads} rows so that medium sizes also split; sizes too
 * small for that run as one block on the calling thread. Same numerics as the blocked form.
 */
public final class ForkJoinHadamardTransform implements HadamardTransform {

    @Override
    public void transform(int[] a, ExecutionContext ctx) {
        int threads = ctx.threads();
        TwoPassPlan plan = TwoPassPlan.of(HadamardLength.log2(a.length), 4 * threads, BlockedHadamardTransform.MIN_STRIP);
        int m = ctx.modulus();
        int tasks = Math.min(threads, plan.rows);
        ParallelFor.forEach(ctx, tasks, t -> {
            int from = (int) ParallelFor.chunkStart(plan.rows, tasks, t);
            int to = (int) ParallelFor.chunkStart(plan.rows, tasks, t + 1);
            for (int r = from; r < to; r++) {
                BlockedHadamardTransform.transformBlock(a, r * plan.block, plan.block, m);
            }
        });
        if (plan.rows > 1) {
            int stripTasks = Math.min(threads, plan.strips());
            ParallelFor.forEach(ctx, stripTasks, t -> {
                int from = (int) ParallelFor.chunkStart(plan.strips(), stripTasks, t);
                int to = (int) ParallelFor.chunkStart(plan.strips(), stripTasks, t + 1);
                int[] buf = new int[plan.bufferInts()];
                for (int s = from; s < to; s++) {
                    BlockedHadamardTransform.transformStrip(a, plan, s * plan.stripWidth, buf, m);
                }
            });
        }
    }

    @Override
    public long workingBytes(int length) {
        // Worst case over thread counts is not known here; report the 1-buffer-per-thread need for 2 threads.
        return 2L * 4L * TwoPassPlan.of(HadamardLength.log2(length), 8, BlockedHadamardTransform.MIN_STRIP).bufferInts();
    }
}
