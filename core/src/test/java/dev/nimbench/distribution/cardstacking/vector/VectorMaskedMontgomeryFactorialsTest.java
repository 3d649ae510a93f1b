package dev.nimbench.distribution.cardstacking.vector;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.distribution.cardstacking.FactorialTables;
import org.junit.jupiter.api.Test;

/**
 * Every test of {@link VectorMontgomeryFactorialsTest} on the masked (vpmuludq-shaped) scans:
 * the same tables entry by entry as the scalar chains, BigInteger factorials, moduli just below
 * and above 2^30 (lazy and strict scans) and 2^31 - 1.
 */
class VectorMaskedMontgomeryFactorialsTest extends VectorMontgomeryFactorialsTest {

    @Override
    FactorialTables implementation() {
        return new VectorMontgomeryFactorials("montgomery-masked");
    }

    @Test
    void refusesALaneKernelWithoutMontgomeryScans() {
        assertThatThrownBy(() -> new VectorMontgomeryFactorials("fma")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'fma'").hasMessageContaining("montgomery, montgomery-masked");
        assertThatThrownBy(() -> new VectorMontgomeryFactorials("nope")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'nope'");
    }
}
