package dev.nimbench.simd;

import dev.nimbench.pipeline.ExecutionContext;
import dev.nimbench.transform.HadamardLength;
import dev.nimbench.transform.HadamardTransform;
import dev.nimbench.transform.TwoPassPlan;

/**
 * Vector API transform, one thread: the two-memory-pass structure of {@link TwoPassPlan} with
 * the {@code int}-lane kernels of {@link VectorHadamardKernels} (entries stay in {@code [0, M)}
 * throughout, in place; scratch is one strip buffer). Loaded by name through
 * {@link VectorSupport}.
 */
public final class VectorHadamardTransform implements HadamardTransform {

    @Override
    public void transform(int[] a, ExecutionContext ctx) {
        TwoPassPlan plan = TwoPassPlan.of(HadamardLength.log2(a.length), 1, VectorHadamardKernels.VL);
        int m = ctx.modulus();
        for (int r = 0; r < plan.rows; r++) {
            VectorHadamardKernels.transformBlock(a, r * plan.block, plan.block, m);
        }
        if (plan.rows > 1) {
            int[] buf = new int[plan.bufferInts()];
            for (int s = 0; s < plan.strips(); s++) {
                VectorHadamardKernels.transformStrip(a, plan, s * plan.stripWidth, buf, m);
            }
        }
    }

    @Override
    public long workingBytes(int length) {
        return 4L * TwoPassPlan.of(HadamardLength.log2(length), 1, VectorHadamardKernels.VL).bufferInts();
    }
}
