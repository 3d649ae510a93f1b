package dev.nimbench.distribution.cardstacking.vector;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.distribution.cardstacking.DiagonalBinomials;
import org.junit.jupiter.api.Test;

/**
 * Every test of {@link VectorMontgomeryDiagonalBinomialsTest} on the masked (vpmuludq-shaped)
 * lane kernel, {@code VectorMontgomeryDiagonalBinomials("montgomery-masked")}, whose block methods
 * are {@link MaskedMontgomeryBinomialBlocks}: equal to the scalar Montgomery products and to
 * BigInteger binomials, row prefix sums included, for moduli below and above 2^30.
 */
class MaskedMontgomeryBinomialBlocksTest extends VectorMontgomeryDiagonalBinomialsTest {

    @Override
    DiagonalBinomials implementation() {
        return new VectorMontgomeryDiagonalBinomials("montgomery-masked");
    }

    @Test
    void refusesALaneKernelWithoutMontgomeryBinomials() {
        assertThatThrownBy(() -> new VectorMontgomeryDiagonalBinomials("fma")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'fma'").hasMessageContaining("valid: montgomery, montgomery-masked");
        assertThatThrownBy(() -> new VectorMontgomeryDiagonalBinomials("nope")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'nope'");
    }
}
