package dev.nimbench.bench;

import dev.nimbench.config.Configuration;
import dev.nimbench.distribution.Problem;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

/**
 * Pipeline configurations named by labels, the {@code variant} @Param of {@link PipelineBench}:
 * {@code default} is the solver's default configuration, anything else is comma-separated
 * {@code stage=id} overrides of it ({@code transform=scalar-mod},
 * {@code distribution=per-k-tail-sums,power=scalar}). The thread count is the separate
 * {@code threads} @Param, so the report can read it like any other parameter.
 */
public final class PipelineLabels {

    public static final String DEFAULT = "default";

    /** The real targets' component counts: C(10^7, s = 10^7) and f(10^7, k = 10^12). */
    static long count(Problem problem) {
        return problem == Problem.CARD_STACKING ? 10_000_000L : 1_000_000_000_000L;
    }

    /**
     * Known answers mod the problem's default modulus at the count above, {@code problem@n} to
     * answer: checked without re-running another configuration. C(10^7, 10^7) and f(10^7, 10^12)
     * are the project's real targets.
     */
    private static final Map<String, BigInteger> KNOWN = Map.of(
            // `solve` with the default configuration and with power=scalar (and the other stages'
            // defaults) agree on these; the two real targets and the quick profile's sizes.
            "card-stacking@10000000", BigInteger.valueOf(132_996_198L),
            "divisor-game@10000000", BigInteger.valueOf(328_104_836L),
            "card-stacking@100000", BigInteger.valueOf(997_109_764L),
            "divisor-game@100000", BigInteger.valueOf(856_653_127L));

    private PipelineLabels() {
    }

    /** The configuration a label names, for this problem. */
    public static Configuration parse(String label, Problem problem, int threads) {
        Map<Problem, String> distribution = new HashMap<>();
        String transform = null;
        String multiplier = null;
        String power = null;
        String combine = null;
        if (!label.equals(DEFAULT)) {
            for (String part : label.split(",")) {
                int eq = part.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("pipeline label '" + label + "' is not 'default' or stage=id[,stage=id]");
                }
                String key = part.substring(0, eq).trim();
                String value = part.substring(eq + 1).trim();
                switch (key) {
                    case "distribution": distribution.put(problem, value); break;
                    case "transform": transform = value; break;
                    case "multiplier": multiplier = value; break;
                    case "power": power = value; break;
                    case "combine": combine = value; break;
                    default:
                        throw new IllegalArgumentException("pipeline label '" + label + "': unknown stage '" + key
                                + "'; valid: distribution, transform, multiplier, power, combine (threads is its own parameter)");
                }
            }
        }
        return new Configuration(distribution, transform, multiplier, power, combine, threads);
    }

    /**
     * The label of a configuration's stages for a problem (the inverse of {@link #parse}, threads
     * left out): {@code stage=id} for each stage it sets, in pipeline order; {@code default} when it sets none.
     */
    static String label(Configuration c, Problem problem) {
        Map<String, String> stages = new java.util.HashMap<>();
        stages.put("distribution", c.distributionFor(problem));
        stages.put("combine", c.combine());
        stages.put("transform", c.transform());
        stages.put("multiplier", c.multiplier());
        stages.put("power", c.power());
        return label(stages);
    }

    /**
     * The label of stage ids ({@code distribution}, {@code combine}, {@code transform},
     * {@code multiplier}, {@code power}): {@code stage=id} for each one present, in pipeline order;
     * a stage that is absent, null or {@code none} (what the metadata writes for a stage a
     * configuration does not run) is left out; {@code default} when none is left.
     */
    static String label(Map<String, String> stages) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        for (String stage : STAGE_ORDER) {
            String id = stages.get(stage);
            if (id != null && !NONE.equals(id)) {
                parts.add(stage + "=" + id);
            }
        }
        return parts.isEmpty() ? DEFAULT : String.join(",", parts);
    }

    /** The stages of a label, in pipeline order. */
    private static final java.util.List<String> STAGE_ORDER = java.util.List.of("distribution", "combine", "transform",
            "multiplier", "power");

    /** What a run's metadata writes for a stage a configuration does not run ({@code Recommender.stagesOf}). */
    static final String NONE = "none";

    /** The configuration with the transform, power and multiplier stages' baselines (the first registry constants). */
    static String baselinesLabel() {
        return "transform=" + BenchSupport.baseline(dev.nimbench.transform.TransformVariant.class).id()
                + ",power=" + BenchSupport.baseline(dev.nimbench.power.PowerVariant.class).id()
                + ",multiplier=" + BenchSupport.baseline(dev.nimbench.arith.MultiplierVariant.class).id();
    }

    /** The known answer for problem at n, or {@code null}. */
    static BigInteger known(Problem problem, int n) {
        return KNOWN.get(problem.id() + "@" + n);
    }
}
