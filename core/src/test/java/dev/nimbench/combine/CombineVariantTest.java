package dev.nimbench.combine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.StageTimings;
import dev.nimbench.testkit.NewerJdk;
import dev.nimbench.testkit.References;
import java.math.BigInteger;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every combine variant against the exact XOR-convolution DP, with reference transform and power stages. */
class CombineVariantTest {

    private static final int[] ODD_MODULI = {3, 5, 987_654_321, 1_000_000_007, Integer.MAX_VALUE};
    private static final int[] EVEN_MODULI = {2, 1 << 30, 1_000_000_006};

    /**
     * Every combine this JVM can run: all but one that needs a newer JDK
     * ({@link CombineVariant#minimumJdk()}), which {@link #aVariantThatNeedsANewerJdkSaysSoAndDoesNotRun}
     * checks instead. The suite runs on JDK 25 too ({@code .ci/run}) to test those.
     */
    static Stream<CombineVariant> runnableHere() {
        return Stream.of(CombineVariant.values()).filter(CombineVariant::isAvailable);
    }

    @ParameterizedTest
    @EnumSource(CombineVariant.class)
    void aVariantThatNeedsANewerJdkSaysSoAndDoesNotRun(CombineVariant variant) {
        NewerJdk.saysSoAndDoesNotRun(variant, variant::create);
    }

    /** The registry's answers (known without creating the combiner) are the combiner's own. */
    @ParameterizedTest
    @MethodSource("runnableHere")
    void registryKnowsWhetherTheSpectrumStagesTakePart(CombineVariant variant) {
        Combiner c = create(variant);
        assertThat(variant.usesSpectrum()).isEqualTo(c.usesSpectrum());
        assertThat(variant.requiresOddModulus()).isEqualTo(c.requiresOddModulus());
        assertThat(variant.requiresRangeDistribution()).isEqualTo(c.requiresRangeDistribution());
    }

