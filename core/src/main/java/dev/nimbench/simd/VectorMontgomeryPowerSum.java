package dev.nimbench.simd;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.power.PowerSums;

/**
 * Vector API Montgomery power sum, one thread (see {@link MontgomeryPowerKernel} for the
 * numerics). Needs an odd modulus; an even one is refused with an IllegalArgumentException
 * naming it. Loaded by name through {@link dev.nimbench.registry.VectorSupport}.
 */
public final class VectorMontgomeryPowerSum implements PowerSum {

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        return MontgomeryPowerKernel.sum(x, 0, x.length, s, ctx.modulus());
    }
}
