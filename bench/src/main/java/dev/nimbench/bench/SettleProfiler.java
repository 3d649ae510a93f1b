package dev.nimbench.bench;

import dev.nimbench.exec.SteadyState;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Writes the fork's warm-up outcome ({@link Settle}) into every iteration's results, so that the
 * results file says per fork whether it was measured at steady state: {@value #SETTLED} (1 or 0,
 * the minimum over iterations) and {@value #SETTLE_MILLIS} (how long the warm-up took). BenchMain
 * adds it to every run; a benchmark without the warm-up writes nothing.
 */
public final class SettleProfiler implements InternalProfiler {

    /** 1 when the fork's warm-up settled, 0 when it reached the cap unsettled. */
    public static final String SETTLED = "nimbench.settled";
    /** The warm-up's length, ms. */
    public static final String SETTLE_MILLIS = "nimbench.settle.ms";

    @Override
    public String getDescription() {
        return "nimbench: whether the fork's warm-up reached steady state";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
            IterationResult result) {
        SteadyState.Outcome o = Settle.last();
        if (o == null) {
            return List.of();
        }
        return List.of(new ScalarResult(SETTLED, o.settled() ? 1 : 0, "settled", AggregationPolicy.MIN),
                new ScalarResult(SETTLE_MILLIS, o.elapsedMillis(), "ms", AggregationPolicy.MAX));
    }
}
