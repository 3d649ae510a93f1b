package dev.nimbench.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.exec.ExecutionContext;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every card-stacking distribution against the game-tree brute force, SPEC's table and identities. */
class CardStackingDistributionTest {

    static final int P = 1_000_000_007;

    static Stream<DistributionVariant> variants() {
        return DistributionVariant.forProblem(Problem.CARD_STACKING).stream();
    }

    /** The variants that need binomial tables (everything but brute force). */
    static Stream<DistributionVariant> binomialVariants() {
        return variants().filter(v -> v != DistributionVariant.CARD_STACKING_BRUTE_FORCE);
    }

    static int[] histogram(DistributionVariant variant, int n, int m, MultiplierVariant multiplier) {
        GrundyDistribution d = variant.create();
        int[] out = new int[d.size(n) + 3];
        Arrays.fill(out, -7); // sentinel: entries past size(n) must stay untouched
        try (ExecutionContext ctx = new ExecutionContext(multiplier.create(m), 1)) {
            d.histogram(n, out, ctx);
        }
        assertThat(Arrays.copyOfRange(out, n, n + 3)).containsOnly(-7);
        return Arrays.copyOf(out, n);
    }

    static int[] histogram(DistributionVariant variant, int n, int m) {
        return histogram(variant, n, m, MultiplierVariant.PLAIN);
    }

    @ParameterizedTest
    @MethodSource("variants")
    void matchesSpecSmallTable(DistributionVariant variant) {
        int[][] table = {{2}, {3, 1}, {4, 3, 1}, {6, 6, 3, 1}, {10, 11, 6, 4, 1}, {18, 20, 11, 10, 4, 1}};
        for (int n = 1; n <= table.length; n++) {
            assertThat(histogram(variant, n, P)).as("F_%d", n).containsExactly(table[n - 1]);
        }
    }

