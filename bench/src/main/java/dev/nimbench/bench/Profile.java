package dev.nimbench.bench;

import java.util.List;

/**
 * What a {@code jmh.profile} runs: sizes per stage and JMH iteration settings. {@link #DEFAULT}
 * covers every stage at log-spaced sizes and fits 15 minutes on a 2-core machine; {@link #QUICK}
 * covers every stage and every variant at a few sizes in about 3 minutes; {@link #RECOMMEND}
 * measures only the pipeline configurations at the production sizes. Measurement always has
 * at least 5 samples per fork: fewer cannot make a rank test significant.
 */
enum Profile {

    DEFAULT("default",
            List.of(10, 12, 14, 16, 18, 20, 22, 24),
            List.of(4096),
            List.of(16, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000),
            List.of(100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000),
            10_000_000, 10_000_000,
            2_500,
            new Iterations(2, 300, 5, 300),
            new Iterations(1, 300, 5, 300)),

    QUICK("quick",
            List.of(12, 20),
            List.of(4096),
            List.of(16, 10_000, 1_000_000),
            List.of(1_000, 1_000_000),
            100_000, 100_000,
            1_000,
            new Iterations(1, 100, 5, 100),
            new Iterations(1, 100, 5, 100)),

    /**
     * Only the pipeline configurations at the production sizes (what a recommendation for an
     * unmeasured CPU needs): about 4 minutes on 2 cores. Its run renders the report, which adds
     * or updates this CPU's entry of {@code recommended-config.json}.
     */
    RECOMMEND("recommend",
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            10_000_000, 10_000_000,
            2_500,
            new Iterations(1, 300, 5, 300),
            new Iterations(1, 300, 5, 300)),

    /**
     * Cold start only ({@link ColdStartPlan}): the pipeline at the production sizes, one cold call
     * per fork ({@link ColdPipelineBench}), and the whole-process timer; about 3-4 minutes on 2 cores.
     */
    COLDSTART("coldstart",
            List.of(), List.of(), List.of(), List.of(),
            10_000_000, 10_000_000,
            2_500,
            new Iterations(0, 1, 1, 1),
            new Iterations(0, 1, 1, 1));

    /** JMH iteration settings: warm-up and measurement counts and per-iteration times. */
    record Iterations(int warmup, int warmupMillis, int measurement, int measurementMillis) {
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
    final Iterations stageIterations;
    final Iterations pipelineIterations;

    Profile(String id, List<Integer> spectrumLogSizes, List<Integer> multiplierSizes,
            List<Integer> cardStackingSizes, List<Integer> divisorGameSizes, int pipelineCardStackingN,
            int pipelineDivisorGameN, long calibrationBudgetMillis, Iterations stageIterations,
            Iterations pipelineIterations) {
        this.id = id;
        this.spectrumLogSizes = spectrumLogSizes;
        this.multiplierSizes = multiplierSizes;
        this.cardStackingSizes = cardStackingSizes;
        this.divisorGameSizes = divisorGameSizes;
        this.pipelineCardStackingN = pipelineCardStackingN;
        this.pipelineDivisorGameN = pipelineDivisorGameN;
        this.calibrationBudgetMillis = calibrationBudgetMillis;
        this.stageIterations = stageIterations;
        this.pipelineIterations = pipelineIterations;
    }

    String id() {
        return id;
    }

    /** Whether only {@code PipelineBench} runs (the stage benchmarks are left out). */
    boolean pipelineOnly() {
        return this == RECOMMEND;
    }

    static Profile fromId(String id) {
        for (Profile p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + id + "'; valid: default, quick, recommend, coldstart");
    }
}
