package dev.nimbench.bench;

import java.util.List;

/**
 * What a {@code jmh.profile} runs: sizes per stage, JMH iteration settings and forks.
 *
 * <p><b>Forks where decisions are made.</b> A stage's largest size and the pipeline at its target n
 * are where the report names winners and the recommendation is made: there every variant runs in
 * {@link #decisionForks} JVMs ({@link #slowForks} for a slow one, see {@link #SLOW_FACTOR} and
 * {@link #SLOW_OP_MILLIS}: such a variant is far from the winners, and against their 4 forks
 * neither 3 nor 2 can make a rank test significant, so 2 show its spread at the least cost).
 * Smaller sizes draw the scaling curves with {@link #otherForks} fork and shorter iterations; they
 * decide nothing ("untested"). {@link #DEFAULT} fits 15 minutes on a 2-core machine by the
 * planner's own time model ({@code -Djmh.dryRun=true} prints it); {@link #QUICK} fits 4: one fork
 * per configuration and no one-thread baseline swaps of the pipeline, a first look that decides
 * nothing (every fork costs its JIT compiles and its warm-up to steady state, 2-3 s on 2 cores).
 * {@link #RECOMMEND} measures only the pipeline configurations at the production sizes (a
 * recommendation for an unmeasured CPU, about 4 minutes); {@link #EXHAUSTIVE} every valid pipeline
 * configuration there with full forks (hours: the reference for the default profile's choice);
 * {@link #COLDSTART} only the cold-start benchmark and the process timer.
 */
enum Profile {

    // Smallest sizes: P = 2^16 and n = 10^4. Below them a call takes microseconds (call overhead,
    // under the growth fits' 0.1 ms floor) and no production size lies there; each size costs one
    // fork per variant (2^12 and n = 10^3 took 16 + 8 forks, about 50 s of the profile).
    DEFAULT("default",
            List.of(16, 20, 24),
            List.of(4096),
            List.of(10_000, 100_000, 1_000_000, 10_000_000),
            List.of(10_000, 100_000, 1_000_000, 10_000_000),
            10_000_000, 10_000_000,
            2_500,
            new Iterations(BenchSettings.STAGE_WARMUP_ITERATIONS, BenchSettings.STAGE_WARMUP_MILLIS,
                    BenchSettings.STAGE_MEASUREMENT_ITERATIONS, BenchSettings.STAGE_MEASUREMENT_MILLIS),
            new Iterations(1, 100, 3, 100),
            new Iterations(BenchSettings.PIPELINE_WARMUP_ITERATIONS, BenchSettings.PIPELINE_WARMUP_MILLIS,
                    BenchSettings.PIPELINE_MEASUREMENT_ITERATIONS, BenchSettings.PIPELINE_MEASUREMENT_MILLIS),
            BenchSettings.DECISION_FORKS, 2, 1),

    QUICK("quick",
            List.of(12, 20),
            List.of(4096),
            List.of(16, 10_000, 1_000_000),
            List.of(1_000, 1_000_000),
            100_000, 100_000,
            1_000,
            new Iterations(1, 100, 5, 60),
            new Iterations(1, 60, 3, 50),
            new Iterations(1, 30, 5, 60),
            1, 1, 1),

    /**
     * Only the pipeline configurations at the production sizes (what a recommendation for an
     * unmeasured CPU needs): about 4 minutes on 2 cores, with the decision forks (4; 2 for a slow
     * configuration), so that its rows can be tested against a default run of the same CPU key
     * (3 forks against 4 cannot reach p < 0.05 in the exact test), and no one-thread baseline swaps
     * (they decide nothing). Its run renders the report, which adds or updates this CPU's entry
     * of {@code recommended-config.json}.
     */
    RECOMMEND("recommend", 2),

