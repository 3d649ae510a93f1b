package dev.nimbench.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A prepared, validated instance that can be run once or repeatedly; everything it needs has
 * been allocated when it exists. Closing it releases its thread pool.
 */
public interface Solver extends AutoCloseable {

    /** The configuration resolved for this instance (its warning, if any, is for the user). */
    ResolvedConfiguration resolved();

    /** Runs every stage once. */
    Result run();

    /**
     * One warm-up run, then {@code repeats} measured runs; the result carries the per-stage
     * medians of the measured runs (for an even count, the mean of the two middle values).
     */
    default Result runRepeated(int repeats) {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeat must be >= 1, got " + repeats);
        }
        Result first = run();
        List<Result> runs = new ArrayList<>();
        for (int i = 0; i < repeats; i++) {
            Result r = run();
            if (!r.losing().equals(first.losing()) || !r.winning().equals(first.winning())) {
                throw new IllegalStateException("repeated runs disagree: " + first.losing() + " vs " + r.losing());
            }
            runs.add(r);
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        for (String stage : runs.get(0).timingsMillis().keySet()) {
            double[] values = runs.stream().mapToDouble(r -> r.timingsMillis().getOrDefault(stage, 0.0)).toArray();
            Arrays.sort(values);
            int mid = values.length / 2;
            medians.put(stage, values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2);
        }
        return runs.get(0).withTimings(medians);
    }

    @Override
    void close();
}
