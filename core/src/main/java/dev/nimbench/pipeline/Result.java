package dev.nimbench.pipeline;

import dev.nimbench.config.Configuration;
import dev.nimbench.distribution.Problem;
import dev.nimbench.exec.StageTimings;
import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One solved instance.
 *
 * @param count the number of components: s (suits) for card stacking, k (piles) for the divisor game
 * @param modulus the modulus, or {@code null} in exact mode
 * @param losing s-tuples (k-tuples) whose Grundy XOR is 0: residues in {@code [0, M)}, or exact
 * @param winning the other tuples: total − losing, in {@code [0, M)} or exact
 * @param config the configuration as it ran (every field set; transform and power
 *     {@link Configuration#NONE} when the combine does not use them)
 * @param timingsMillis wall-clock milliseconds per stage in the order they ran (medians over the
 *     repeats when the run was repeated)
 */
public record Result(Problem problem, int n, long count, Integer modulus, BigInteger losing, BigInteger winning,
        Configuration config, Map<String, Double> timingsMillis) {

    public Result {
        timingsMillis = Collections.unmodifiableMap(new LinkedHashMap<>(timingsMillis));
    }

    /** What the problem asks for: C(n, s) = losing for card stacking, f(n, k) = winning for the divisor game. */
    public BigInteger answer() {
        return problem.countsWinning() ? winning : losing;
    }

    public boolean exact() {
        return modulus == null;
    }

    /** The same result with other timings. */
    public Result withTimings(Map<String, Double> timings) {
        return new Result(problem, n, count, modulus, losing, winning, config, timings);
    }

    /** Stage timings in milliseconds from a {@link StageTimings}. */
    static Map<String, Double> millis(StageTimings timings) {
        Map<String, Double> result = new LinkedHashMap<>();
        timings.nanos().forEach((stage, nanos) -> result.put(stage, nanos / 1e6));
        return result;
    }
}
