package dev.nimbench.combine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.StageTimings;
import dev.nimbench.testkit.References;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fused combine variants (transform and power sum in one pass structure) against a textbook
 * reference (radix-2 WHT on longs with floorMod, scalar powMod, times P^-1), residue for residue,
 * at every L = 0..14, both thread counts, small/large/strict (>= 2^30) odd moduli, exponents 0..3
 * and huge, and inputs that exercise the zero-row skipping: random, all M-1, all zero, zero rows
 * at the top, a single non-zero entry anywhere.
 */
class FusedCombineTest {

    private static final int[] MODULI = {3, 5, 987_654_321, 1_000_000_007, (1 << 30) + 3, Integer.MAX_VALUE};

    static Stream<CombineVariant> fusedVariants() {
        return Arrays.stream(CombineVariant.values()).filter(v -> v.id().startsWith("fused") && v.isAvailable());
    }

    @Test
    void thereIsAFusedVariant() {
        assertThat(fusedVariants()).isNotEmpty();
    }

    @ParameterizedTest
    @MethodSource("fusedVariants")
    void equalsTheTextbookPipelineAtEverySizeUpTo2To14(CombineVariant variant) {
        Random random = new Random(4);
        for (int log = 0; log <= 14; log++) {
            int points = 1 << log;
            for (int shape = 0; shape < 6; shape++) {
                for (int threads = 1; threads <= 2; threads++) {
                    int m = MODULI[random.nextInt(MODULI.length)];
                    long s = switch (random.nextInt(5)) {
                        case 0 -> random.nextInt(4);
                        case 1 -> 10_000_000L;
                        case 2 -> random.nextLong() >>> 1;
                        default -> 1 + random.nextInt(1000);
                    };
                    int[] histogram = input(shape, points, m, random);
                    assertThat(combine(variant, histogram.clone(), s, m, threads))
                            .as("%s L=%d shape=%d T=%d s=%d M=%d", variant.id(), log, shape, threads, s, m)
                            .isEqualTo(reference(histogram, s, m));
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("fusedVariants")
    void exponentZeroAndOneAndEveryModulusAtTheFusedShape(CombineVariant variant) {
        Random random = new Random(550);
        int points = 1 << 12;
        for (int m : MODULI) {
            for (long s : new long[] {0, 1, 2, 3, 4, 987_654_320L, Long.MAX_VALUE}) {
                int[] histogram = input(random.nextInt(6), points, m, random);
                assertThat(combine(variant, histogram.clone(), s, m, 2)).as("s=%d M=%d", s, m)
                        .isEqualTo(reference(histogram, s, m));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("fusedVariants")
    void reusedInstancesGiveTheSameAnswers(CombineVariant variant) {
        Combiner combiner = variant.create();
        Random random = new Random(798);
        try (ExecutionContext ctx = References.context(1_000_000_007, 2)) {
            for (int trial = 0; trial < 8; trial++) {
                int points = 1 << (6 + random.nextInt(9));
                int[] histogram = input(trial % 6, points, 1_000_000_007, random);
                long r = combiner.zeroXorTuples(histogram.clone(), 12345, ctx, new StageTimings());
                assertThat(r).isEqualTo(reference(histogram, 12345, 1_000_000_007));
            }
        }
    }

    /**
     * The combines that fuse the distribution write only the rows that hold data; the rest of the
     * buffer keeps whatever an earlier run left there (here: garbage in {@code [0, M)}) and must
     * count as zero. n is chosen so that the data ends inside a group of rows that pass 2 gathers
     * together (16 rows at P = 2^18, block 2^14: n = 70 000 fills 9 of them, 100 000 13, 131 000 all 16).
     */
    @ParameterizedTest
    @MethodSource("fusedVariants")
    void rangeCombinesIgnoreWhatAnEarlierRunLeftAboveTheData(CombineVariant variant) {
        if (!variant.requiresRangeDistribution()) {
            return;
        }
        int m = 1_000_000_007;
        for (int n : new int[] {70_000, 100_000, 131_000}) {
            for (int threads = 1; threads <= 2; threads++) {
                GrundyDistribution distribution = DistributionVariant.TAIL_SUM_RECURRENCE.create();
                int size = distribution.size(n);
                int[] buffer = new int[Integer.highestOneBit(size - 1) << 1];
                Random random = new Random(n);
                Arrays.setAll(buffer, i -> random.nextInt(m));
                int[] clean = new int[buffer.length];
                try (ExecutionContext ctx = References.context(m, threads)) {
                    distribution.histogram(n, clean, ctx);
                    long expected = reference(clean, 10_000_019L, m);
                    long got = variant.create().zeroXorTuples(new GarbageSource(distribution, n, size, buffer), 10_000_019L,
                            ctx, new StageTimings());
                    assertThat(got).as("%s n=%d T=%d", variant.id(), n, threads).isEqualTo(expected);
                }
            }
        }
    }

    /** A source whose buffer holds an earlier run's leftovers everywhere. */
    private record GarbageSource(GrundyDistribution distribution, int n, int size, int[] buffer) implements HistogramSource {

        @Override
        public int[] histogram(ExecutionContext ctx, StageTimings timings) {
            distribution.histogram(n, buffer, ctx);
            Arrays.fill(buffer, size, buffer.length, 0);
            return buffer;
        }
    }

    @ParameterizedTest
    @MethodSource("fusedVariants")
    void recordsTransformPlusPowerAndCombine(CombineVariant variant) {
        StageTimings timings = new StageTimings();
        try (ExecutionContext ctx = References.context(1_000_000_007, 1)) {
            variant.create().zeroXorTuples(new int[1 << 10], 3, ctx, timings);
        }
        assertThat(timings.nanos().keySet()).containsExactlyElementsOf(List.of("transform+power", "combine"));
        assertThat(variant.usesSpectrum()).isFalse();
        assertThat(variant.requiresOddModulus()).isTrue();
    }

    @ParameterizedTest
    @MethodSource("fusedVariants")
    void refusesAnEvenModulusAndANegativeExponentInOneLine(CombineVariant variant) {
        assertThatThrownBy(() -> combine(variant, new int[] {1, 1}, 2, 1 << 20, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1048576").hasMessageContaining("odd").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> combine(variant, new int[] {1, 1}, -1, 7, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
    }

    /** Shapes: 0 random, 1 all M-1, 2 all zero, 3 random with the top part zero, 4 one entry, 5 sparse. */
    static int[] input(int shape, int points, int m, Random random) {
        int[] a = new int[points];
        switch (shape) {
            case 0 -> Arrays.setAll(a, i -> random.nextInt(m));
            case 1 -> Arrays.fill(a, m - 1);
            case 2 -> { }
            case 3 -> {
                int used = 1 + random.nextInt(points);
                for (int i = 0; i < used; i++) {
                    a[i] = random.nextInt(m);
                }
            }
            case 4 -> a[random.nextInt(points)] = 1 + random.nextInt(m - 1);
            default -> {
                for (int i = 0; i < points; i++) {
                    a[i] = random.nextInt(64) == 0 ? m - 1 - random.nextInt(2) : 0;
                }
            }
        }
        return a;
    }

    private static long combine(CombineVariant variant, int[] histogram, long s, int m, int threads) {
        try (ExecutionContext ctx = References.context(m, threads)) {
            long r = variant.create().zeroXorTuples(histogram, s, ctx, new StageTimings());
            assertThat(r).isBetween(0L, m - 1L);
            return r;
        }
    }

    /** Textbook: radix-2 WHT on longs reduced by floorMod, Σ x^s by scalar powMod, times 2^-L. */
    static long reference(int[] histogram, long s, int m) {
        int p = histogram.length;
        long[] x = Arrays.stream(histogram).asLongStream().toArray();
        for (int h = 1; h < p; h <<= 1) {
            for (int i = 0; i < p; i += 2 * h) {
                for (int j = i; j < i + h; j++) {
                    long u = x[j];
                    long v = x[j + h];
                    x[j] = Math.floorMod(u + v, (long) m);
                    x[j + h] = Math.floorMod(u - v, (long) m);
                }
            }
        }
        long sum = 0;
        for (long v : x) {
            sum = (sum + powMod(v, s, m)) % m;
        }
        long inverseP = powMod((m + 1L) / 2, Integer.numberOfTrailingZeros(p), m);
        return sum * inverseP % m;
    }

    /** {@code b^e mod m} by square-and-multiply on longs (operands below 2^31), {@code 0^0 = 1}. */
    private static long powMod(long b, long e, int m) {
        long result = 1 % m;
        long base = b % m;
        for (; e > 0; e >>>= 1) {
            if ((e & 1) != 0) {
                result = result * base % m;
            }
            base = base * base % m;
        }
        return result;
    }
}