    /**
     * Every valid pipeline configuration at the production sizes, each with the decision forks, slow
     * ones included (no racing, no budget): the reference that the default profile's choice is
     * measured against (the report's page {@code exhaustive.md}). Every combine with every
     * distribution that reaches n and every multiplier, and under a combine that runs the transform
     * and power stages every transform and power sum too; labels the resolver refuses (a vector stage
     * that does not take the multiplier, a distribution a fused combine cannot write) and labels
     * that resolve to a configuration already planned are left out. At {@link
     * PipelinePlan#PARALLEL_THREADS} threads only. Hours on 2 cores: the divisor game alone planned
     * 452 distinct configurations (8,089 s of JMH) on JDK 25 on AMD EPYC family 25 model 17;
     * {@code -Djmh.problem=divisor-game} runs one problem, {@code -Djmh.variants} narrows the space.
     */
    EXHAUSTIVE("exhaustive", BenchSettings.DECISION_FORKS),

    /**
     * Cold start only ({@link ColdStartPlan}): the pipeline at the production sizes, one cold call
     * per fork ({@link ColdPipelineBench}), and the whole-process timer; about 3-4 minutes on 2 cores.
     */
    COLDSTART("coldstart",
            List.of(), List.of(), List.of(), List.of(),
            10_000_000, 10_000_000,
            2_500,
            new Iterations(0, 1, 1, 1),
            new Iterations(0, 1, 1, 1),
            new Iterations(0, 1, 1, 1),
            ColdStartPlan.FORKS, ColdStartPlan.FORKS, ColdStartPlan.FORKS);

    /**
     * A call at least this long makes a transform or power-sum variant "slow": it gets
     * {@link #slowForks} forks at a decision size (only the baseline's time is known there).
     */
    static final double SLOW_OP_MILLIS = 400;

    /**
     * A distribution variant or pipeline configuration is "slow" when its call takes at least this
     * many times the reference's (the fastest calibrated distribution; the default configuration):
     * relative, so that a loaded machine, which slows every call alike, does not change the plan.
     */
    static final double SLOW_FACTOR = 2.5;

    /**
     * Measurement iterations of a slow call (at least {@link #SLOW_OP_MILLIS}): each iteration is
     * one call then, and the fork, not the iteration, is the unit of evidence.
     */
    static final int SLOW_MEASUREMENTS = 3;

    /** JMH iteration settings: warm-up and measurement counts and per-iteration times. */
    record Iterations(int warmup, int warmupMillis, int measurement, int measurementMillis) {

        /**
         * These settings for a call of about {@code opMillis} (0 = unknown): a slow call (at least
         * {@link #SLOW_OP_MILLIS}, one call per iteration) gets one warm-up and
         * {@link #SLOW_MEASUREMENTS} measurements. It is steady already ({@link Settle}), and five
         * calls of 1.3-4 s (the scalar power sum and transform at 2^24, the one-thread baseline
         * pipelines) took a fifth of the default profile. The one JMH warm-up iteration stays for
         * every call: without it the first measured iteration also counts the trial set-up's
         * allocation (the inputs, the warm-up's early boxed calls), 0.2-8 GB per call in every row
         * at the decision sizes at 1b76170 (results/profile-time-1b76170), which the report then
         * flags as boxed.
         */
        Iterations forCall(double opMillis) {
            return opMillis < SLOW_OP_MILLIS ? this
                    : new Iterations(Math.min(warmup, 1), warmupMillis, Math.min(measurement, SLOW_MEASUREMENTS),
                            measurementMillis);
        }
    }

    private final String id;
    final List<Integer> spectrumLogSizes;
    final List<Integer> multiplierSizes;
    final List<Integer> cardStackingSizes;
    final List<Integer> divisorGameSizes;
    final int pipelineCardStackingN;
    final int pipelineDivisorGameN;
    /**
     * A distribution size is planned only while one call at it takes at most this long: about 10×
     * what the O(n) variants need at the profile's largest n, so a busy machine does not change
     * the plan; the O(n^2) and exponential variants cross it by far more.
     */
    final long calibrationBudgetMillis;
    /** Stage benchmarks at their largest size. */
    final Iterations decisionIterations;
    /** Stage benchmarks at the other sizes. */
    final Iterations otherIterations;
    /** The pipeline (every size planned is a decision size). */
    final Iterations pipelineIterations;
    final int decisionForks;
    final int slowForks;
    final int otherForks;

