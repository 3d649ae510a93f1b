package dev.nimbench.transform.vector;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.ParallelFor;
import dev.nimbench.transform.HadamardLength;
import dev.nimbench.transform.HadamardTransform;
import dev.nimbench.transform.TwoPassPlan;

/**
 * A two-pass vector transform split over {@code ctx.pool()} exactly as
 * {@link ForkJoinVectorHadamardTransform} splits its kernels (pass 1's rows, then pass 2's
 * strips, {@code 4 * threads} chunks each, one strip buffer per chunk, kept in the context; one
 * thread below
 * {@link TwoPassPlan#MIN_PARALLEL_LOG}), for the kernels a subclass names. The split is the same
 * so that a comparison of the variants measures the kernels only.
 */
abstract class ForkJoinTwoPassHadamardTransform implements HadamardTransform {

    private final TwoPassKernels kernels;

    ForkJoinTwoPassHadamardTransform(TwoPassKernels kernels) {
        this.kernels = kernels;
    }

    @Override
    public final void transform(int[] a, int offset, int length, ExecutionContext ctx) {
        int log = HadamardLength.log2(a.length, offset, length);
        int threads = ctx.threads();
        int m = ctx.modulus();
        int vl = kernels.lanes();
        TwoPassPlan plan = TwoPassPlan.of(log, 4 * threads, vl);
        if (threads == 1 || log < TwoPassPlan.MIN_PARALLEL_LOG || plan.rows == 1) {
            TwoPassPlan sequential = TwoPassPlan.of(log, 1, vl);
            int[] buf = sequential.rows > 1 ? sequential.stripBuffer(ctx, 0) : null;
            kernels.transform(a, offset, sequential, buf, m);
            return;
        }
        int tasks = Math.min(ForkJoinVectorHadamardTransform.TASKS_PER_THREAD * threads, plan.rows);
        ParallelFor.forEachChunk(ctx, plan.rows, tasks, (t, from, to) -> {
            for (int r = from; r < to; r++) {
                kernels.pass1Block(a, offset + r * plan.block, plan.block, m);
            }
        });
        int stripTasks = Math.min(ForkJoinVectorHadamardTransform.TASKS_PER_THREAD * threads, plan.strips());
        ParallelFor.forEachChunk(ctx, plan.strips(), stripTasks, (t, from, to) -> {
            int[] buf = plan.stripBuffer(ctx, t);
            for (int s = from; s < to; s++) {
                kernels.pass2Strip(a, plan, offset + s * plan.stripWidth, buf, m);
            }
        });
    }

    @Override
    public final long workingBytes(int length) {
        int threads = Runtime.getRuntime().availableProcessors();
        // The thread count is not known here: assume the available processors.
        return TwoPassPlan.of(HadamardLength.log2(length), 4 * threads, kernels.lanes())
                .stripBufferBytes(ForkJoinVectorHadamardTransform.TASKS_PER_THREAD * threads);
    }
}
