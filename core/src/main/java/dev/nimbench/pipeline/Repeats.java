package dev.nimbench.pipeline;

import dev.nimbench.exec.SteadyState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code solve --repeat}: warm-up until the JVM has settled ({@link SteadyState}, the rule the
 * benchmark harness uses before it measures), then the counted runs, whose per-stage medians are
 * the result. Every run must give the first run's answer.
 */
public final class Repeats {

    /**
     * Windows of 100 ms, three quiet in a row (longer than a C2 compile of a vector kernel on 2 busy
     * cores), a 10 s cap; no allocation limit, since a pipeline allocates its stages' arrays.
     */
    public static final SteadyState.Rule RULE = new SteadyState.Rule(100, 3, 10_000, Double.POSITIVE_INFINITY);

    /**
     * The outcome.
     *
     * @param medians the first counted run with the per-stage medians of the counted runs
     * @param warmUp what the warm-up before them found
     */
    public record Repeated(Result medians, SteadyState.Outcome warmUp) {
    }

    private Repeats() {
    }

    /** {@code repeats} counted runs of {@code solver} after the warm-up of {@link #RULE}. */
    public static Repeated run(Solver solver, int repeats) {
        return run(solver, repeats, RULE);
    }

    /**
     * As {@link #run(Solver, int)} under {@code rule}.
     *
     * @throws IllegalArgumentException when {@code repeats < 1}
     * @throws IllegalStateException when a run's answer differs from the first run's
     */
    public static Repeated run(Solver solver, int repeats, SteadyState.Rule rule) {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeat must be >= 1, got " + repeats);
        }
        Result first = solver.run();
        SteadyState.Outcome warmUp = SteadyState.reach(() -> same(first, solver.run()), rule);
        List<Result> runs = new ArrayList<>();
        for (int i = 0; i < repeats; i++) {
            runs.add(same(first, solver.run()));
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        for (String stage : runs.get(0).timingsMillis().keySet()) {
            double[] values = runs.stream().mapToDouble(r -> r.timingsMillis().getOrDefault(stage, 0.0)).toArray();
            Arrays.sort(values);
            int mid = values.length / 2;
            medians.put(stage, values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2);
        }
        return new Repeated(runs.get(0).withTimings(medians), warmUp);
    }

    private static Result same(Result first, Result r) {
        if (!r.losing().equals(first.losing()) || !r.winning().equals(first.winning())) {
            throw new IllegalStateException("repeated runs disagree: " + first.losing() + " vs " + r.losing());
        }
        return r;
    }
}
