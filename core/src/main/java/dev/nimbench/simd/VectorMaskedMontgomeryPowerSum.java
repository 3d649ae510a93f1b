package dev.nimbench.simd;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.power.PowerSums;

/**
 * Vector API Montgomery power sum with every lane multiply in the {@code vpmuludq} shape
 * ({@link MaskedMontgomeryPowerKernel}), one thread. Same numerics and results as
 * {@link VectorMontgomeryPowerSum}; needs an odd modulus. Loaded by name through
 * {@link dev.nimbench.registry.VectorSupport}.
 */
public final class VectorMaskedMontgomeryPowerSum implements PowerSum {

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        return MontgomeryPowerKernel.sumMasked(x, 0, x.length, s, ctx.modulus());
    }
}
