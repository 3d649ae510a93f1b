package dev.nimbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.Problem;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Choices that would cancel each other are resolved towards the explicit one, or refused. */
class ConfigurationResolverTest {

    private static final int ODD = 1_000_000_007;
    private static final int EVEN = 1 << 20;

    private static Configuration config(String transform, String multiplier, String power, String combine) {
        return new Configuration(Map.of(), transform, multiplier, power, combine, 2);
    }

    private static ResolvedConfiguration resolve(Configuration c, Problem problem, int modulus) {
        return ConfigurationResolver.resolve(c, problem, modulus);
    }

    @Test
    void aTransformOrPowerWithoutCombineGetsACombineThatUsesIt() {
        for (Problem problem : Problem.values()) {
            ResolvedConfiguration t = resolve(config("scalar-mod", null, null, null), problem, ODD);
            assertThat(t.combine().usesSpectrum()).isTrue();
            assertThat(t.asRun().transform()).isEqualTo("scalar-mod");
            ResolvedConfiguration p = resolve(config(null, null, "scalar", null), problem, ODD);
            assertThat(p.asRun().power()).isEqualTo("scalar");
        }
    }

    @Test
    void aTransformBesideACombineThatRunsItsOwnIsRefusedNamingBoth() {
        for (CombineVariant combine : CombineVariant.values()) {
            if (combine.usesSpectrum() || !combine.isAvailable()) {
                continue;
            }
            assertThatThrownBy(() -> resolve(config("blocked", null, null, combine.id()), Problem.CARD_STACKING, ODD))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("transform 'blocked'").hasMessageContaining(combine.id());
            assertThatThrownBy(() -> resolve(config(null, null, "forkjoin", combine.id()), Problem.CARD_STACKING, ODD))
                    .hasMessageContaining("power 'forkjoin'").hasMessageContaining(combine.id());
        }
    }

    @Test
    void aTransformWithAnEvenModulusIsRefused() {
        assertThatThrownBy(() -> resolve(config("blocked", null, null, null), Problem.DIVISOR_GAME, EVEN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("transform 'blocked'").hasMessageContaining("modulus = " + EVEN);
    }

    @Test
    void noneIsHonouredByTheDefaultCombine() {
        for (Problem problem : Problem.values()) {
            ResolvedConfiguration r = resolve(config("none", null, "none", null), problem, ODD);
            assertThat(r.combine().usesSpectrum()).isFalse();
        }
    }

    /** A given multiplier must be computed with by some stage: the distribution, the power sum or the combine. */
    @Test
    void aMultiplierIsUsedBySomeStage() {
        for (Problem problem : Problem.values()) {
            for (int modulus : new int[] {ODD, 987_654_321, EVEN}) {
                for (MultiplierVariant m : MultiplierVariant.values()) {
                    if (m == MultiplierVariant.MONTGOMERY && (modulus & 1) == 0) {
                        continue;
                    }
                    ResolvedConfiguration r = resolve(config(null, m.id(), null, null), problem, modulus);
                    assertThat(r.multiplier()).isEqualTo(m);
                    boolean used = r.distribution().usesMultiplier() || r.combine().usesMultiplier()
                            || (r.combine().usesSpectrum() && r.power().usesMultiplier());
                    assertThat(used).as(problem + " " + modulus + " " + m + " -> " + r.asRun()).isTrue();
                }
            }
        }
    }

    @Test
    void aMultiplierNoStageCanUseIsRefusedNamingIt() {
        Configuration c = new Configuration(Map.of(Problem.CARD_STACKING, "vector-tail-sum-recurrence"), null,
                "barrett", null, "fused-vector-dist-wht", 2);
        assertThatThrownBy(() -> resolve(c, Problem.CARD_STACKING, ODD))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("multiplier 'barrett'").hasMessageContaining("fused-vector-dist-wht")
                .hasMessageContaining("vector-tail-sum-recurrence");
    }

    @Test
    void aFusingCombineGetsADistributionWithARangeWriter() {
        ResolvedConfiguration r = resolve(config(null, null, null, "fused-vector-dist-wht"), Problem.CARD_STACKING, ODD);
        assertThat(r.distribution().hasRangeWriter()).isTrue();
    }

    /** A run's configuration (what --json prints) resolves back to itself, "none" entries included. */
    @Test
    void theConfigurationAsRunResolvesBackToItself() {
        for (Problem problem : Problem.values()) {
            for (Configuration c : new Configuration[] {Configuration.defaults(), config("blocked", "plain", null, null),
                config(null, "barrett", null, null), config(null, null, null, "repeated-squaring")}) {
                Configuration asRun = resolve(c, problem, problem.defaultModulus()).asRun();
                assertThat(resolve(asRun, problem, problem.defaultModulus()).asRun()).as(asRun.toString())
                        .isEqualTo(asRun);
            }
        }
    }

    @Test
    void multiplierNoneIsAcceptedOnlyWhereNoStageUsesOne() {
        Configuration none = new Configuration(Map.of(Problem.CARD_STACKING, "tail-sum-recurrence"), null,
                "none", null, null, 2);
        assertThatThrownBy(() -> resolve(none, Problem.CARD_STACKING, ODD))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("multiplier 'none'").hasMessageContaining("tail-sum-recurrence");
        Configuration fused = new Configuration(Map.of(Problem.CARD_STACKING, "vector-tail-sum-recurrence"), null,
                "none", null, "fused-vector-dist-wht", 2);
        ResolvedConfiguration r = resolve(fused, Problem.CARD_STACKING, ODD);
        assertThat(r.usesMultiplier()).isFalse();
        assertThat(r.asRun().multiplier()).isEqualTo("none");
        assertThat(r.multiplier()).isNotNull(); // the final product by P^-1 still needs one
    }
}
