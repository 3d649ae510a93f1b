package dev.nimbench.combine;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.StageTimings;
import dev.nimbench.power.PowerSum;
import dev.nimbench.transform.HadamardTransform;

/**
 * The combine stage: from one component's histogram to the number of s-tuples of components
 * whose Grundy values XOR to 0, mod M. A combiner is bound to the stages it runs when it is
 * created ({@link CombineVariant#create(HadamardTransform, PowerSum)} for the wht combine, which
 * runs the configured transform and power sum; {@link CombineVariant#create()} for the others,
 * which run their own kernels): no combiner is handed a stage it ignores.
 */
public interface Combiner {

    /**
     * Number of s-tuples with Grundy XOR 0, mod M, result in {@code [0, M)}.
     *
     * @param histogram one component's histogram, zero-padded to {@code P = 2^L}, entries in
     *     {@code [0, M)}; the combiner may overwrite it
     * @param timings where the combiner records the time of the stages it runs
     */
    long zeroXorTuples(int[] histogram, long s, ExecutionContext ctx, StageTimings timings);

    /**
     * As {@link #zeroXorTuples(int[], long, ExecutionContext, StageTimings)} on the histogram the
     * source produces ({@link HistogramSource#histogram},
     * which records the distribution stage). This is what the pipeline calls: a combiner that
     * fuses the distribution into its own passes overrides it and records its fused stages under
     * their own names (e.g. "distribution+transform").
     */
    default long zeroXorTuples(HistogramSource source, long s, ExecutionContext ctx, StageTimings timings) {
        return zeroXorTuples(source.histogram(ctx, timings), s, ctx, timings);
    }

    /** Whether the transform and power-sum stages take part (false: they are "none" in the run's configuration). */
    boolean usesSpectrum();

    /** Whether the modulus must be odd (the WHT combine divides by P = 2^L). */
    boolean requiresOddModulus();

    /**
     * Whether the combiner fuses the distribution into its own passes and so needs a distribution
     * with a range writer ({@link dev.nimbench.distribution.RangeHistogram}); the pipeline refuses
     * other distributions rather than run an unfused path under this combiner's name.
     */
    default boolean requiresRangeDistribution() {
        return false;
    }
}
