package dev.nimbench.transform.vector;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.ParallelFor;
import dev.nimbench.transform.HadamardLength;
import dev.nimbench.transform.HadamardTransform;
import dev.nimbench.transform.TwoPassPlan;

/**
 * {@link VectorHadamardTransform} split over {@code ctx.pool()}: pass 1's rows, then pass 2's
 * strips, in {@code 4 * threads} contiguous chunks (one strip buffer per chunk, kept in the
 * context). The plan asks
 * for at least {@code 4 * threads} rows so that medium sizes split too; below
 * {@link TwoPassPlan#MIN_PARALLEL_LOG}, with one thread, or when the array cannot be cut into
 * rows, it is the one-thread transform. Same numerics as the one-thread form (pass 2 unbiases,
 * so the parallel path always has more than one row).
 */
public final class ForkJoinVectorHadamardTransform implements HadamardTransform {

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
        TwoPassPlan plan = TwoPassPlan.of(log, 4 * threads, VectorHadamardKernels.VL);
        if (threads == 1 || log < TwoPassPlan.MIN_PARALLEL_LOG || plan.rows == 1) {
            TwoPassPlan sequential = TwoPassPlan.of(log, 1, VectorHadamardKernels.VL);
            int[] buf = sequential.rows > 1 ? sequential.stripBuffer(ctx, 0) : null;
            VectorHadamardKernels.transform(a, offset, sequential, buf, m);
            return;
        }
        int tasks = Math.min(TASKS_PER_THREAD * threads, plan.rows);
        ParallelFor.forEachChunk(ctx, plan.rows, tasks, (t, from, to) -> {
            for (int r = from; r < to; r++) {
                VectorHadamardKernels.pass1Block(a, offset + r * plan.block, plan.block, m);
            }
        });
        int stripTasks = Math.min(TASKS_PER_THREAD * threads, plan.strips());
        ParallelFor.forEachChunk(ctx, plan.strips(), stripTasks, (t, from, to) -> {
            int[] buf = plan.stripBuffer(ctx, t);
            for (int s = from; s < to; s++) {
                VectorHadamardKernels.pass2Strip(a, plan, offset + s * plan.stripWidth, buf, m);
            }
        });
    }

    @Override
    public long workingBytes(int length) {
        int threads = Runtime.getRuntime().availableProcessors();
        // The thread count is not known here: assume the available processors.
        return TwoPassPlan.of(HadamardLength.log2(length), 4 * threads, VectorHadamardKernels.VL)
                .stripBufferBytes(TASKS_PER_THREAD * threads);
    }
}