    /** A combiner is bound to the stages it runs: the wht combine to a transform and a power sum, no other to any. */
    @ParameterizedTest
    @MethodSource("runnableHere")
    void noCombinerIsHandedAStageItIgnores(CombineVariant variant) {
        if (variant.usesSpectrum()) {
            assertThatThrownBy(variant::create).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("create(transform, power)");
            assertThatThrownBy(() -> variant.create(null, References.bigIntegerPowerSum()))
                    .isInstanceOf(NullPointerException.class).hasMessageContaining("transform");
        } else {
            assertThatThrownBy(() -> variant.create(References.naiveTransform(), References.bigIntegerPowerSum()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("the " + variant.id() + " combine runs no transform or power stage: create()");
        }
    }

    @ParameterizedTest
    @MethodSource("runnableHere")
    void equalsTheExactConvolutionDp(CombineVariant variant) {
        Random random = new Random(798);
        for (int trial = 0; trial < 60; trial++) {
            int points = 1 << random.nextInt(7);
            int s = random.nextInt(9);
            int[] moduli = variant.requiresOddModulus() ? ODD_MODULI : concat(ODD_MODULI, EVEN_MODULI);
            int m = moduli[random.nextInt(moduli.length)];
            int[] histogram = new int[points];
            for (int i = 0; i < points; i++) {
                histogram[i] = trial % 5 == 0 ? m - 1 : random.nextInt(m); // boundary: all M-1
            }
            assertThat(combine(variant, histogram.clone(), s, m))
                    .as("%s P=%d s=%d M=%d", variant.id(), points, s, m)
                    .isEqualTo(expected(histogram, s, m));
        }
    }

    @Test
    void variantsAgreeOnHugeExponents() {
        Random random = new Random(550);
        for (int trial = 0; trial < 20; trial++) {
            int points = 1 << random.nextInt(7);
            long s = random.nextLong() >>> 1;
            int m = ODD_MODULI[random.nextInt(ODD_MODULI.length)];
            int[] histogram = random.ints(points, 0, m).toArray();
            assertThat(combine(CombineVariant.REPEATED_SQUARING, histogram.clone(), s, m))
                    .as("P=%d s=%d M=%d", points, s, m)
                    .isEqualTo(combine(CombineVariant.WHT, histogram.clone(), s, m));
        }
    }

    @ParameterizedTest
    @MethodSource("runnableHere")
    void zeroComponentsGiveOneEmptyTuple(CombineVariant variant) {
        assertThat(combine(variant, new int[] {5, 7, 0, 1}, 0, 1_000_000_007)).isEqualTo(1);
        assertThat(combine(variant, new int[] {0}, 0, 1_000_000_007)).isEqualTo(1);
    }

    @ParameterizedTest
    @MethodSource("runnableHere")
    void recordsTheStagesItRuns(CombineVariant variant) {
        StageTimings timings = new StageTimings();
        Combiner combiner = create(variant);
        try (ExecutionContext ctx = References.context(1_000_000_007, 1)) {
            combiner.zeroXorTuples(new int[] {1, 2, 3, 4}, 3, ctx, timings);
        }
        // A fused combine runs the transform and power itself and names the fused stage.
        assertThat(timings.nanos().keySet()).containsExactlyElementsOf(
                combiner.usesSpectrum() ? java.util.List.of("transform", "power", "combine")
                        : variant.id().startsWith("fused") ? java.util.List.of("transform+power", "combine")
                        : java.util.List.of("combine"));
    }

    @Test
    void whtRefusesAnEvenModulus() {
        assertThatThrownBy(() -> combine(CombineVariant.WHT, new int[] {1, 1}, 2, 1 << 20))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1048576").hasMessageContaining("odd");
    }

    @Test
    void repeatedSquaringRefusesTooManyPoints() {
        int tooMany = CombineVariant.REPEATED_SQUARING.maxPoints() * 2;
        assertThatThrownBy(() -> combine(CombineVariant.REPEATED_SQUARING, new int[tooMany], 2, 1_000_000_007))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("P = " + tooMany).hasMessageContaining("4096");
    }

    @Test
    void contractFlags() {
        assertThat(CombineVariant.WHT.usesSpectrum()).isTrue();
        assertThat(CombineVariant.WHT.requiresOddModulus()).isTrue();
        assertThat(CombineVariant.REPEATED_SQUARING.usesSpectrum()).isFalse();
        assertThat(CombineVariant.REPEATED_SQUARING.requiresOddModulus()).isFalse();
        assertThat(CombineVariant.FUSED_VECTOR_WHT.usesSpectrum()).isFalse();
        assertThat(CombineVariant.FUSED_VECTOR_WHT.requiresOddModulus()).isTrue();
        assertThat(CombineVariant.FUSED_VECTOR_DIST_WHT.requiresRangeDistribution()).isTrue();
        assertThat(CombineVariant.FUSED_VECTOR_WHT.requiresRangeDistribution()).isFalse();
    }

    private static long combine(CombineVariant variant, int[] histogram, long s, int m) {
        try (ExecutionContext ctx = References.context(m, 1)) {
            long r = create(variant).zeroXorTuples(histogram, s, ctx, new StageTimings());
            assertThat(r).isBetween(0L, m - 1L);
            return r;
        }
    }

    /** The combiner with the reference stages where it runs stages (the wht combine), else its own kernels. */
    private static Combiner create(CombineVariant variant) {
        return variant.usesSpectrum() ? variant.create(References.naiveTransform(), References.bigIntegerPowerSum())
                : variant.create();
    }

    private static long expected(int[] histogram, int s, int m) {
        long[] h = java.util.Arrays.stream(histogram).asLongStream().toArray();
        return References.zeroXorTuples(h, s).mod(BigInteger.valueOf(m)).longValue();
    }

    private static int[] concat(int[] a, int[] b) {
        int[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
