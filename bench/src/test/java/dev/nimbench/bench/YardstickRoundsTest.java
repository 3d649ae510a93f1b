package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The yardstick among the pipeline forks: each fork divided by the yardstick of its own minutes,
 * so that a machine whose speed changes halfway through reads the same ratio in both halves.
 */
class YardstickRoundsTest {

    private static RunGroup fork(String bench, String problem, String size, String variant) {
        return new RunGroup(bench, List.of("solve"), Map.of("problem", List.of(problem), "variant", List.of(variant),
                "size", List.of(size), "threads", List.of("2")), new Profile.Iterations(1, 100, 5, 100), 1, 100);
    }

    @Test
    void onlyTheCardStackingPipelineAtItsTargetIsPaced() {
        assertThat(YardstickRounds.paces(List.of(fork("PipelineBench", "card-stacking", "10000000", "default")))).isTrue();
        assertThat(YardstickRounds.paces(List.of(fork("PipelineBench", "card-stacking", "100000", "default")))).isFalse();
        assertThat(YardstickRounds.paces(List.of(fork("PipelineBench", "divisor-game", "10000000", "default")))).isFalse();
        assertThat(YardstickRounds.paces(List.of(fork("DistributionBench", "card-stacking", "10000000", "x")))).isFalse();
    }

    @Test
    void aMachineThatSlowsHalfwayReadsTheSameRatioInBothHalves() {
        AtomicLong clock = new AtomicLong();
        double[] speed = {1.0};
        Deque<Double> runs = new ArrayDeque<>();
        Map<String, Object> record = new LinkedHashMap<>();
        YardstickRounds among = new YardstickRounds(() -> {
            runs.add(40.0 * speed[0]);
            return 40.0 * speed[0];
        }, record, clock::get);
        RunGroup a = fork("PipelineBench", "card-stacking", "10000000", "default");
        RunGroup b = fork("PipelineBench", "card-stacking", "10000000", "combine=wht");
        // 16 forks of 10 s each, a and b alternating: the machine runs at half speed from the 9th on
        for (int i = 0; i < 16; i++) {
            if (i == 8) {
                speed[0] = 2.0;
            }
            among.beforeFork();
            clock.addAndGet(10_000_000_000L);
            among.afterFork(i % 2 == 0 ? a : b, (i % 2 == 0 ? 42.0 : 50.0) * speed[0]);
        }
        among.endSet();
        // a run before the first fork, one every 45 s (each fifth fork) and one at the end
        assertThat(runs).hasSize(5);
        @SuppressWarnings("unchecked")
        Map<String, List<Double>> paired = (Map<String, List<Double>>) record.get("paired");
        assertThat(paired.get("default threads=2")).hasSize(8);
        assertThat(paired.get("combine=wht threads=2")).hasSize(8);
        // runs at 0, 50, 100 and 150 s and at the end: forks 5-9 (50-100 s) are bracketed across the change, the
        // other eleven within one speed read exactly 42/40 and 50/40
        assertThat(paired.get("default threads=2").stream().filter(r -> Math.abs(r - 1.05) < 1e-9)).hasSize(6);
        assertThat(paired.get("combine=wht threads=2").stream().filter(r -> Math.abs(r - 1.25) < 1e-9)).hasSize(5);
        assertThat((List<?>) record.get("among")).hasSize(5);
    }

    @Test
    void aFailedYardstickRunLeavesTheOtherSideOfTheBracket() {
        AtomicLong clock = new AtomicLong();
        Deque<Double> medians = new java.util.LinkedList<>(java.util.Arrays.asList(40.0, null));
        Map<String, Object> record = new LinkedHashMap<>();
        YardstickRounds among = new YardstickRounds(medians::poll, record, clock::get);
        RunGroup a = fork("PipelineBench", "card-stacking", "10000000", "default");
        among.beforeFork();
        among.afterFork(a, 44.0);
        among.endSet();
        assertThat(record.get("paired")).isEqualTo(Map.of("default threads=2", List.of(1.1)));
        // and a set that never ran a fork ends without a yardstick run
        YardstickRounds idle = new YardstickRounds(() -> {
            throw new AssertionError("no fork, no yardstick");
        }, new LinkedHashMap<>(), clock::get);
        idle.endSet();
    }

    @Test
    void theBudgetReservesARunPerIntervalOfEachPacedSetAndOneAtItsEnd() {
        RunGroup paced = fork("PipelineBench", "card-stacking", "10000000", "default").withForks(4);
        RunGroup other = fork("PipelineBench", "divisor-game", "10000000", "default").withForks(4);
        int expected = 1 + (int) Math.ceil(paced.estimatedSeconds() / YardstickRounds.INTERVAL_SECONDS);
        assertThat(YardstickRounds.expectedRuns(List.of(List.of(paced), List.of(other)))).isEqualTo(expected);
    }
}
