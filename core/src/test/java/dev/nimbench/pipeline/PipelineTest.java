package dev.nimbench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.config.Configuration;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.VectorSupport;
import java.math.BigInteger;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The modular pipeline with the default configuration: published values, edge cases, validation. */
class PipelineTest {

    private static final long P1 = 1_000_000_007L;
    private static final long DIVISOR_M = 987_654_321L;

    @Test
    void publishedValues() {
        assertThat(answer(Problem.CARD_STACKING, 3, 2, P1)).isEqualTo(26);
        assertThat(answer(Problem.CARD_STACKING, 13, 4, P1)).isEqualTo(540_318_329);
        assertThat(answer(Problem.DIVISOR_GAME, 10, 5, DIVISOR_M)).isEqualTo(40_085);
    }

    @Test
    void threadCountsOutsideTheRangeAreRefusedWithTheRange() {
        for (int threads : new int[] {0, -1, Configuration.MAX_THREADS + 1, 40_000}) {
            assertThatThrownBy(() -> new Configuration(Map.of(), null, null, null, null, threads))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("threads = " + threads + " is out of range; valid: 1 <= threads <= 1024");
            assertThatThrownBy(() -> new ExecutionContext(MultiplierVariant.PLAIN.create(101), threads))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("threads = " + threads + " is out of range; valid: 1 <= threads <= 1024");
        }
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(101), Configuration.MAX_THREADS)) {
            assertThat(ctx.pool().getParallelism()).isEqualTo(Configuration.MAX_THREADS);
        }
    }

    @Test
    void edgeCases() {
        for (int n = 1; n <= 40; n += 13) {
            assertThat(answer(Problem.CARD_STACKING, n, 0, P1)).as("C(%d, 0)", n).isEqualTo(1);
        }
        for (int s = 0; s <= 40; s += 7) {
            assertThat(answer(Problem.CARD_STACKING, 1, s, P1)).as("C(1, %d)", s)
                    .isEqualTo(BigInteger.TWO.pow(s).mod(BigInteger.valueOf(P1)).longValue());
        }
        for (int n = 2; n <= 40; n += 9) {
            assertThat(answer(Problem.DIVISOR_GAME, n, 0, DIVISOR_M)).as("f(%d, 0)", n).isZero();
        }
        // Only pile size 2 (a prime): every position is lost, for any k.
        assertThat(answer(Problem.DIVISOR_GAME, 2, 1_000_000_000_000L, DIVISOR_M)).isZero();
    }

    @Test
    void losingPlusWinningIsTheTotal() {
        Result r = run(Problem.CARD_STACKING, 13, 4, P1, Configuration.defaults());
        BigInteger m = BigInteger.valueOf(P1);
        assertThat(r.losing().add(r.winning()).mod(m)).isEqualTo(BigInteger.TWO.pow(13 * 4).mod(m));
        Result d = run(Problem.DIVISOR_GAME, 10, 5, DIVISOR_M, Configuration.defaults());
        assertThat(d.losing().add(d.winning())).isEqualTo(BigInteger.valueOf(9).pow(5));
        assertThat(d.answer()).isEqualTo(d.winning());
        assertThat(r.answer()).isEqualTo(r.losing());
    }

    @Test
    void reusesItsArraysAcrossRunsAndReportsMedians() {
        // The staged combine, whose four stages are timed separately.
        Configuration staged = new Configuration(Map.of(), null, null, null, "wht", null);
        try (Pipeline p = Pipeline.prepare(Problem.CARD_STACKING, 13, 4, P1, staged)) {
            assertThat(p.points()).isEqualTo(16);
            Result first = p.run();
            Result again = p.run();
            assertThat(again.losing()).isEqualTo(first.losing()).isEqualTo(BigInteger.valueOf(540_318_329));
            Result repeated = p.runRepeated(3);
            assertThat(repeated.losing()).isEqualTo(first.losing());
            assertThat(repeated.timingsMillis().keySet())
                    .containsExactly("distribution", "transform", "power", "combine");
            assertThat(repeated.timingsMillis().values()).allMatch(v -> v >= 0);
        }
    }

    @Test
    void configurationAsRunNamesUnusedStagesNone() {
        Configuration rs = new Configuration(Map.of(), null, null, null, "repeated-squaring", 1);
        Result r = run(Problem.DIVISOR_GAME, 10, 5, DIVISOR_M, rs);
        assertThat(r.answer()).isEqualTo(BigInteger.valueOf(40_085));
        assertThat(r.config().transform()).isEqualTo(Configuration.NONE);
        assertThat(r.config().power()).isEqualTo(Configuration.NONE);
        assertThat(r.config().combine()).isEqualTo("repeated-squaring");
        assertThat(r.timingsMillis().keySet()).containsExactly("distribution", "combine");
        // What a run reports can be fed back as a configuration.
        assertThat(run(Problem.DIVISOR_GAME, 10, 5, DIVISOR_M, r.config()).config()).isEqualTo(r.config());
    }

    @Test
    void evenModulusPicksRepeatedSquaringByDefault() {
        Result r = run(Problem.DIVISOR_GAME, 10, 5, 1L << 30, Configuration.defaults());
        assertThat(r.config().combine()).isEqualTo("repeated-squaring");
        assertThat(r.answer()).isEqualTo(BigInteger.valueOf(40_085));
    }

    @Test
    void defaultConfigurationHasNoWarningWithTheVectorModule() {
        assertThat(VectorSupport.isPresent()).as("tests must run with --add-modules jdk.incubator.vector").isTrue();
        try (Pipeline p = Pipeline.prepare(Problem.CARD_STACKING, 13, 4, P1, Configuration.defaults())) {
            assertThat(p.resolved().warning()).isNull();
            assertThat(p.resolved().distribution().problem()).isEqualTo(Problem.CARD_STACKING);
        }
    }

    @Test
    void rejectsInstancesOutOfRange() {
        assertInvalid(Problem.CARD_STACKING, 0, 1, P1, "n = 0", "1 <= n <= 1073741824");
        assertInvalid(Problem.CARD_STACKING, (1 << 30) + 1, 1, P1, "n = 1073741825", "1 <= n <= 1073741824");
        assertInvalid(Problem.DIVISOR_GAME, 1, 1, DIVISOR_M, "n = 1", "2 <= n");
        assertInvalid(Problem.CARD_STACKING, 5, -1, P1, "s = -1", "0 <= s");
        assertInvalid(Problem.DIVISOR_GAME, 5, -3, DIVISOR_M, "k = -3", "0 <= k");
        assertInvalid(Problem.CARD_STACKING, 5, 1, 1, "modulus = 1", "2 <= modulus < 2^31");
        assertInvalid(Problem.CARD_STACKING, 5, 1, 1L << 31, "modulus = 2147483648", "2 <= modulus < 2^31");
    }

    @Test
    void rejectsAnEvenModulusForWht() {
        Configuration wht = new Configuration(Map.of(), null, null, null, "wht", null);
        assertThatThrownBy(() -> Pipeline.prepare(Problem.DIVISOR_GAME, 10, 5, 1_000_000_006L, wht))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("modulus = 1000000006").hasMessageContaining("odd");
    }

    @Test
    void rejectsCardStackingBinomialsWithoutAPrimeModulusAboveN() {
        for (DistributionVariant d : Registry.available(DistributionVariant.class)) {
            if (d.problem() != Problem.CARD_STACKING || d.id().equals("brute-force")) {
                continue;
            }
            Configuration c = Configuration.defaults().withDistribution(Problem.CARD_STACKING, d.id());
            for (long m : new long[] {987_654_321L, 97L}) {
                assertThatThrownBy(() -> run(Problem.CARD_STACKING, 100, 3, m, c))
                        .as("%s M=%d", d.id(), m)
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining(String.valueOf(m))
                        .hasMessageNotContaining("\n");
            }
        }
    }

    @Test
    void rejectsTooManyPointsForRepeatedSquaring() {
        Configuration rs = new Configuration(Map.of(), null, null, null, "repeated-squaring", null);
        int max = CombineVariant.REPEATED_SQUARING.maxPoints();
        assertThatThrownBy(() -> Pipeline.prepare(Problem.CARD_STACKING, max + 1, 2, P1, rs))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("P = " + 2 * max).hasMessageContaining(String.valueOf(max));
    }

    @Test
    void rejectsUnknownUnavailableAndMismatchedVariants() {
        assertConfigInvalid(new Configuration(Map.of(), "nope", null, null, null, null),
                "unknown transform variant 'nope'; valid: ");
        assertConfigInvalid(new Configuration(Map.of(), null, "nope", null, null, null),
                "unknown multiplier variant 'nope'");
        assertConfigInvalid(new Configuration(Map.of(), null, null, "nope", null, null), "unknown power variant");
        assertConfigInvalid(new Configuration(Map.of(), null, null, null, "nope", null),
                "unknown combine variant 'nope'; valid: wht, repeated-squaring");
        assertConfigInvalid(Configuration.defaults().withDistribution(Problem.CARD_STACKING, "nope"),
                "unknown distribution variant 'nope'");
        assertConfigInvalid(new Configuration(Map.of(), Configuration.NONE, null, null, "wht", null),
                "transform 'none' is valid only");
        DistributionVariant other = Registry.all(DistributionVariant.class).stream()
                .filter(d -> d.problem() == Problem.DIVISOR_GAME)
                .filter(d -> DistributionVariant.forProblem(Problem.CARD_STACKING).stream().noneMatch(c -> c.id().equals(d.id())))
                .findFirst().orElseThrow();
        assertConfigInvalid(Configuration.defaults().withDistribution(Problem.CARD_STACKING, other.id()),
                "belongs to divisor-game");
    }

    @Test
    void refusesBeforeAllocatingWhenTheHeapIsTooSmall() {
        assertThatThrownBy(() -> Pipeline.prepare(Problem.CARD_STACKING, 1 << 24, 1, P1, Configuration.defaults(),
                () -> 40L << 20))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("n = 16777216").hasMessageContaining("MiB of heap")
                .hasMessageContaining("P = 16777216").hasMessageContaining("-Xmx");
    }

    private static void assertConfigInvalid(Configuration c, String message) {
        assertThatThrownBy(() -> run(Problem.CARD_STACKING, 13, 4, P1, c))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message)
                .hasMessageNotContaining("\n");
    }

    private static void assertInvalid(Problem problem, int n, long count, long m, String... parts) {
        assertThatThrownBy(() -> run(problem, n, count, m, Configuration.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll(parts)
                .hasMessageNotContaining("\n");
    }

    static Result run(Problem problem, int n, long count, long m, Configuration config) {
        try (Pipeline p = Pipeline.prepare(problem, n, count, m, config)) {
            return p.run();
        }
    }

    private static long answer(Problem problem, int n, long count, long m) {
        Result r = run(problem, n, count, m, Configuration.defaults());
        assertThat(r.modulus()).isEqualTo((int) m);
        assertThat(r.answer()).isBetween(BigInteger.ZERO, BigInteger.valueOf(m - 1));
        return r.answer().longValueExact();
    }
}
