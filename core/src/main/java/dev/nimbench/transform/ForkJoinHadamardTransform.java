package dev.nimbench.transform;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.ParallelFor;

/**
 * {@link BlockedHadamardTransform} split over {@code ctx.pool()}: pass 1's rows, then pass 2's
 * strips, are divided into {@code 4 * threads} contiguous chunks (one strip buffer per chunk,
 * kept in the context).
 * The plan asks for at least {@code 4 * threads} rows so that medium sizes also split; below
 * {@link TwoPassPlan#MIN_PARALLEL_LOG} (or with one thread) the blocked transform runs on the
 * calling thread. Same numerics as the blocked form.
 */
public final class ForkJoinHadamardTransform implements HadamardTransform {

    /**
     * Chunks per thread in each pass: more chunks than threads, so that when another process
     * slows one core down the other steals the rest instead of waiting (the machine is shared).
     */
    static final int TASKS_PER_THREAD = 4;

    @Override
    public void transform(int[] a, int offset, int length, ExecutionContext ctx) {
        int log = HadamardLength.log2(a.length, offset, length);
        int threads = ctx.threads();
        int m = ctx.modulus();
        if (threads == 1 || log < TwoPassPlan.MIN_PARALLEL_LOG) {
            BlockedHadamardTransform.transformSequential(a, offset, log, m);
            return;
        }
        TwoPassPlan plan = TwoPassPlan.of(log, 4 * threads, BlockedHadamardTransform.MIN_STRIP);
        int tasks = Math.min(TASKS_PER_THREAD * threads, plan.rows);
        ParallelFor.forEachChunk(ctx, plan.rows, tasks, (t, from, to) -> {
            for (int r = from; r < to; r++) {
                BlockedHadamardTransform.transformBlock(a, offset + r * plan.block, plan.block, m);
            }
        });
        if (plan.rows > 1) {
            int stripTasks = Math.min(TASKS_PER_THREAD * threads, plan.strips());
            ParallelFor.forEachChunk(ctx, plan.strips(), stripTasks, (t, from, to) -> {
                int[] buf = plan.stripBuffer(ctx, t);
                for (int s = from; s < to; s++) {
                    BlockedHadamardTransform.transformStrip(a, plan, offset + s * plan.stripWidth, buf, m);
                }
            });
        }
    }

    @Override
    public long workingBytes(int length) {
        int threads = Runtime.getRuntime().availableProcessors();
        // The thread count is not known here: assume the available processors.
        return TwoPassPlan.of(HadamardLength.log2(length), 4 * threads, BlockedHadamardTransform.MIN_STRIP)
                .stripBufferBytes(TASKS_PER_THREAD * threads);
    }
}
