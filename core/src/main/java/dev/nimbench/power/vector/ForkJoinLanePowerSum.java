package dev.nimbench.power.vector;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.power.PowerSums;
import dev.nimbench.simd.ForkJoinRanges;
import dev.nimbench.simd.LaneKernel;

/**
 * {@link LanePowerSum} split over the ForkJoin pool ({@link ForkJoinRanges}): chunk borders on
 * multiples of the lane kernel's step; a modulus the kernel cannot use is refused before any task
 * starts ({@link LaneKernel#requireModulus}). Created through {@link dev.nimbench.registry.VectorSupport}.
 */
public final class ForkJoinLanePowerSum implements PowerSum {

    private final LaneKernel lanes;

    /** @throws IllegalArgumentException naming an unknown lane kernel id and the valid ones */
    public ForkJoinLanePowerSum(String laneKernel) {
        this.lanes = LaneKernel.of(laneKernel);
    }

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        lanes.requireModulus(ctx.modulus());
        return ForkJoinRanges.sum(x, s, ctx, lanes.step(), lanes);
    }
}
