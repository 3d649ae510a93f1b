package dev.nimbench.distribution.cardstacking.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.distribution.cardstacking.BinomialTable;
import dev.nimbench.distribution.cardstacking.FactorialTableChecks;
import dev.nimbench.distribution.cardstacking.FactorialTables;
import dev.nimbench.distribution.cardstacking.InterleavedFactorials;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The vector prefix-scan tables against the scalar interleaved chains (the same residues, entry by
 * entry) and against BigInteger factorials: every n up to 200 (every tail length and segment
 * split), larger n with 1..3 tasks, moduli just above n (M = n + 1) and near 2^31.
 */
class VectorMontgomeryFactorialsTest { // VectorMaskedMontgomeryFactorialsTest runs every test on the masked scans

    /** {n, M}: n past several segments, moduli just above n, near 2^30 (both sides: lazy / strict scans) and 2^31 - 1. */
    static final int[][] LARGER_CASES = {{100_003, 1_000_000_007}, {262_144, 2_147_483_647}, {65_536, 998_244_353},
        {1_000_002, 1_000_003}, {100_002, 100_003}, {4_096, 4_099}, {70_000, 1_073_741_789}, {70_000, 1_073_741_827}};

    private static ForkJoinPool pool;
    private final FactorialTables vector = implementation();
    private final FactorialTables scalar = new InterleavedFactorials();

    @BeforeAll
    static void startPool() {
        pool = new ForkJoinPool(3);
    }

    @AfterAll
    static void stopPool() {
        pool.shutdown();
    }

    @Test
    void equalsTheScalarTablesForEveryNUpTo200() {
        for (int m : new int[] {1_000_000_007, 2_147_483_647, 211}) {
            ModularMultiplier mul = MultiplierVariant.MONTGOMERY.create(m);
            for (int n = 0; n <= 200 && n < m; n++) {
                for (int parts = 1; parts <= 3; parts++) {
                    assertSameTables(n, mul, parts);
                }
            }
        }
    }

    @Test
    void equalsTheScalarTablesForLargerNAndModuliJustAboveN() {
        for (int[] c : LARGER_CASES) {
            ModularMultiplier mul = MultiplierVariant.MONTGOMERY.create(c[1]);
            for (int parts = 1; parts <= 3; parts++) {
                assertSameTables(c[0], mul, parts);
            }
        }
    }

    @Test
    void matchesBigIntegerFactorials() {
        int m = 1_000_003;
        int n = 5_000;
        FactorialTableChecks.assertMatchesBigIntegerFactorials(
                BinomialTable.build(n, MultiplierVariant.MONTGOMERY.create(m), pool, 2, vector));
    }

    /** The tables under test: the vpmullq scans here, the masked ones in the subclass. */
    FactorialTables implementation() {
        return new VectorMontgomeryFactorials();
    }

    @Test
    void refusesAMultiplierThatIsNotMontgomery() {
        assertThatThrownBy(() -> BinomialTable.build(100, MultiplierVariant.BARRETT.create(1_000_000_007), null, 1,
                vector)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("montgomery");
    }

    private void assertSameTables(int n, ModularMultiplier mul, int parts) {
        BinomialTable want = BinomialTable.build(n, mul, null, 1, scalar);
        BinomialTable got = BinomialTable.build(n, mul, pool, parts, vector);
        String what = "n=" + n + " M=" + mul.modulus() + " parts=" + parts;
        assertThat(got.factorials()).as(what + " factorials").isEqualTo(want.factorials());
        assertThat(got.inverseFactorials()).as(what + " inverse factorials").isEqualTo(want.inverseFactorials());
    }
}
