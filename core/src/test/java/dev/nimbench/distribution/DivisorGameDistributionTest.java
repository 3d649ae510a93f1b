package dev.nimbench.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.exec.ExecutionContext;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every divisor-game distribution against the definition, computed once up to 10^4. */
class DivisorGameDistributionTest {

    static final int LIMIT = 10_000;
    static final int M = 987_654_321;

    /** prefix[n][g] = number of 2 <= m <= n with sg(m) = g, by the definition (independent code). */
    static long[][] prefix;

    @BeforeAll
    static void referenceByTheDefinition() {
        int[] sg = new int[LIMIT + 1];
        prefix = new long[LIMIT + 1][64];
        for (int m = 2; m <= LIMIT; m++) {
            int[] divisors = new int[m];
            int count = 0;
            for (int d = 2; d < m; d++) {
                if (m % d == 0) {
                    divisors[count++] = d;
                }
            }
            boolean[] option = new boolean[128];
            for (int i = 0; i < count; i++) {
                for (int j = i; j < count; j++) { // d1 = divisors[i] <= d2 = divisors[j]
                    option[sg[divisors[i]] ^ sg[divisors[j]]] = true;
                }
            }
            int g = 0;
            while (option[g]) {
                g++;
            }
            sg[m] = g;
            prefix[m] = prefix[m - 1].clone();
            prefix[m][g]++;
        }
    }

    static Stream<DistributionVariant> variants() {
        return DistributionVariant.forProblem(Problem.DIVISOR_GAME).stream();
    }

    static int[] histogram(DistributionVariant variant, int n, int m) {
        GrundyDistribution d = variant.create();
        int size = d.size(n);
        int[] out = new int[size + 2];
        Arrays.fill(out, -7);
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(m), 1)) {
            d.histogram(n, out, ctx);
        }
        assertThat(out[size]).isEqualTo(-7);
        assertThat(out[size + 1]).isEqualTo(-7);
        return Arrays.copyOf(out, size);
    }

    static int[] expected(int n, int m) {
        int[] e = new int[64];
        for (int g = 0; g < 64; g++) {
            e[g] = (int) (prefix[n][g] % m);
        }
        return e;
    }

    @ParameterizedTest
    @MethodSource("variants")
    void equalsTheDefinitionForEverySmallNAndASampleUpToTenThousand(DistributionVariant variant) {
        SplittableRandom random = new SplittableRandom(550);
        IntStream small = IntStream.rangeClosed(2, 300);
        IntStream sample = random.ints(60, 301, LIMIT);
        int[] sizes = IntStream.concat(IntStream.concat(small, sample), IntStream.of(LIMIT - 1, LIMIT)).toArray();
        for (int n : sizes) {
            assertThat(histogram(variant, n, M)).as("%s n=%d", variant.id(), n).containsExactly(expected(n, M));
        }
        // A small modulus reduces the counts.
        assertThat(histogram(variant, LIMIT, 7)).containsExactly(expected(LIMIT, 7));
    }

    @Test
    void publishedOmegaValues() {
        int[] spec = {0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42};
        int[] g = dev.nimbench.distribution.divisorgame.OmegaGrundy.values(30);
        for (int w = 1; w <= spec.length; w++) {
            assertThat(g[w]).as("G(%d)", w).isEqualTo(spec[w - 1]);
        }
        for (int w = 1; w <= 30; w++) {
            assertThat(g[w]).as("G(%d) fits the 64-entry histogram", w).isLessThan(64);
            if (w > 1) {
                assertThat(g[w]).isGreaterThan(g[w - 1]);
            }
        }
    }

    @Test
    void omegaSieveEqualsSignatureMemoAtAMillion() {
        for (int n : new int[] {1_000_000, 999_983, 65_536 * 3 + 1}) {
            assertThat(histogram(DistributionVariant.OMEGA_SIEVE, n, M)).as("n=%d", n)
                    .containsExactly(histogram(DistributionVariant.SIGNATURE_MEMO, n, M));
        }
        // Exact counts below 10^6 sum to n - 1.
        assertThat(Arrays.stream(histogram(DistributionVariant.OMEGA_SIEVE, 1_000_000, M)).asLongStream().sum())
                .isEqualTo(999_999);
    }

    @Test
    void bruteForceRefusesLargeN() {
        GrundyDistribution d = DistributionVariant.DIVISOR_GAME_BRUTE_FORCE.create();
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(M), 1)) {
            assertThatThrownBy(() -> d.histogram(100_001, new int[64], ctx))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("divisor-game brute-force is O(n^1.5): n must be in [2, 100000]: got 100001");
        }
        assertThat(d.workingBytes(100_001)).isEqualTo(Long.MAX_VALUE);
    }

    @ParameterizedTest
    @MethodSource("variants")
    void refusesNBelowTwoAndShortArrays(DistributionVariant variant) {
        GrundyDistribution d = variant.create();
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(M), 1)) {
            for (int n : new int[] {1, 0, -5}) {
                assertThatThrownBy(() -> d.size(n)).isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("divisor-game n must be in [2, 2147483647]: got " + n);
                assertThatThrownBy(() -> d.histogram(n, new int[64], ctx)).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageEndingWith("got " + n);
            }
            assertThatThrownBy(() -> d.histogram(10, new int[63], ctx)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("length 63");
        }
        assertThat(d.size(2)).isEqualTo(64);
        assertThat(d.size(Integer.MAX_VALUE)).isEqualTo(64);
        assertThat(d.workingBytes(1000)).isPositive();
    }
}
