package dev.nimbench.simd;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;

/** Describes the preferred species; loaded only through {@link VectorSupport}. */
public final class SpeciesInfo {

    @Override
    public String toString() {
        return IntVector.SPECIES_PREFERRED + " / " + LongVector.SPECIES_PREFERRED;
    }
}
