package dev.nimbench.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JMH invocation: methods of one benchmark class with explicit {@code @Param} values. JMH runs
 * every method for every combination of the values, each combination in its own fork.
 *
 * @param benchmarkClass simple name of a class in {@code dev.nimbench.bench}
 * @param methods benchmark method names
 * @param params parameter name to values, in JMH's order
 * @param iterations warm-up and measurement settings of the profile
 * @param forks JVMs per parameter combination (the unit of evidence: see {@link Profile})
 * @param estimatedOpMillis rough time of one call (0 when unknown), for the time estimate and the
 *     fork count of slow variants
 * @param settleSeconds the warm-up to steady state that this machine's previous default run of this
 *     JDK measured per fork of these combinations (their mean, {@link Wisdom#settleSeconds}); NaN
 *     when it measured none, and the estimate then uses the model ({@link Settle#estimatedSeconds})
 */
record RunGroup(String benchmarkClass, List<String> methods, Map<String, List<String>> params,
        Profile.Iterations iterations, int forks, double estimatedOpMillis, double settleSeconds) {

    /** A group whose warm-up is estimated by the model (no measured warm-up). */
    RunGroup(String benchmarkClass, List<String> methods, Map<String, List<String>> params,
            Profile.Iterations iterations, int forks, double estimatedOpMillis) {
        this(benchmarkClass, methods, params, iterations, forks, estimatedOpMillis, Double.NaN);
    }

    /**
     * Seconds to start a fork's JVM and JMH in it and set the benchmark up, for the time estimate
     * (measured: 0.8-0.9 s per stage fork in the quiet default run results/20261201T191852Z-jdk17.json
     * on the 2-core Intel Xeon family 6 model 207; about 1 s on 2 busy cores).
     */
    static final double FORK_STARTUP_SECONDS = 0.8;

    /**
     * Seconds a pipeline fork spends beyond a stage fork's start and warm-up: its first call
     * compiles every stage's kernels at once. Measured in the quiet default runs on the 2-core Intel
     * Xeon family 6 model 207: in results/20261201T170934Z-jdk17.json the 72 pipeline forks took
     * 677 s against a plan of 385 s, 4.1 s more per fork, of which about 2 s was the warm-up's wait
     * for the trickle of small compiles that {@link dev.nimbench.exec.SteadyState#COMPILE_TOLERANCE}
     * now tolerates; in results/20261201T191852Z-jdk17.json (with that tolerance) a pipeline fork
     * spent 1.9 s in start and set-up (its first, checked call) and 1.7 s warming up, 2 s more
     * than a stage fork's 0.8 s and 0.9 s.
     */
    static final double PIPELINE_COMPILE_SECONDS = 2.0;

    static final String PACKAGE = "dev.nimbench.bench";

    RunGroup {
        methods = List.copyOf(methods);
        // A stable order (problem, variant, size, then the rest) whatever map the caller built.
        Map<String, List<String>> copy = new LinkedHashMap<>();
        for (String name : List.of("problem", "variant", "size")) {
            if (params.containsKey(name)) {
                copy.put(name, List.copyOf(params.get(name)));
            }
        }
        params.forEach((k, v) -> copy.putIfAbsent(k, List.copyOf(v)));
        params = Collections.unmodifiableMap(copy);
    }

    /** package.Class.method for every method. */
    List<String> benchmarkNames() {
        List<String> names = new ArrayList<>();
        for (String m : methods) {
            names.add(PACKAGE + "." + benchmarkClass + "." + m);
        }
        return names;
    }

    /** JMH include regex matching exactly these methods (JMH uses find semantics, hence the anchors). */
    String includeRegex() {
        return "^" + (PACKAGE + "." + benchmarkClass).replace(".", "\\.") + "\\.(" + String.join("|", methods) + ")$";
    }

    /** Number of forks-worth of runs: methods times the product of the value counts. */
    int combinations() {
        int n = methods.size();
        for (List<String> values : params.values()) {
            n *= values.size();
        }
        return n;
    }

    /** Every (benchmark, params) this group should produce, as {@link #key} strings. */
    List<String> expectedKeys() {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> e : params.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : combos) {
                for (String v : e.getValue()) {
                    Map<String, String> m = new LinkedHashMap<>(c);
                    m.put(e.getKey(), v);
                    next.add(m);
                }
            }
            combos = next;
        }
        List<String> keys = new ArrayList<>();
        for (String b : benchmarkNames()) {
            for (Map<String, String> c : combos) {
                keys.add(key(b, c));
            }
        }
        return keys;
    }

    static String key(String benchmark, Map<String, String> params) {
        return benchmark + params.toString();
    }

    /**
     * Seconds this group should take: per fork, JVM start, the warm-up to steady state (its first
     * call is the set-up's checked call): as measured here before ({@link #settleSeconds}), else
     * the model's least ({@link Settle#estimatedSeconds}, plus {@link #PIPELINE_COMPILE_SECONDS}
     * for a pipeline), then JMH's warm-up and measurement iterations (each at least one call).
     */
    double estimatedSeconds() {
        double w = iterations.warmup() * Math.max(iterations.warmupMillis(), estimatedOpMillis);
        double m = iterations.measurement() * Math.max(iterations.measurementMillis(), estimatedOpMillis);
        double settle = Double.isNaN(settleSeconds) ? modelSettleSeconds() : settleSeconds;
        return combinations() * forks * (FORK_STARTUP_SECONDS + settle + (w + m) / 1000.0);
    }

    /** The model's warm-up per fork: {@link Settle#estimatedSeconds}, and a pipeline's first compiles. */
    double modelSettleSeconds() {
        return (Settle.WARMED_UP.contains(benchmarkClass) ? Settle.estimatedSeconds(estimatedOpMillis) : 0)
                + (benchmarkClass.equals("PipelineBench") ? PIPELINE_COMPILE_SECONDS : 0);
    }

    /** The same group with another fork count (the user's {@code --forks}). */
    RunGroup withForks(int f) {
        return new RunGroup(benchmarkClass, methods, params, iterations, f, estimatedOpMillis, settleSeconds);
    }

    /** The same group with a measured warm-up per fork ({@link #settleSeconds}; NaN: the model). */
    RunGroup withSettleSeconds(double seconds) {
        return new RunGroup(benchmarkClass, methods, params, iterations, forks, estimatedOpMillis, seconds);
    }

    @Override
    public String toString() {
        return benchmarkClass + "." + String.join("|", methods) + " " + params + " x" + forks + " forks";
    }
}
