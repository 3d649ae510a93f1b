package dev.nimbench.distribution.cardstacking.vector;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.distribution.cardstacking.BinomialTable;
import dev.nimbench.distribution.cardstacking.DiagonalBinomials;
import org.junit.jupiter.api.Test;

/**
 * Every test of {@link VectorMontgomeryDiagonalBinomialsTest} on the FMA double-lane binomials
 * over tables in ordinary form (the plain multiplier): equal to the scalar products and to
 * BigInteger binomials, row prefix sums across blocks included, for moduli below and above 2^30
 * and 2^31 - 1.
 */
class FmaDiagonalBinomialsTest extends VectorMontgomeryDiagonalBinomialsTest {

    @Override
    MultiplierVariant multiplier() {
        return MultiplierVariant.PLAIN;
    }

    @Override
    DiagonalBinomials implementation() {
        return new FmaDiagonalBinomials();
    }

    @Test
    void refusesTablesOfAScaledMultiplier() {
        BinomialTable montgomery = BinomialTable.build(100, MultiplierVariant.MONTGOMERY.create(1_000_000_007));
        long[] out = new long[8];
        assertThatThrownBy(() -> new FmaDiagonalBinomials().fill(montgomery, 50, 3, 8, out, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ordinary form");
        assertThatThrownBy(() -> new FmaDiagonalBinomials().rowPrefixSum(montgomery, 50, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ordinary form");
    }
}
