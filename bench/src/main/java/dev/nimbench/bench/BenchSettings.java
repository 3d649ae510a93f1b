package dev.nimbench.bench;

/**
 * The default profile's settings where decisions are made, as compile-time constants so that the
 * benchmark classes' {@code @Warmup}/{@code @Measurement}/{@code @Fork} annotations and
 * {@link Profile#DEFAULT} are the same numbers: a direct JMH run of a benchmark class measures what
 * {@code jmh:run} measures at a decision size.
 *
 * <p>Why these numbers: forks are the unit of evidence, and an exact rank test on 4 forks against 4
 * can reach p = 0.029 (5 against 5: 0.0079; 3 against 4: 0.057, never significant; 3 against 3
 * never below 0.1). Four, not five, keeps the default profile within 15 minutes on 2 cores now
 * that every stage has three lane-multiply techniques (measured plan: 856 s of JMH with 5). Steady
 * state is reached before JMH's iterations, by {@link Settle} in every benchmark's trial set-up
 * (until the JIT is quiet, the time per call steady and a vector kernel no longer allocates like
 * boxed vectors, at every size); JMH's one warm-up iteration after it compiles JMH's own
 * measuring loop around the call.
 */
final class BenchSettings {

    /** Forks where a decision is made: a stage's largest size, the production pipelines. */
    static final int DECISION_FORKS = 4;

    /** Stage benchmarks at a decision size: warm-up iterations after {@link Settle} ... */
    static final int STAGE_WARMUP_ITERATIONS = 1;
    /** ... of this many ms ... */
    static final int STAGE_WARMUP_MILLIS = 100;
    /** ... then measurement iterations ... */
    static final int STAGE_MEASUREMENT_ITERATIONS = 5;
    /** ... of this many ms (each at least one call). */
    static final int STAGE_MEASUREMENT_MILLIS = 100;

    /**
     * Pipeline: warm-up iterations of {@link #PIPELINE_WARMUP_MILLIS} after {@link Settle}, each at
     * least one operation: one, as for the stages (steady state is Settle's job; this one compiles
     * JMH's loop around the call).
     */
    static final int PIPELINE_WARMUP_ITERATIONS = 1;
    static final int PIPELINE_WARMUP_MILLIS = 100;
    /**
     * Pipeline measurement iterations: 3 (each about one call of 50-500 ms); the fork's value is
     * their median and the fork is the unit of evidence. 5 until 2026-12-01: two more calls in each
     * of 65 forks, about 25 s of the default profile.
     */
    static final int PIPELINE_MEASUREMENT_ITERATIONS = 3;
    static final int PIPELINE_MEASUREMENT_MILLIS = 100;

    private BenchSettings() {
    }
}
