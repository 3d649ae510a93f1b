package dev.nimbench.transform.vector;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.transform.HadamardLength;
import dev.nimbench.transform.HadamardTransform;
import dev.nimbench.transform.TwoPassPlan;

/**
 * Vector API transform, one thread: the two-memory-pass structure of {@link TwoPassPlan} with
 * the {@code int}-lane kernels of {@link VectorHadamardKernels} (entries stay in {@code [0, M)}
 * throughout, in place; scratch is one strip buffer). Created through
 * {@link dev.nimbench.registry.VectorSupport}.
 */
public final class VectorHadamardTransform implements HadamardTransform {

    @Override
    public void transform(int[] a, int offset, int length, ExecutionContext ctx) {
        TwoPassPlan plan = TwoPassPlan.of(HadamardLength.log2(a.length, offset, length), 1, VectorHadamardKernels.VL);
        int[] buf = plan.rows > 1 ? new int[plan.bufferInts()] : null;
        VectorHadamardKernels.transform(a, offset, plan, buf, ctx.modulus());
    }

    @Override
    public long workingBytes(int length) {
        return 4L * TwoPassPlan.of(HadamardLength.log2(length), 1, VectorHadamardKernels.VL).bufferInts();
    }
}
