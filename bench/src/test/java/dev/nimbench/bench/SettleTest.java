package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.exec.SteadyState;
import org.junit.jupiter.api.Test;

/**
 * The warm-up rules that the benchmarks apply: a whole pipeline has a boxing limit too; the
 * set-up's checked call is the warm-up's first; the planner's fallback sizes stay cheap.
 */
class SettleTest {

    @Test
    void aWholePipelineHasABoxingLimitBetweenItsOwnArraysAndBoxedVectors() {
        SteadyState.Rule r = Settle.pipelineRule(10_000_000);
        assertThat(r.maxBytesPerCall()).isEqualTo(16 * 1024 + 64.0 * 10_000_000);
        // measured at n = 10^7 (results/20261201T193541Z-jdk17.json): compiled pipelines 0.6-8.8 MB per
        // call; two boxed forks of combine=fused-vector-wht-masked 6.9 GB per call
        assertThat(r.maxBytesPerCall()).isGreaterThan(8.8e6).isLessThan(6.9e9);
        assertThat(r.windowMillis()).isEqualTo(Settle.RULE.windowMillis());
        assertThat(r.quietWindows()).isEqualTo(Settle.RULE.quietWindows());
        assertThat(r.capMillis()).isEqualTo(Settle.CAP_MILLIS);
    }

    @Test
    void theFirstWarmUpCallIsCheckedOnceAndAWrongOneStopsTheFork() {
        int[] calls = {0};
        java.util.List<Integer> checkedAt = new java.util.ArrayList<>();
        Runnable r = Settle.checkedFirst(() -> calls[0]++, () -> checkedAt.add(calls[0]));
        r.run();
        r.run();
        r.run();
        assertThat(calls[0]).isEqualTo(3);
        assertThat(checkedAt).containsExactly(1);
        Runnable wrong = Settle.checkedFirst(() -> { }, () -> {
            throw new IllegalStateException("WRONG: power vector-x at 4096: sum 1, baseline scalar gives 2");
        });
        org.assertj.core.api.Assertions.assertThatThrownBy(wrong::run).hasMessageStartingWith("WRONG: power");
    }

    @Test
    void fallbackSizesPreferCallsUnderAQuarterSecond() {
        // brute force: the profile's sizes are out of reach; n = 16 took 2.5 s a call
        SizeCalibration c = new SizeCalibration();
        for (int n = 2; n <= 16; n++) {
            c.digests.put(n, (long) n);
            c.millis.put(n, n == 16 ? 2500.0 : n * 0.01);
        }
        assertThat(c.chosen(java.util.List.of(1000, 10_000))).containsExactly(4, 8);
        // when fewer than two round sizes are cheap, the next larger ones fill in
        SizeCalibration slow = new SizeCalibration();
        slow.digests.put(2, 2L);
        slow.millis.put(2, 1.0);
        slow.digests.put(4, 4L);
        slow.millis.put(4, 900.0);
        slow.digests.put(8, 8L);
        slow.millis.put(8, 2400.0);
        assertThat(slow.chosen(java.util.List.of(1000))).containsExactly(2, 4);
        // target sizes reached come first, whatever they cost
        SizeCalibration reached = new SizeCalibration();
        reached.digests.put(1000, 1L);
        reached.millis.put(1000, 600.0);
        reached.digests.put(10_000, 2L);
        reached.millis.put(10_000, 2000.0);
        assertThat(reached.chosen(java.util.List.of(1000, 10_000))).containsExactly(1000, 10_000);
    }
}
