package dev.nimbench.simd;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.power.PowerSums;

/**
 * Power sum in double lanes with FMA ({@link FmaPowerKernel}), one thread; any modulus
 * {@code 2 <= M < 2^31}. Loaded by name through {@link dev.nimbench.registry.VectorSupport}.
 */
public final class VectorFmaPowerSum implements PowerSum {

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        return FmaPowerKernel.sum(x, 0, x.length, s, ctx.modulus());
    }
}
