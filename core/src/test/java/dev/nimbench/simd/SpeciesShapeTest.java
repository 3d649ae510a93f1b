package dev.nimbench.simd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The shape the kernels use, and the power kernel's steps derived from it. */
class SpeciesShapeTest {

    @Test
    void speciesIsAtMost512BitsAndIntAndLongShareTheShape() {
        assertThat(Species.SHAPE.vectorBitSize()).isBetween(64, 512);
        assertThat(Species.INT.vectorBitSize()).isEqualTo(Species.LONG.vectorBitSize());
        assertThat(MontgomeryPowerKernel.LAZY_STEP).isEqualTo(8 * Species.LONG.length());
        assertThat(MontgomeryPowerKernel.STRICT_STEP).isEqualTo(4 * Species.LONG.length());
        assertThat(MontgomeryPowerKernel.BLOCK % MontgomeryPowerKernel.LAZY_STEP).isZero();
        assertThat(MontgomeryPowerKernel.LAZY_STEP % MontgomeryPowerKernel.STRICT_STEP).isZero();
        assertThat(Species.describe()).contains("int").contains("long");
    }
}
