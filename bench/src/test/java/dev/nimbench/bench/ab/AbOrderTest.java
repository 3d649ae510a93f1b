package dev.nimbench.bench.ab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.bench.ab.AbOrder.Side;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Duet rounds: both sides every round, mirrored pairs, seeded, neither side always first. */
class AbOrderTest {

    @Test
    void everyRoundRunsBothSidesAndPairsAreMirrored() {
        for (long seed = 0; seed < 50; seed++) {
            List<List<Side>> rounds = AbOrder.rounds(7, seed);
            assertThat(rounds).hasSize(7);
            rounds.forEach(r -> assertThat(r).containsExactlyInAnyOrder(Side.BASELINE, Side.CANDIDATE));
            for (int pair = 0; pair + 1 < 7; pair += 2) {
                assertThat(rounds.get(pair + 1)).containsExactly(rounds.get(pair).get(1), rounds.get(pair).get(0));
            }
            // each side runs first exactly as often, but for the odd last round
            long baselineFirst = rounds.subList(0, 6).stream().filter(r -> r.get(0) == Side.BASELINE).count();
            assertThat(baselineFirst).isEqualTo(3);
        }
    }

    @Test
    void theSeedGivesTheOrderAndBothOrdersOccur() {
        assertThat(AbOrder.rounds(6, 42)).isEqualTo(AbOrder.rounds(6, 42));
        int baselineOpens = 0;
        for (long seed = 0; seed < 400; seed++) {
            baselineOpens += AbOrder.rounds(2, seed).get(0).get(0) == Side.BASELINE ? 1 : 0;
        }
        assertThat(baselineOpens).isBetween(160, 240); // about half: neither side always first
        assertThat(AbOrder.describe(AbOrder.rounds(4, 1))).matches("(A B|B A) \\| (A B|B A) \\| (A B|B A) \\| (A B|B A)");
        assertThatThrownBy(() -> AbOrder.rounds(0, 1)).hasMessageContaining("rounds = 0");
    }
}
