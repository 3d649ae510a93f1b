package dev.nimbench.transform.vector;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.transform.HadamardLength;
import dev.nimbench.transform.HadamardTransform;

/**
 * The same {@code int}-lane kernels as {@link VectorHadamardTransform} (biased residues, see
 * {@link VectorHadamardKernels}) but with no cache blocking: the in-register levels, then radix-4
 * sweeps over the whole array, then one unbiasing sweep. At sizes beyond the caches every sweep
 * goes to memory; it is kept as the measured counterpart that shows what the two-pass blocking
 * buys. In place, no scratch.
 */
public final class UnblockedVectorHadamardTransform implements HadamardTransform {

    @Override
    public void transform(int[] a, int offset, int length, ExecutionContext ctx) {
        HadamardLength.log2(a.length, offset, length);
        int m = ctx.modulus();
        if (length < VectorHadamardKernels.VL) {
            VectorHadamardKernels.scalarLevels(a, offset, length, m);
            return;
        }
        VectorHadamardKernels.inRegisterLevels(a, offset, length, m); // plain -> biased
        VectorHadamardKernels.levels(a, offset, length, VectorHadamardKernels.VL, m);
        VectorHadamardKernels.unbias(a, offset, length);
    }

    @Override
    public long workingBytes(int length) {
        HadamardLength.log2(length);
        return 0;
    }
}