    /**
     * A profile of the pipelines alone ({@link #pipelineOnly}): no stage sizes, the production n of
     * both problems, the pipeline's iterations and the decision forks; {@code slowForks} for a slow
     * configuration.
     */
    Profile(String id, int slowForks) {
        this(id, List.of(), List.of(), List.of(), List.of(), 10_000_000, 10_000_000, 2_500,
                new Iterations(1, 300, 5, 300), new Iterations(1, 300, 5, 300),
                new Iterations(BenchSettings.PIPELINE_WARMUP_ITERATIONS, BenchSettings.PIPELINE_WARMUP_MILLIS,
                        BenchSettings.PIPELINE_MEASUREMENT_ITERATIONS, BenchSettings.PIPELINE_MEASUREMENT_MILLIS),
                BenchSettings.DECISION_FORKS, slowForks, 1);
    }

    Profile(String id, List<Integer> spectrumLogSizes, List<Integer> multiplierSizes,
            List<Integer> cardStackingSizes, List<Integer> divisorGameSizes, int pipelineCardStackingN,
            int pipelineDivisorGameN, long calibrationBudgetMillis, Iterations decisionIterations,
            Iterations otherIterations, Iterations pipelineIterations, int decisionForks, int slowForks, int otherForks) {
        this.id = id;
        this.spectrumLogSizes = spectrumLogSizes;
        this.multiplierSizes = multiplierSizes;
        this.cardStackingSizes = cardStackingSizes;
        this.divisorGameSizes = divisorGameSizes;
        this.pipelineCardStackingN = pipelineCardStackingN;
        this.pipelineDivisorGameN = pipelineDivisorGameN;
        this.calibrationBudgetMillis = calibrationBudgetMillis;
        this.decisionIterations = decisionIterations;
        this.otherIterations = otherIterations;
        this.pipelineIterations = pipelineIterations;
        this.decisionForks = decisionForks;
        this.slowForks = slowForks;
        this.otherForks = otherForks;
    }

    String id() {
        return id;
    }

    /**
     * The whole command's wall-time budget in minutes, Maven included ({@link Budget}); 0: none.
     * The default profile fits 15 minutes and quick 4 on 2 cores; recommend and coldstart measure
     * only what they decide, and exhaustive must measure everything: they are not cut.
     */
    int budgetMinutes() {
        return switch (this) {
            case DEFAULT -> 15;
            case QUICK -> 4;
            default -> 0;
        };
    }

    /** Whether only {@code PipelineBench} runs (the stage benchmarks are left out). */
    boolean pipelineOnly() {
        return this == RECOMMEND || this == EXHAUSTIVE;
    }

    /**
     * Whether its runs decide anything: one fork per configuration ({@link #QUICK}) gives no rank
     * test, so every row is untested. Such a profile plans no search (the composed and neighbour
     * candidates are there to be decided) and its budget may drop decision-size forks too
     * ({@link Budget#decisionsDecideNothing}).
     */
    boolean decides() {
        return decisionForks > 1;
    }

    /**
     * Whether the pipeline's one-thread baseline swaps (the default with one stage at its textbook
     * variant, for "what each technique buys") are planned: not in {@link #QUICK}, {@link #RECOMMEND}
     * nor {@link #EXHAUSTIVE}, which decide nothing with them.
     */
    boolean baselineSwaps() {
        return this != QUICK && this != RECOMMEND && this != EXHAUSTIVE;
    }

    /** Forks for a call of about {@code opMillis} (0 = unknown) at a decision size. */
    int decisionForks(double opMillis) {
        return opMillis >= SLOW_OP_MILLIS ? Math.min(slowForks, decisionForks) : decisionForks;
    }

    /** Forks for a call of {@code opMillis} where the reference call takes {@code referenceMillis} (see {@link #SLOW_FACTOR}). */
    int decisionForks(double opMillis, double referenceMillis) {
        return slow(opMillis, referenceMillis) ? Math.min(slowForks, decisionForks) : decisionForks;
    }

    /** Whether a call of {@code opMillis} is slow beside a reference call of {@code referenceMillis} (0 = unknown: no). */
    private static boolean slow(double opMillis, double referenceMillis) {
        return referenceMillis > 0 && opMillis >= SLOW_FACTOR * referenceMillis;
    }

    static Profile fromId(String id) {
        for (Profile p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + id + "'; valid: "
                + String.join(", ", java.util.Arrays.stream(values()).map(Profile::id).toList()));
    }
}
