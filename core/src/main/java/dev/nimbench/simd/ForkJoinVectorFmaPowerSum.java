package dev.nimbench.simd;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.power.PowerSums;

/** {@link VectorFmaPowerSum} split over the ForkJoin pool ({@link ForkJoinRanges}). */
public final class ForkJoinVectorFmaPowerSum implements PowerSum {

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        return ForkJoinRanges.sum(x, s, ctx, LaneKernel.FMA.step(), LaneKernel.FMA);
    }
}
