package dev.nimbench.bench;

import dev.nimbench.bench.report.BoxingCheck;
import dev.nimbench.exec.SteadyState;
import dev.nimbench.registry.Variant;

/**
 * Steady state before measurement, for every benchmark at every size: each state's trial set-up
 * calls its benchmark method through {@link SteadyState} until the JIT has gone quiet (at most
 * {@link SteadyState#COMPILE_TOLERANCE} of {@link #RULE}'s three windows of 100 ms in a row spent
 * finishing compilations), the time per call is
 * within 3 × the fastest window's, and, for a Vector API variant, the allocation per call is under the report's
 * boxing limit ({@link BoxingCheck#limit}: 16 KiB + 8 B per element; a whole pipeline
 * {@link BoxingCheck#pipelineLimit}); at most {@link #CAP_MILLIS} after the first call.
 * JMH's own warm-up iteration follows: it compiles JMH's measuring loop around the call, and it
 * keeps the set-up's allocation (the inputs, the warm-up's early calls) out of the first measured
 * iteration's bytes per call, which the report's boxing check reads.
 *
 * <p>The outcome is recorded for {@link SettleProfiler}, which writes it into the results as the
 * secondary metric {@value SettleProfiler#SETTLED} (1 settled, 0 not) per fork: the report shows a
 * row with an unsettled fork apart and keeps it out of charts, fits, winners and recommendations.
 */
public final class Settle {

    /**
     * The warm-up cap, ms after the first call ({@link SteadyState.Rule#capMillis}): a fork not settled by
     * then is measured and marked unsettled.
     */
    static final long CAP_MILLIS = 8_000;

    /** Quiet for three windows of 100 ms in a row, or one longer call (longer than a vector kernel's C2 compile on 2 busy cores). */
    static final SteadyState.Rule RULE = new SteadyState.Rule(100, 3, CAP_MILLIS, Double.POSITIVE_INFINITY);

    /** The benchmark classes whose trial set-up warms up here (the cold-start benchmark measures the first call). */
    static final java.util.Set<String> WARMED_UP = java.util.Set.of("DistributionBench", "TransformBench", "PowerSumBench",
            "MultiplierBench", "LimitsBench", "PipelineBench");

    /**
     * Seconds the planner counts per fork for the warm-up of a call of {@code opMillis}: at least
     * a first window and the quiet span (each at least one call), and at least {@value #TYPICAL_SECONDS} s, the C2
     * compiles of a kernel (measured: 0.5-1.0 s per stage fork, mean 0.9 s, in the quiet default run
     * results/20261201T191852Z-jdk17.json on the 2-core Intel Xeon family 6 model 207; median 2.2 s
     * over 28 forks of the quick profile on that machine at load 15-20).
     */
    static double estimatedSeconds(double opMillis) {
        // a first window, then the quiet span: three windows, or one call that outlasts them
        double quiet = Math.max(RULE.quietWindows() * RULE.windowMillis(), opMillis);
        return Math.max(TYPICAL_SECONDS, (Math.max(RULE.windowMillis(), opMillis) + quiet) / 1000.0);
    }

    /** The warm-up's typical length, s, for the planner (see {@link #estimatedSeconds}). */
    static final double TYPICAL_SECONDS = 0.9;

    /**
     * {@code call}, with {@code check} run once after its first call: the set-up's checked call is
     * the warm-up's first call instead of one more call before it (at 2^24 a scalar call takes 1-4 s).
     */
    static Runnable checkedFirst(Runnable call, Runnable check) {
        return new Runnable() {
            private boolean checked;

            @Override
            public void run() {
                call.run();
                if (!checked) {
                    checked = true;
                    check.run();
                }
            }
        };
    }

    /** The last outcome in this JVM (one benchmark state per fork), for {@link SettleProfiler}. */
    private static volatile SteadyState.Outcome last;

    private Settle() {
    }

    /**
     * Calls {@code call} until it settles (see the class comment); {@code variant} decides whether
     * the boxing limit at {@code elements} applies (null: a stage call without a variant, the copy
     * baseline: no limit).
     */
    static SteadyState.Outcome reach(Runnable call, Variant variant, long elements) {
        return reach(call, variant != null && variant.usesVectorApi()
                ? RULE.withMaxBytesPerCall(BoxingCheck.limit(0, elements)) : RULE);
    }

    /**
     * {@link #reach(Runnable, Variant, long)} for a whole pipeline at n, with the report's pipeline
     * limit: a fork running boxed stages is slow from its first window, so only the allocation shows it.
     */
    static SteadyState.Outcome reachPipeline(Runnable call, long n) {
        return reach(call, pipelineRule(n));
    }

    /** The rule of a whole pipeline at n: {@link #RULE} with at most {@link BoxingCheck#pipelineLimit} bytes per call. */
    static SteadyState.Rule pipelineRule(long n) {
        return RULE.withMaxBytesPerCall(BoxingCheck.pipelineLimit(n));
    }

    private static SteadyState.Outcome reach(Runnable call, SteadyState.Rule rule) {
        SteadyState.Outcome o = SteadyState.reach(call, rule);
        last = o;
        System.out.println("# nimbench warm-up: " + o.describe());
        return o;
    }

    /** The outcome of this JVM's warm-up, null before it (or in a benchmark that has none). */
    static SteadyState.Outcome last() {
        return last;
    }
}
