package dev.nimbench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.config.Configuration;
import dev.nimbench.distribution.Problem;
import dev.nimbench.exec.SteadyState;
import java.math.BigInteger;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code solve --repeat}: the counted runs come after a warm-up under the steady-state rule. */
class RepeatsTest {

    private static final long P1 = 1_000_000_007L;

    @Test
    void theCountedRunsFollowAWarmUpOfSeveralWindows() {
        Configuration staged = new Configuration(Map.of(), null, null, null, "wht", null);
        SteadyState.Rule rule = new SteadyState.Rule(20, 2, 5_000, Double.POSITIVE_INFINITY);
        try (Pipeline p = Pipeline.prepare(Problem.CARD_STACKING, 13, 4, P1, staged)) {
            Repeats.Repeated r = Repeats.run(p, 3, rule);
            assertThat(r.medians().losing()).isEqualTo(BigInteger.valueOf(540_318_329));
            // the first window is never quiet (nothing to compare it with): at least 3 windows of 20 ms
            assertThat(r.warmUp().elapsedMillis()).isGreaterThanOrEqualTo(60);
            assertThat(r.warmUp().calls()).isGreaterThanOrEqualTo(3);
            assertThat(r.medians().timingsMillis().keySet()).containsExactly("distribution", "transform", "power", "combine");
        }
    }

    @Test
    void aRepeatCountBelowOneIsRefused() {
        Configuration staged = new Configuration(Map.of(), null, null, null, "wht", null);
        try (Pipeline p = Pipeline.prepare(Problem.CARD_STACKING, 13, 4, P1, staged)) {
            assertThatThrownBy(() -> Repeats.run(p, 0)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("repeat must be >= 1, got 0");
        }
    }
}
