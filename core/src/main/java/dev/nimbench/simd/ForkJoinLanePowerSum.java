package dev.nimbench.simd;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.power.PowerSums;

/**
 * {@link LanePowerSum} split over the ForkJoin pool ({@link ForkJoinRanges}): chunk borders on
 * multiples of the lane kernel's step; a modulus the kernel cannot use is refused before any task
 * starts ({@link LaneKernel#requireModulus}). Loaded by name through {@link dev.nimbench.registry.VectorSupport}.
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
