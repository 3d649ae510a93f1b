package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The whole-run progress line: group k of N, runs done, elapsed, the plan's remaining estimate. */
class RunProgressTest {

    /**
     * 1 warm-up and 5 measurement iterations of 100 ms: 0.8 s start (RunGroup.FORK_STARTUP_SECONDS) + 0.9 s
     * warm-up to steady state at its least (Settle.estimatedSeconds) + 0.6 s = 2.3 s per run.
     */
    private static final Profile.Iterations ITERATIONS = new Profile.Iterations(1, 100, 5, 100);

    private static RunGroup group(String benchClass, int variants) {
        return group(benchClass, variants, 1);
    }

    private static RunGroup group(String benchClass, int variants, int forks) {
        List<String> ids = java.util.stream.IntStream.range(0, variants).mapToObj(i -> "v" + i).toList();
        return new RunGroup(benchClass, List.of("run"), Map.of("variant", ids, "size", List.of("1024")), ITERATIONS, forks, 0);
    }

    @Test
    void countsGroupsAndRunsAndScalesThePlanByThePaceSoFar() {
        RunGroup a = group("TransformBench", 10); // plan 23 s
        RunGroup b = group("PowerSumBench", 20); // plan 46 s
        RunGroup c = group("DistributionBench", 30); // plan 69 s
        AtomicLong nanos = new AtomicLong(5_000_000_000L);
        RunProgress progress = new RunProgress(List.of(a, b, c), nanos::get);

        assertThat(progress.starting(a)).isEqualTo(
                "nimbench progress: group 1 of 3 (TransformBench.run), 0 of 60 runs done, elapsed 0:00, about 2:18 left");
        nanos.addAndGet(46_000_000_000L); // the first group took twice its plan: the rest will too
        assertThat(progress.starting(b)).isEqualTo(
                "nimbench progress: group 2 of 3 (PowerSumBench.run), 10 of 60 runs done, elapsed 0:46, about 3:50 left");
        nanos.addAndGet(23_000_000_000L); // 69 s for a 69 s plan so far: on pace
        assertThat(progress.starting(c)).isEqualTo(
                "nimbench progress: group 3 of 3 (DistributionBench.run), 30 of 60 runs done, elapsed 1:09, about 1:09 left");
        nanos.addAndGet(3_600_000_000_000L);
        assertThat(progress.finished()).isEqualTo("nimbench progress: 3 groups, 60 runs done in 1:01:09 (plan: 2:18)");
    }

    @Test
    void aPipelineForkIsPlannedWithItsFirstCallsCompiles() {
        assertThat(group("PipelineBench", 1).estimatedSeconds())
                .isCloseTo(2.3 + RunGroup.PIPELINE_COMPILE_SECONDS, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aGroupTooManyIsAnError() {
        RunGroup a = group("TransformBench", 1, 2);
        RunProgress progress = new RunProgress(List.of(a), () -> 0L);
        assertThat(progress.starting(a)).contains("group 1 of 1").contains("0 of 1 runs done")
                .contains("about 0:05 left"); // 2 forks × 2.3 s
        assertThatThrownBy(() -> progress.starting(a)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void clockFormat() {
        assertThat(RunProgress.clock(0)).isEqualTo("0:00");
        assertThat(RunProgress.clock(59.4)).isEqualTo("0:59");
        assertThat(RunProgress.clock(669)).isEqualTo("11:09");
        assertThat(RunProgress.clock(3600)).isEqualTo("1:00:00");
        assertThat(RunProgress.clock(-3)).isEqualTo("0:00");
    }
}