    @ParameterizedTest
    @MethodSource("variants")
    void equalsBruteForceForEveryNUpToTwelve(DistributionVariant variant) {
        for (int n = 1; n <= 12; n++) {
            for (int m : new int[] {P, 13, 17}) {
                if (m <= n) {
                    continue;
                }
                for (MultiplierVariant mv : MultiplierVariant.values()) {
                    int[] expected = histogram(DistributionVariant.CARD_STACKING_BRUTE_FORCE, n, m);
                    assertThat(histogram(variant, n, m, mv)).as("n=%d M=%d %s", n, m, mv.id()).containsExactly(expected);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("variants")
    void identities(DistributionVariant variant) {
        int maxN = variant == DistributionVariant.CARD_STACKING_BRUTE_FORCE ? 12 : 300;
        int[] previous = null;
        for (int n = 1; n <= maxN; n++) {
            int[] f = histogram(variant, n, P);
            long sum = 0;
            for (int x : f) {
                sum += x;
            }
            assertThat(sum % P).as("sum F_%d = 2^%d", n, n).isEqualTo(dev.nimbench.arith.ModMath.pow(2, n, P));
            if (n >= 2) {
                assertThat(f[n - 1]).as("F_%d(%d) = 1", n, n - 1).isEqualTo(1);
                for (int k = 1; 2 * k < n; k++) {
                    assertThat(f[2 * k]).as("F_%d(%d) = F_%d(%d)", n, 2 * k, n - 1, 2 * k - 1)
                            .isEqualTo(previous[2 * k - 1]);
                }
            }
            previous = f;
        }
    }

    @Test
    void bruteForceIsExactForTheLargestSmallN() {
        // Exact counts (no reduction): mod a prime above 2^n they are the integers themselves.
        int[] f = histogram(DistributionVariant.CARD_STACKING_BRUTE_FORCE, 12, P);
        assertThat(Arrays.stream(f).asLongStream().sum()).isEqualTo(1L << 12);
        assertThat(f[0]).isEqualTo((1 << 10) + 2);
    }

    @Test
    void fastVariantsAgreeOnLargerN() {
        SplittableRandom random = new SplittableRandom(798);
        int[] sizes = {1000, 1001, 4096, 100_000, 100_001, 2 + random.nextInt(200_000), 2 + random.nextInt(200_000)};
        for (int n : sizes) {
            for (int m : new int[] {P, 998_244_353, 2_147_483_647}) {
                int[] tail = histogram(DistributionVariant.TAIL_SUM_RECURRENCE, n, m);
                for (MultiplierVariant mv : MultiplierVariant.values()) {
                    assertThat(histogram(DistributionVariant.TAU_RECURRENCE, n, m, mv)).as("tau n=%d M=%d %s", n, m, mv.id())
                            .isEqualTo(tail);
                    assertThat(histogram(DistributionVariant.TAIL_SUM_RECURRENCE, n, m, mv))
                            .as("tail n=%d M=%d %s", n, m, mv.id()).isEqualTo(tail);
                    assertThat(histogram(DistributionVariant.VECTOR_TAIL_SUM_RECURRENCE, n, m, mv))
                            .as("vector tail n=%d M=%d %s", n, m, mv.id()).isEqualTo(tail);
                    assertThat(histogram(DistributionVariant.VECTOR_TAIL_SUM_RECURRENCE_MASKED, n, m, mv))
                            .as("masked vector tail n=%d M=%d %s", n, m, mv.id()).isEqualTo(tail);
                }
            }
        }
    }

    /**
     * The reference of {@link #fastVariantsAgreeOnLargerN} checked independently at large n:
     * sampled entries from SPEC §3's closed form (binomials built term by term with BigInteger
     * inverses, no factorial tables, no recurrence), and the identities sum_v F_N(v) = 2^N and
     * F_N(N-1) = 1 on the whole histogram.
     */
    @Test
    void tailSumRecurrenceEqualsTheClosedFormAtLargeN() {
        SplittableRandom random = new SplittableRandom(3);
        for (int n : new int[] {100_000, 100_001}) {
            int[] f = histogram(DistributionVariant.TAIL_SUM_RECURRENCE, n, P);
            long sum = 0;
            for (int x : f) {
                sum = (sum + x) % P;
            }
            assertThat(sum).as("sum n=%d", n).isEqualTo(java.math.BigInteger.TWO.modPow(java.math.BigInteger.valueOf(n),
                    java.math.BigInteger.valueOf(P)).longValueExact());
            assertThat(f[n - 1]).isEqualTo(1);
            for (int v : new int[] {0, 1, 2, 3, n / 2, n / 2 + 1, n - 2, n - 1, 1 + random.nextInt(n - 1)}) {
                assertThat(f[v]).as("F_%d(%d)", n, v).isEqualTo(closedForm(n, v, P));
            }
        }
    }

    /** SPEC §3: F_N(0) = 2^(N-2) + 2; else 2^R + binom(R, k) - sum_{i<=k-2} binom(R, i), k = ceil(v/2), R = N-k-1-[v even]. */
    static int closedForm(int n, int v, int m) {
        java.math.BigInteger bm = java.math.BigInteger.valueOf(m);
        if (v == 0) {
            return (int) ((java.math.BigInteger.TWO.modPow(java.math.BigInteger.valueOf(n - 2), bm).longValueExact() + 2) % m);
        }
        int k = (v + 1) / 2;
        int r = n - k - 1 - (v % 2 == 0 ? 1 : 0);
        long result = java.math.BigInteger.TWO.modPow(java.math.BigInteger.valueOf(r), bm).longValueExact();
        long binom = 1; // binom(r, i), built up i by i
        for (int i = 0; i <= k && i <= r; i++) {
            if (i <= k - 2) {
                result = (result - binom + m) % m;
            }
            if (i == k) {
                result = (result + binom) % m;
            }
            binom = binom * (r - i) % m * java.math.BigInteger.valueOf(i + 1).modInverse(bm).longValueExact() % m;
        }
        return (int) result;
    }

    @ParameterizedTest
    @EnumSource(value = DistributionVariant.class, names = {"TAIL_SUM_RECURRENCE", "VECTOR_TAIL_SUM_RECURRENCE",
        "VECTOR_TAIL_SUM_RECURRENCE_MASKED"})
    void parallelTailSumEqualsSequential(DistributionVariant variant) {
        for (int n : new int[] {1 << 16, 100_001, 262_147}) {
            for (MultiplierVariant mv : MultiplierVariant.values()) {
                int[] sequential = histogram(DistributionVariant.TAU_RECURRENCE, n, P, mv);
                for (int threads : new int[] {1, 2, 3}) {
                    GrundyDistribution d = variant.create();
                    int[] out = new int[n];
                    try (ExecutionContext ctx = new ExecutionContext(mv.create(P), threads)) {
                        d.histogram(n, out, ctx);
                    }
                    assertThat(out).as("%s n=%d %s threads=%d", variant.id(), n, mv.id(), threads).isEqualTo(sequential);
                }
            }
        }
    }

    @Test
    void perKTailSumsAgreesWithTheRecurrencesOnLargerN() {
        SplittableRandom random = new SplittableRandom(2024);
        int[] sizes = {1000, 1999, 100 + random.nextInt(2000)};
        for (int n : sizes) {
            int m = 1_000_003;
            assertThat(histogram(DistributionVariant.PER_K_TAIL_SUMS, n, m))
                    .as("n=%d", n).isEqualTo(histogram(DistributionVariant.TAIL_SUM_RECURRENCE, n, m));
        }
    }

    @Test
    void smallestPrimeAboveN() {
        // M = n + 1 prime: the tables exist; the tail sums still agree with brute force.
        for (int n : new int[] {1, 2, 4, 6, 10, 12}) {
            int m = n + 1;
            int[] expected = histogram(DistributionVariant.CARD_STACKING_BRUTE_FORCE, n, m);
            binomialVariants().forEach(v -> assertThat(histogram(v, n, m)).as("%s n=%d", v.id(), n).containsExactly(expected));
        }
    }

    @ParameterizedTest
    @MethodSource("binomialVariants")
    void refusesModuliWithoutBinomialTables(DistributionVariant variant) {
        GrundyDistribution d = variant.create();
        try (ExecutionContext composite = new ExecutionContext(MultiplierVariant.PLAIN.create(987_654_321), 1);
                ExecutionContext small = new ExecutionContext(MultiplierVariant.PLAIN.create(7), 1)) {
            assertThatThrownBy(() -> d.histogram(10, new int[10], composite))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("card-stacking needs a prime modulus > n: got M=987654321, n=10")
                    .hasMessageNotContaining("\n");
            assertThatThrownBy(() -> d.histogram(10, new int[10], small))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("card-stacking needs a prime modulus > n: got M=7, n=10");
            assertThatThrownBy(() -> d.histogram(7, new int[7], small))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("card-stacking needs a prime modulus > n: got M=7, n=7");
        }
    }

    @Test
    void bruteForceWorksForAnyModulusAndRefusesLargeN() {
        int[] exact = histogram(DistributionVariant.CARD_STACKING_BRUTE_FORCE, 9, P);
        int[] mod10 = histogram(DistributionVariant.CARD_STACKING_BRUTE_FORCE, 9, 10);
        for (int g = 0; g < 9; g++) {
            assertThat(mod10[g]).isEqualTo(exact[g] % 10);
        }
        GrundyDistribution d = DistributionVariant.CARD_STACKING_BRUTE_FORCE.create();
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(P), 1)) {
            assertThatThrownBy(() -> d.histogram(17, new int[17], ctx))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("card-stacking brute-force is O(3^n): n must be in [1, 16]: got 17");
        }
        assertThat(d.workingBytes(17)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void perKTailSumsRefusesLargeN() {
        GrundyDistribution d = DistributionVariant.PER_K_TAIL_SUMS.create();
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(P), 1)) {
            assertThatThrownBy(() -> d.histogram(10_000_000, new int[10_000_000], ctx))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("per-k-tail-sums")
                    .hasMessageContaining("got 10000000");
        }
    }

    @ParameterizedTest
    @MethodSource("variants")
    void refusesNBelowOneAndShortArrays(DistributionVariant variant) {
        GrundyDistribution d = variant.create();
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(P), 1)) {
            for (int n : new int[] {0, -1, Integer.MIN_VALUE}) {
                assertThatThrownBy(() -> d.size(n)).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("card-stacking n must be in [1, ").hasMessageEndingWith("got " + n);
                assertThatThrownBy(() -> d.histogram(n, new int[4], ctx)).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageEndingWith("got " + n);
            }
            assertThatThrownBy(() -> d.histogram(5, new int[4], ctx)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("length 4");
        }
        assertThat(d.size(1)).isEqualTo(1);
        assertThat(d.size(1000)).isEqualTo(1000);
        assertThat(d.workingBytes(10)).isPositive();
    }
}
