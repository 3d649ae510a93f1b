package dev.nimbench.combine;

import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.StageTimings;
import dev.nimbench.power.PowerSum;
import dev.nimbench.transform.HadamardTransform;

/**
 * The SPEC §2 combine: the number of s-tuples with Grundy XOR 0 is coefficient 0 of the s-th
 * XOR-convolution power, which is {@code P^-1 · Σ_t (H a)[t]^s}. Only coefficient 0 is needed,
 * so no inverse transform is done; dividing by {@code P = 2^L} needs an odd modulus.
 */
final class SpectrumCombiner implements Combiner {

    private final HadamardTransform transform;
    private final PowerSum power;

    /** The combine over {@code transform} and {@code power}, the configuration's stages. */
    SpectrumCombiner(HadamardTransform transform, PowerSum power) {
        this.transform = java.util.Objects.requireNonNull(transform, "transform");
        this.power = java.util.Objects.requireNonNull(power, "power");
    }

    @Override
    public long zeroXorTuples(int[] histogram, long s, ExecutionContext ctx, StageTimings timings) {
        int m = ctx.modulus();
        if ((m & 1) == 0) {
            throw new IllegalArgumentException("modulus " + m + " is even; the wht combine divides by P = 2^L"
                    + " and needs an odd modulus in [3, 2^31)");
        }
        int points = histogram.length;
        if (Integer.bitCount(points) != 1) {
            throw new IllegalArgumentException("histogram length " + points + " is not a power of two in [1, 2^30]");
        }
        long t0 = System.nanoTime();
        transform.transform(histogram, ctx); // entries stay in [0, M)
        long t1 = System.nanoTime();
        long sum = power.sum(histogram, s, ctx); // in [0, M)
        long t2 = System.nanoTime();
        ModularMultiplier mul = ctx.multiplier();
        // 2^-1 mod odd M is (M + 1) / 2, in [0, M) for M >= 3; P^-1 = (2^-1)^L.
        long inversePoints = mul.pow((m + 1L) / 2, Integer.numberOfTrailingZeros(points));
        long zeroXor = mul.multiply(sum, inversePoints);
        long t3 = System.nanoTime();
        timings.record("transform", t1 - t0);
        timings.record("power", t2 - t1);
        timings.record("combine", t3 - t2);
        return zeroXor;
    }

    @Override
    public boolean usesSpectrum() {
        return true;
    }

    @Override
    public boolean requiresOddModulus() {
        return true;
    }
}
