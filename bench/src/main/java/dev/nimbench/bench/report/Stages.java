package dev.nimbench.bench.report;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Stage names and what the core registries say about a stage's variants: the baseline (a
 * registry's FIRST constant), complexity, description. Ids that no registry knows (an old results
 * file, a renamed variant) still render, marked unknown.
 */
public final class Stages {

    public static final String DISTRIBUTION = "distribution";
    public static final String TRANSFORM = "transform";
    public static final String MULTIPLIER = "multiplier";
    public static final String POWER = "power";
    public static final String PIPELINE = "pipeline";
    /** {@code LimitsBench}: the machine limits of the roofline, measured with power-sum variants. */
    public static final String LIMITS = "limits";

    /** Order in which stages appear in reports; unknown stages follow alphabetically. */
    public static final List<String> ORDER = List.of(DISTRIBUTION, TRANSFORM, POWER, MULTIPLIER, PIPELINE);

    /**
     * Pipeline config labels that are the baseline, in order of preference: {@code baseline}, else
     * {@code default} (the solver's default configuration, which PipelineBench always plans
     * first); else the first label in the file.
     */
    public static final List<String> PIPELINE_BASELINE_LABELS = List.of("baseline", "default");

    private Stages() {
    }

    /**
     * The stage a benchmark class measures: {@code DistributionBench -> distribution},
     * {@code TransformBench -> transform}, {@code MultiplierBench -> multiplier},
     * {@code PowerSumBench -> power}, {@code PipelineBench -> pipeline}; any other class: its
     * simple name without {@code Bench}, in kebab case.
     */
    public static String stageOf(String classSimpleName) {
        switch (classSimpleName) {
            case "DistributionBench":
                return DISTRIBUTION;
            case "TransformBench":
                return TRANSFORM;
            case "MultiplierBench":
                return MULTIPLIER;
            case "PowerSumBench":
                return POWER;
            case "PipelineBench":
                return PIPELINE;
            default:
                String base = classSimpleName.endsWith("Bench")
                        ? classSimpleName.substring(0, classSimpleName.length() - "Bench".length())
                        : classSimpleName;
                return base.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
        }
    }

    /** The {@code threads} parameter of a (pipeline) measurement, or null. */
    public static String threadsParam(Measurement m) {
        return m.params().get("threads");
    }

    /** Sort rank of a stage in reports. */
    public static int rank(String stage) {
        int i = ORDER.indexOf(stage);
        return i < 0 ? ORDER.size() : i;
    }

    /**
     * The registry constants of a stage (distribution: those of {@code problem}, every problem
     * when null), in declaration order; empty for the pipeline and unknown stages.
     */
    public static List<Variant> registry(String stage, String problem) {
        switch (stage) {
            case DISTRIBUTION:
                return Arrays.stream(DistributionVariant.values())
                        .filter(v -> problem == null || v.problem().id().equals(problem))
                        .collect(Collectors.toList());
            case TRANSFORM:
                return List.of(TransformVariant.values());
            case MULTIPLIER:
                return List.of(MultiplierVariant.values());
            case POWER:
            case LIMITS: // the product peak runs the power kernels
                return List.of(PowerVariant.values());
            default:
                return List.of();
        }
    }

    /** The registry entry of {@code id}, if the stage's registry knows it. */
    public static Optional<Variant> find(String stage, String problem, String id) {
        return registry(stage, problem).stream().filter(v -> v.id().equals(id)).findFirst();
    }

    /** The registry baseline (first constant) of the stage, if its registry has constants. */
    public static Optional<String> registryBaseline(String stage, String problem) {
        List<Variant> r = registry(stage, problem);
        return r.isEmpty() ? Optional.empty() : Optional.of(r.get(0).id());
    }

    /** Theoretical complexity from the registry, or {@code "unknown id"}. */
    public static String complexity(String stage, String problem, String id) {
        if (PIPELINE.equals(stage)) {
            return "configuration";
        }
        return find(stage, problem, id).map(Variant::complexity).orElse("unknown id");
    }
}
