package dev.nimbench.simd;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.power.PowerSums;

/** {@link VectorMontgomeryPowerSum} split over the ForkJoin pool ({@link ForkJoinRanges}). */
public final class ForkJoinVectorMontgomeryPowerSum implements PowerSum {

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        MontgomeryPowerKernel.requireOdd(ctx.modulus());
        return ForkJoinRanges.sum(x, s, ctx, LaneKernel.MONTGOMERY.step(), LaneKernel.MONTGOMERY);
    }
}
