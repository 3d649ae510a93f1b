package dev.nimbench.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DistributionVariantTest {

    @Test
    void idsInOrderPerProblem() {
        assertThat(DistributionVariant.forProblem(Problem.CARD_STACKING)).extracting(DistributionVariant::id)
                .containsExactly("tail-sum-recurrence", "vector-tail-sum-recurrence", "vector-tail-sum-recurrence-masked",
                        "vector-tail-sum-recurrence-fma", "tau-recurrence", "per-k-tail-sums",
                        "brute-force");
        assertThat(DistributionVariant.forProblem(Problem.DIVISOR_GAME)).extracting(DistributionVariant::id)
                .containsExactly("brute-force", "signature-memo", "omega-sieve");
    }

    @Test
    void requireLooksUpWithinAProblem() {
        assertThat(DistributionVariant.require(Problem.CARD_STACKING, "brute-force"))
                .isEqualTo(DistributionVariant.CARD_STACKING_BRUTE_FORCE);
        assertThat(DistributionVariant.require(Problem.DIVISOR_GAME, "brute-force"))
                .isEqualTo(DistributionVariant.DIVISOR_GAME_BRUTE_FORCE);
        assertThatThrownBy(() -> DistributionVariant.require(Problem.DIVISOR_GAME, "tau-recurrence"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("distribution variant 'tau-recurrence' belongs to card-stacking, not divisor-game; "
                        + "valid for divisor-game: brute-force, signature-memo, omega-sieve");
        assertThatThrownBy(() -> DistributionVariant.require(Problem.DIVISOR_GAME, "nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown distribution variant 'nope' for divisor-game; valid: "
                        + "brute-force, signature-memo, omega-sieve");
    }

    @ParameterizedTest
    @EnumSource(DistributionVariant.class)
    void describesItself(DistributionVariant variant) {
        assertThat(variant.id()).matches("[a-z0-9]+(-[a-z0-9]+)*");
        assertThat(variant.complexity()).startsWith("O(");
        assertThat(variant.description()).isNotBlank();
        assertThat(variant.isAvailable()).isTrue();
        assertThat(variant.create()).isNotNull();
    }
}
