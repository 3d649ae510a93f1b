package dev.nimbench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.combine.CombineVariant;
import dev.nimbench.config.Configuration;
import dev.nimbench.distribution.Problem;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fused combine variants through the whole pipeline: the real targets once each (SPEC §1:
 * C(10^7, 10^7) mod 1e9+7 and f(10^7, 10^12) mod 987654321, values verified by the staged
 * pipeline and the original write-ups), and agreement with the staged default on small card-stacking
 * instances including n = 1, 2 and s = 0, at 1 and 2 threads.
 */
class FusedPipelineTargetTest {

    static Stream<CombineVariant> fusedVariants() {
        return Arrays.stream(CombineVariant.values()).filter(v -> v.id().startsWith("fused") && v.isAvailable());
    }

    @ParameterizedTest
    @MethodSource("fusedVariants")
    void cardStackingTarget(CombineVariant variant) {
        assertThat(answer(Problem.CARD_STACKING, 10_000_000, 10_000_000L, 1_000_000_007L, variant, 2))
                .isEqualTo(BigInteger.valueOf(132_996_198));
    }

    /** Fused combines the divisor game can run: those that do not fuse its distribution. */
    static Stream<CombineVariant> fusedVariantsWithoutRangeWriter() {
        return fusedVariants().filter(v -> !v.requiresRangeDistribution());
    }

    @ParameterizedTest
    @MethodSource("fusedVariantsWithoutRangeWriter")
    void divisorGameTarget(CombineVariant variant) {
        assertThat(answer(Problem.DIVISOR_GAME, 10_000_000, 1_000_000_000_000L, 987_654_321L, variant, 2))
                .isEqualTo(BigInteger.valueOf(328_104_836));
    }

    @ParameterizedTest
    @MethodSource("fusedVariants")
    void equalsTheStagedPipelineOnSmallCardStacking(CombineVariant variant) {
        for (int threads = 1; threads <= 2; threads++) {
            for (int n : new int[] {1, 2, 3, 4, 5, 13, 100, 255, 256, 257, 1000, 4097, 70_000, 131_073}) {
                for (long s : new long[] {0, 1, 3, 10_000_000L}) {
                    BigInteger staged = answer(Problem.CARD_STACKING, n, s, 1_000_000_007L, CombineVariant.WHT, threads);
                    assertThat(answer(Problem.CARD_STACKING, n, s, 1_000_000_007L, variant, threads))
                            .as("%s n=%d s=%d T=%d", variant.id(), n, s, threads).isEqualTo(staged);
                }
            }
        }
    }

    @Test
    void fusedRunsNameTheirFusedStages() {
        // Card stacking with the tail-sum recurrence (a range writer) at a fused size.
        assertThat(stages(Problem.CARD_STACKING, 70_000, 1_000_000_007L, CombineVariant.FUSED_VECTOR_DIST_WHT))
                .containsExactly("distribution", "distribution+transform", "transform+power", "combine");
        assertThat(stages(Problem.CARD_STACKING, 70_000, 1_000_000_007L, CombineVariant.FUSED_VECTOR_WHT))
                .containsExactly("distribution", "transform+power", "combine");
        // No range writer for the divisor game: refused, never run unfused under the fused name.
        assertThatThrownBy(() -> stages(Problem.DIVISOR_GAME, 100_000, 987_654_321L,
                CombineVariant.FUSED_VECTOR_DIST_WHT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the fused-vector-dist-wht combine fuses the distribution into the transform and needs a"
                        + " distribution with a range writer; divisor-game distribution 'omega-sieve' has none; valid:"
                        + " none for this problem (or use another combine)");
        assertThat(stages(Problem.CARD_STACKING, 70_000, 1_000_000_007L, CombineVariant.WHT))
                .containsExactly("distribution", "transform", "power", "combine");
    }

    @ParameterizedTest
    @MethodSource("fusedVariants")
    void configurationAsRunNamesTransformAndPowerNone(CombineVariant variant) {
        Configuration config = new Configuration(Map.of(), null, null, null, variant.id(), 1);
        try (Pipeline p = Pipeline.prepare(Problem.CARD_STACKING, 13, 4, 1_000_000_007L, config)) {
            Result r = p.run();
            assertThat(r.answer()).isEqualTo(BigInteger.valueOf(540_318_329));
            assertThat(r.config().transform()).isEqualTo(Configuration.NONE);
            assertThat(r.config().power()).isEqualTo(Configuration.NONE);
        }
    }

    private static java.util.Set<String> stages(Problem problem, int n, long m, CombineVariant combine) {
        Configuration config = new Configuration(Map.of(), null, null, null, combine.id(), 2);
        try (Pipeline p = Pipeline.prepare(problem, n, 3, m, config)) {
            return p.run().timingsMillis().keySet();
        }
    }

    private static BigInteger answer(Problem problem, int n, long count, long m, CombineVariant combine, int threads) {
        Configuration config = new Configuration(Map.of(), null, null, null, combine.id(), threads);
        try (Pipeline p = Pipeline.prepare(problem, n, count, m, config)) {
            Result r = p.run();
            assertThat(r.config().combine()).isEqualTo(combine.id());
            return r.answer();
        }
    }
}
