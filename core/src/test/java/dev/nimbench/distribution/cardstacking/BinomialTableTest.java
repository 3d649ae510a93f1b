package dev.nimbench.distribution.cardstacking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.arith.MultiplierVariant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BinomialTableTest {

    @ParameterizedTest
    @EnumSource(MultiplierVariant.class)
    void tablesMatchBigIntegerFactorials(MultiplierVariant variant) {
        // Sizes on both sides of the sequential/interleaved switch and with every tail length.
        int[][] cases = {{0, 2}, {1, 2}, {5, 7}, {31, 37}, {32, 37}, {33, 1_000_000_007}, {39, 41}, {40, 41},
            {1000, 1009}, {1007, 1_000_000_007}, {4099, 2_147_483_647}, {12, 13}};
        for (int[] c : cases) {
            int n = c[0];
            int m = c[1];
            if (m % 2 == 0 && variant == MultiplierVariant.MONTGOMERY) {
                continue; // montgomery refuses even moduli (tested in MultiplierVariantTest)
            }
            FactorialTableChecks.assertMatchesBigIntegerFactorials(BinomialTable.build(n, variant.create(m)));
        }
    }

    @ParameterizedTest
    @EnumSource(MultiplierVariant.class)
    void binomialsMatchPascalsTriangle(MultiplierVariant variant) {
        int n = 200;
        int m = 1_000_000_007;
        BinomialTable table = BinomialTable.build(n, variant.create(m));
        long[] row = new long[n + 2];
        row[0] = 1;
        for (int a = 0; a <= n; a++) {
            for (int b = -2; b <= a + 2; b++) {
                long expected = b < 0 || b > a ? 0 : row[b];
                assertThat(table.binomial(a, b)).as("C(%d,%d)", a, b).isEqualTo(expected);
            }
            for (int b = a + 1; b >= 1; b--) {
                row[b] = (row[b] + row[b - 1]) % m;
            }
        }
        assertThat(table.binomial(-1, 0)).isZero();
        assertThat(table.binomial(-3, -1)).isZero();
    }

    @ParameterizedTest
    @EnumSource(MultiplierVariant.class)
    void parallelBuildEqualsSequentialBuild(MultiplierVariant variant) {
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(3);
        try {
            for (int n : new int[] {32, 100, 255, 256, 1000, 100_003}) {
                BinomialTable one = BinomialTable.build(n, variant.create(1_000_000_007));
                for (int parts : new int[] {2, 3, 7}) {
                    BinomialTable many = BinomialTable.build(n, variant.create(1_000_000_007), pool, parts);
                    assertThat(many.factorials()).as("n=%d parts=%d", n, parts).isEqualTo(one.factorials());
                    assertThat(many.inverseFactorials()).as("n=%d parts=%d", n, parts).isEqualTo(one.inverseFactorials());
                }
                assertThat(one.factorial(n)).isEqualTo(factorialMod(n, 1_000_000_007));
            }
        } finally {
            pool.shutdown();
        }
    }

    private static int factorialMod(int n, int m) {
        long f = 1;
        for (int i = 2; i <= n; i++) {
            f = f * i % m;
        }
        return (int) f;
    }

    @ParameterizedTest
    @EnumSource(MultiplierVariant.class)
    void refusesNonPrimeOrSmallModuli(MultiplierVariant variant) {
        assertThatThrownBy(() -> BinomialTable.build(10, variant.create(9)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a binomial table needs a prime modulus > n: got M=9, n=10 (M <= n)");
        assertThatThrownBy(() -> BinomialTable.build(10, variant.create(11 * 13)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a binomial table needs a prime modulus > n: got M=143, n=10 (M is not prime)");
        assertThatThrownBy(() -> BinomialTable.build(13, variant.create(13)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("M=13, n=13");
        assertThatThrownBy(() -> BinomialTable.build(-1, variant.create(13)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("n=-1");
    }
}
