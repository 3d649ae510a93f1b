package dev.nimbench.simd;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.power.PowerSums;

/** {@link VectorMaskedMontgomeryPowerSum} split over the ForkJoin pool ({@link ForkJoinRanges}). */
public final class ForkJoinVectorMaskedMontgomeryPowerSum implements PowerSum {

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        MontgomeryPowerKernel.requireOdd(ctx.modulus());
        return ForkJoinRanges.sum(x, s, ctx, LaneKernel.MONTGOMERY_MASKED.step(), LaneKernel.MONTGOMERY_MASKED);
    }
}
