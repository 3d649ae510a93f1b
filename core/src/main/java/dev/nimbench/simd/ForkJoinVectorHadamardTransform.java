package dev.nimbench.simd;

import dev.nimbench.pipeline.ExecutionContext;
import dev.nimbench.pipeline.ParallelFor;
import dev.nimbench.transform.HadamardLength;
import dev.nimbench.transform.HadamardTransform;
import dev.nimbench.transform.TwoPassPlan;

/**
 * {@link VectorHadamardTransform} split over {@code ctx.pool()}: pass 1's rows, then pass 2's
 * strips, in chunks (one strip buffer per chunk). The plan asks for at least
 * {@code 4 * threads} rows so that medium sizes split too. Same numerics as the one-thread form.
 */
public final class ForkJoinVectorHadamardTransform implements HadamardTransform {

    @Override
    public void transform(int[] a, ExecutionContext ctx) {
        int threads = ctx.threads();
        TwoPassPlan plan = TwoPassPlan.of(HadamardLength.log2(a.length), 4 * threads, VectorHadamardKernels.VL);
        int m = ctx.modulus();
        if (a.length < VectorHadamardKernels.VL || plan.rows == 1) {
            VectorHadamardKernels.transform(a, plan, null, m);
            return;
        }
        int tasks = Math.min(threads, plan.rows);
        ParallelFor.forEach(ctx, tasks, t -> {
            int from = (int) ParallelFor.chunkStart(plan.rows, tasks, t);
            int to = (int) ParallelFor.chunkStart(plan.rows, tasks, t + 1);
            for (int r = from; r < to; r++) {
                VectorHadamardKernels.pass1Block(a, r * plan.block, plan.block, m);
            }
        });
        int stripTasks = Math.min(threads, plan.strips());
        ParallelFor.forEach(ctx, stripTasks, t -> {
            int from = (int) ParallelFor.chunkStart(plan.strips(), stripTasks, t);
            int to = (int) ParallelFor.chunkStart(plan.strips(), stripTasks, t + 1);
            int[] buf = new int[plan.bufferInts()];
            for (int s = from; s < to; s++) {
                VectorHadamardKernels.pass2Strip(a, plan, s * plan.stripWidth, buf, m);
            }
        });
    }

    @Override
    public long workingBytes(int length) {
        return 2L * 4L * TwoPassPlan.of(HadamardLength.log2(length), 8, VectorHadamardKernels.VL).bufferInts();
    }
}
