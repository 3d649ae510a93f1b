package dev.nimbench.power.vector;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.power.PowerSums;
import dev.nimbench.simd.FmaPowerKernel;
import dev.nimbench.simd.LaneKernel;
import dev.nimbench.simd.MaskedMontgomeryPowerKernel;
import dev.nimbench.simd.MontgomeryPowerKernel;

/**
 * The vector power sums on one thread, one class for every lane multiply: the {@link LaneKernel}
 * named at creation ({@code montgomery}: {@link MontgomeryPowerKernel}, {@code vector-montgomery};
 * {@code montgomery-masked}: the same driver with {@link MaskedMontgomeryPowerKernel}'s blocks,
 * {@code vector-montgomery-masked}; {@code fma}: {@link FmaPowerKernel}, {@code vector-fma}). The
 * Montgomery kernels need an odd modulus (an even one is refused with an IllegalArgumentException
 * naming it); FMA takes any {@code 2 <= M < 2^31}. Created through
 * {@link dev.nimbench.registry.VectorSupport}.
 */
public final class LanePowerSum implements PowerSum {

    private final LaneKernel lanes;

    /** @throws IllegalArgumentException naming an unknown lane kernel id and the valid ones */
    public LanePowerSum(String laneKernel) {
        this.lanes = LaneKernel.of(laneKernel);
    }

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        return lanes.sum(x, 0, x.length, s, ctx.modulus());
    }
}
