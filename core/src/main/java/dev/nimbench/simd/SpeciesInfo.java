package dev.nimbench.simd;

/** Describes the species the kernels use (see {@link Species}); loaded only through {@link dev.nimbench.registry.VectorSupport}. */
public final class SpeciesInfo {

    @Override
    public String toString() {
        return Species.INT + " / " + Species.LONG;
    }
}
