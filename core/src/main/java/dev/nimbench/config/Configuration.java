package dev.nimbench.config;

import dev.nimbench.distribution.Problem;
import dev.nimbench.exec.ExecutionContext;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * A choice of variant id per stage and a thread count, as given by the user, a {@code --config}
 * file or a run's report. Every field may be unset ({@code null}; {@link #distribution()} may
 * lack a problem): unset means "the default" when {@link ConfigurationResolver} turns it into
 * the variants that run. A run's result ({@code pipeline.Result}) has a configuration that has every field set, and the
 * transform and power are {@link #NONE} when the combine does not use them.
 *
 * @param distribution distribution variant id per problem (a variant belongs to one problem)
 * @param threads parallelism, in {@code [1, MAX_THREADS]} when set
 */
public record Configuration(Map<Problem, String> distribution, String transform, String multiplier,
        String power, String combine, Integer threads) {

    /** The id reported for a stage that did not take part in a run. */
    public static final String NONE = "none";

    /** Most threads a configuration may ask for: {@link ExecutionContext#MAX_THREADS}. */
    public static final int MAX_THREADS = ExecutionContext.MAX_THREADS;

    public Configuration {
        EnumMap<Problem, String> copy = new EnumMap<>(Problem.class);
        if (distribution != null) {
            copy.putAll(distribution);
        }
        distribution = Collections.unmodifiableMap(copy);
        if (threads != null) {
            requireThreads(threads);
        }
    }

    /** {@code threads} when {@code 1 <= threads <= MAX_THREADS}; else a one-line error naming it and the range. */
    public static int requireThreads(int threads) {
        return ExecutionContext.requireThreads(threads);
    }

    /** Every field unset: the default configuration. */
    public static Configuration defaults() {
        return new Configuration(Map.of(), null, null, null, null, null);
    }

    /** The distribution id for this problem, or {@code null} when unset. */
    public String distributionFor(Problem problem) {
        return distribution.get(problem);
    }

    /** This configuration with every field that {@code other} sets replaced by other's value. */
    public Configuration overriddenBy(Configuration other) {
        EnumMap<Problem, String> dist = new EnumMap<>(Problem.class);
        dist.putAll(distribution);
        dist.putAll(other.distribution);
        return new Configuration(dist,
                pick(other.transform, transform),
                pick(other.multiplier, multiplier),
                pick(other.power, power),
                pick(other.combine, combine),
                pick(other.threads, threads));
    }

    public Configuration withDistribution(Problem problem, String id) {
        EnumMap<Problem, String> dist = new EnumMap<>(Problem.class);
        dist.putAll(distribution);
        dist.put(problem, id);
        return new Configuration(dist, transform, multiplier, power, combine, threads);
    }

    private static <T> T pick(T preferred, T fallback) {
        return preferred != null ? preferred : fallback;
    }
}
