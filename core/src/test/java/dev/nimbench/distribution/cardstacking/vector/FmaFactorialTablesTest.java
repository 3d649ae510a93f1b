package dev.nimbench.distribution.cardstacking.vector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.distribution.cardstacking.BinomialTable;
import dev.nimbench.distribution.cardstacking.FactorialTableChecks;
import dev.nimbench.distribution.cardstacking.FactorialTables;
import dev.nimbench.distribution.cardstacking.InterleavedFactorials;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The FMA segment-per-lane tables against the scalar interleaved chains (the same residues, entry
 * by entry, for every multiplier's scale) and against BigInteger factorials: every n up to 300
 * (no segment, one step per segment, every tail length), larger n with 1..3 tasks, moduli just
 * above n (M = n + 1), near 2^30 and 2^31 - 1.
 */
class FmaFactorialTablesTest {

    private static ForkJoinPool pool;
    private final FactorialTables fma = new FmaFactorialTables();
    private final FactorialTables scalar = new InterleavedFactorials();

    @BeforeAll
    static void startPool() {
        pool = new ForkJoinPool(3);
    }

    @AfterAll
    static void stopPool() {
        pool.shutdown();
    }

    @ParameterizedTest
    @EnumSource(MultiplierVariant.class)
    void equalsTheScalarTablesForEveryNUpTo300(MultiplierVariant variant) {
        for (int m : new int[] {1_000_000_007, 2_147_483_647, 307}) {
            if (!variant.accepts(m)) {
                continue;
            }
            ModularMultiplier mul = variant.create(m);
            for (int n = 0; n <= 300 && n < m; n++) {
                for (int parts = 1; parts <= 3; parts++) {
                    assertSameTables(n, mul, parts);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(MultiplierVariant.class)
    void equalsTheScalarTablesForLargerNAndModuliJustAboveN(MultiplierVariant variant) {
        int[][] fmaOnly = {{12_289, 12_301}}; // 12289 = 192 * 64 + 1: one index past one task's 16 segments
        for (int[] c : Stream.concat(Arrays.stream(VectorMontgomeryFactorialsTest.LARGER_CASES), Arrays.stream(fmaOnly))
                .toList()) {
            ModularMultiplier mul = variant.create(c[1]);
            for (int parts = 1; parts <= 3; parts++) {
                assertSameTables(c[0], mul, parts);
            }
        }
    }

    @Test
    void matchesBigIntegerFactorials() {
        int m = 1_000_003;
        int n = 20_000;
        FactorialTableChecks.assertMatchesBigIntegerFactorials(
                BinomialTable.build(n, MultiplierVariant.PLAIN.create(m), pool, 2, fma));
    }

    private void assertSameTables(int n, ModularMultiplier mul, int parts) {
        BinomialTable want = BinomialTable.build(n, mul, null, 1, scalar);
        BinomialTable got = BinomialTable.build(n, mul, pool, parts, fma);
        String what = "n=" + n + " M=" + mul.modulus() + " parts=" + parts + " " + mul.getClass().getSimpleName();
        assertThat(got.factorials()).as(what + " factorials").isEqualTo(want.factorials());
        assertThat(got.inverseFactorials()).as(what + " inverse factorials").isEqualTo(want.inverseFactorials());
    }
}
