package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.exec.SteadyState;
import org.junit.jupiter.api.Test;

/** The warm-up rules that the benchmarks apply: a whole pipeline has a boxing limit too. */
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
}
