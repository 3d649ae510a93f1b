package dev.nimbench.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.config.Configuration;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.pipeline.Result;
import dev.nimbench.registry.Registry;
import dev.nimbench.testkit.GameBruteForce;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class ExactPipelineTest {

    @Test
    void publishedValues() {
        assertThat(answer(Problem.CARD_STACKING, 3, 2)).isEqualTo(BigInteger.valueOf(26));
        assertThat(answer(Problem.CARD_STACKING, 13, 4)).isEqualTo(new BigInteger("556569544214312"));
        assertThat(new BigInteger("556569544214312").mod(BigInteger.valueOf(1_000_000_007)))
                .isEqualTo(BigInteger.valueOf(540_318_329));
        assertThat(answer(Problem.DIVISOR_GAME, 10, 5)).isEqualTo(BigInteger.valueOf(40_085));
    }

    /** A given multiplier is used by the distribution, or refused when none can use it. */
    @Test
    void aGivenMultiplierIsUsedOrRefused() {
        Configuration plain = new Configuration(java.util.Map.of(), null, "plain", null, null, null);
        try (ExactPipeline p = ExactPipeline.prepare(Problem.CARD_STACKING, 13, 4, plain)) {
            assertThat(p.resolved().distribution().usesMultiplier()).isTrue();
            assertThat(p.run().losing()).isEqualTo(new BigInteger("556569544214312"));
        }
        assertThatThrownBy(() -> ExactPipeline.prepare(Problem.DIVISOR_GAME, 10, 5, plain))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--multiplier plain").hasMessageContaining("omega-sieve");
        Configuration vector = plain.withDistribution(Problem.CARD_STACKING, "vector-tail-sum-recurrence");
        assertThatThrownBy(() -> ExactPipeline.prepare(Problem.CARD_STACKING, 13, 4, vector))
                .hasMessageContaining("--multiplier plain").hasMessageContaining("vector-tail-sum-recurrence");
    }

    @Test
    void edgeCases() {
        assertThat(answer(Problem.CARD_STACKING, 7, 0)).isEqualTo(BigInteger.ONE);
        assertThat(answer(Problem.CARD_STACKING, 1, 37)).isEqualTo(BigInteger.TWO.pow(37));
        assertThat(answer(Problem.DIVISOR_GAME, 7, 0)).isEqualTo(BigInteger.ZERO);
    }

    @Test
    void cardStackingEqualsTheWholeGameTree() {
        for (int n = 1; n <= 5; n++) {
            for (int s = 0; n * s <= 10; s++) {
                assertThat(answer(Problem.CARD_STACKING, n, s)).as("C(%d, %d)", n, s)
                        .isEqualTo(GameBruteForce.cardStackingLosing(n, s));
            }
        }
    }

    @Test
    void divisorGameEqualsTupleEnumeration() {
        for (int n = 2; n <= 24; n += 2) {
            for (int k = 0; k <= 3; k++) {
                assertThat(answer(Problem.DIVISOR_GAME, n, k)).as("f(%d, %d)", n, k)
                        .isEqualTo(GameBruteForce.divisorGameWinning(n, k));
            }
        }
        assertThat(GameBruteForce.divisorGameWinning(10, 5)).isEqualTo(BigInteger.valueOf(40_085));
        assertThat(GameBruteForce.cardStackingLosing(3, 2)).isEqualTo(BigInteger.valueOf(26));
    }

    @Test
    void everyDistributionVariantGivesTheSameExactAnswer() {
        for (DistributionVariant d : Registry.available(DistributionVariant.class)) {
            int n = d.problem() == Problem.CARD_STACKING ? 12 : 60;
            Configuration c = Configuration.defaults().withDistribution(d.problem(), d.id());
            try (ExactPipeline p = ExactPipeline.prepare(d.problem(), n, 3, c)) {
                Result r = p.run();
                assertThat(r.config().distributionFor(d.problem())).isEqualTo(d.id());
                try (ExactPipeline reference = ExactPipeline.prepare(d.problem(), n, 3, Configuration.defaults())) {
                    assertThat(r.answer()).as(d.id()).isEqualTo(reference.run().answer());
                }
            }
        }
    }

    @Test
    void resultIsExactAndNamesItsStages() {
        try (ExactPipeline p = ExactPipeline.prepare(Problem.CARD_STACKING, 13, 4, Configuration.defaults())) {
            Result r = p.run();
            assertThat(r.exact()).isTrue();
            assertThat(r.modulus()).isNull();
            assertThat(r.losing().add(r.winning())).isEqualTo(BigInteger.TWO.pow(52));
            assertThat(r.config().transform()).isEqualTo(ExactPipeline.EXACT_STAGE);
            assertThat(r.config().power()).isEqualTo(ExactPipeline.EXACT_STAGE);
            assertThat(r.config().combine()).isEqualTo("wht");
            assertThat(r.timingsMillis().keySet()).containsExactly("distribution", "transform", "power", "combine");
        }
    }

    @Test
    void refusesWhatWouldBeTooSlowOrTooBig() {
        assertThatThrownBy(() -> ExactPipeline.prepare(Problem.CARD_STACKING, 2049, 1, Configuration.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("n <= 2048").hasMessageContaining("n = 2049");
        assertThatThrownBy(() -> ExactPipeline.prepare(Problem.CARD_STACKING, 13, 10_000_000, Configuration.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2^26").hasMessageContaining("s = 10000000");
        assertThatThrownBy(() -> ExactPipeline.prepare(Problem.DIVISOR_GAME, 10, Long.MAX_VALUE,
                Configuration.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("more than 2^26");
        assertThatThrownBy(() -> ExactPipeline.prepare(Problem.DIVISOR_GAME, 1, 1, Configuration.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("n = 1");
    }

    private static BigInteger answer(Problem problem, int n, long count) {
        try (ExactPipeline p = ExactPipeline.prepare(problem, n, count, Configuration.defaults())) {
            return p.run().answer();
        }
    }
}
