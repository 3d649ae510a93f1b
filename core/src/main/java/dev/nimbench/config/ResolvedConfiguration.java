package dev.nimbench.config;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.transform.TransformVariant;
import java.util.Map;

/**
 * The variants that will run, one per stage, checked against the registries and the problem.
 *
 * @param transform {@code null} only when the combine does not use it
 * @param power {@code null} only when the combine does not use it
 * @param warning {@code null}, or the one line to print when a default vector variant had to
 *     give way to a scalar one because {@code jdk.incubator.vector} is missing (or, without any
 *     such swap, that the module is missing)
 * @param gaveWay whether a preferred variant gave way to another because it is unavailable here
 *     (the run is not the one the layers and defaults asked for)
 * @param sources per stage that runs ({@code distribution}, {@code transform}, {@code multiplier},
 *     {@code power}, {@code combine}, {@code threads}), which source set it:
 *     {@link ConfigurationResolver#FLAG}, a layer's {@link ConfigSource#description()}, or the rule
 *     of the built-in defaults
 */
public record ResolvedConfiguration(Problem problem, DistributionVariant distribution, TransformVariant transform,
        MultiplierVariant multiplier, PowerVariant power, CombineVariant combine, int threads, String warning,
        boolean gaveWay, Map<String, String> sources) {

    public ResolvedConfiguration {
        sources = sources == null ? Map.of() : Map.copyOf(sources);
    }

    /**
     * Whether some stage computes with the multiplier: the distribution, the combine, or the power
     * sum under a combine that runs it. Otherwise only the final product by P^-1 (and the total)
     * use it, and the run reports the multiplier as {@link Configuration#NONE}.
     */
    public boolean usesMultiplier() {
        return distribution.usesMultiplier() || combine.usesMultiplier()
                || (combine.usesSpectrum() && power != null && power.usesMultiplier());
    }

    /** Whether some stage that runs is a Vector API variant. */
    public boolean usesVectorApi() {
        return distribution.usesVectorApi() || combine.usesVectorApi()
                || (runsSpectrum() && (transform.usesVectorApi() || power.usesVectorApi()));
    }

    /** Whether the transform and power stages run: the combine uses the spectrum and both are set. */
    private boolean runsSpectrum() {
        return combine.usesSpectrum() && transform != null && power != null;
    }

    /**
     * The configuration as it runs: every field set; the transform and power are
     * {@link Configuration#NONE} when the combine does not use them, the multiplier when no stage
     * computes with it ({@link #usesMultiplier()}).
     */
    public Configuration asRun() {
        boolean spectrum = runsSpectrum();
        return new Configuration(Map.of(problem, distribution.id()),
                spectrum ? transform.id() : Configuration.NONE,
                usesMultiplier() ? multiplier.id() : Configuration.NONE,
                spectrum ? power.id() : Configuration.NONE,
                combine.id(), threads);
    }
}
