package dev.nimbench.simd;

import dev.nimbench.arith.DiagonalBinomials;

/**
 * Every test of {@link VectorMontgomeryDiagonalBinomialsTest} on the masked (vpmuludq-shaped)
 * binomials: equal to the scalar Montgomery products and to BigInteger binomials, row prefix sums
 * included, for moduli below and above 2^30.
 */
class VectorMaskedMontgomeryDiagonalBinomialsTest extends VectorMontgomeryDiagonalBinomialsTest {

    @Override
    DiagonalBinomials implementation() {
        return new VectorMaskedMontgomeryDiagonalBinomials();
    }
}
