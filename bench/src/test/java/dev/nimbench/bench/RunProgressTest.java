package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The whole-run progress line: group k of N, runs done, elapsed, the plan's remaining estimate. */
class RunProgressTest {

    /** 1 warm-up and 5 measurement iterations of 100 ms: 1.5 s start + 0.6 s = 2.1 s per run. */
    private static final Profile.Iterations ITERATIONS = new Profile.Iterations(1, 100, 5, 100);

    private static RunGroup group(String benchClass, int variants) {
        List<String> ids = java.util.stream.IntStream.range(0, variants).mapToObj(i -> "v" + i).toList();
        return new RunGroup(benchClass, List.of("run"), Map.of("variant", ids, "size", List.of("1024")), ITERATIONS, 0);
    }

    @Test
    void countsGroupsAndRunsAndScalesThePlanByThePaceSoFar() {
        RunGroup a = group("TransformBench", 10); // plan 21 s
        RunGroup b = group("PowerSumBench", 20); // plan 42 s
        RunGroup c = group("PipelineBench", 30); // plan 63 s
        AtomicLong nanos = new AtomicLong(5_000_000_000L);
        RunProgress progress = new RunProgress(List.of(a, b, c), 1, nanos::get);

        assertThat(progress.starting(a)).isEqualTo(
                "nimbench progress: group 1 of 3 (TransformBench.run), 0 of 60 runs done, elapsed 0:00, about 2:06 left");
        nanos.addAndGet(42_000_000_000L); // the first group took twice its plan: the rest will too
        assertThat(progress.starting(b)).isEqualTo(
                "nimbench progress: group 2 of 3 (PowerSumBench.run), 10 of 60 runs done, elapsed 0:42, about 3:30 left");
        nanos.addAndGet(21_000_000_000L); // 63 s for a 63 s plan so far: on pace
        assertThat(progress.starting(c)).isEqualTo(
                "nimbench progress: group 3 of 3 (PipelineBench.run), 30 of 60 runs done, elapsed 1:03, about 1:03 left");
        nanos.addAndGet(3_600_000_000_000L);
        assertThat(progress.finished()).isEqualTo("nimbench progress: 3 groups, 60 runs done in 1:01:03 (plan: 2:06)");
    }

    @Test
    void aGroupTooManyIsAnError() {
        RunGroup a = group("TransformBench", 1);
        RunProgress progress = new RunProgress(List.of(a), 2, () -> 0L);
        assertThat(progress.starting(a)).contains("group 1 of 1").contains("0 of 1 runs done")
                .contains("about 0:04 left"); // 2 forks × 2.1 s
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
