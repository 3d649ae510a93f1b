package dev.nimbench.transform.vector;

import dev.nimbench.simd.UnsignedMinSupport;

/**
 * The radix-8 kernels with the six-instruction unsigned-minimum butterfly
 * ({@link UnsignedMinHadamardKernels}), split over the ForkJoin pool as
 * {@link ForkJoinVectorHadamardTransform}. JDK 24 and later: on an older JDK the constructor
 * throws {@link IllegalStateException} with {@link UnsignedMinSupport#REASON} (the registry
 * reports the variant unavailable first). Entries in {@code [0, M)} in and out, in place.
 */
public final class ForkJoinUnsignedMinHadamardTransform extends ForkJoinTwoPassHadamardTransform {

    public ForkJoinUnsignedMinHadamardTransform() {
        super(requireUnsignedMin());
    }

    private static TwoPassKernels requireUnsignedMin() {
        if (!UnsignedMinSupport.isPresent()) {
            throw new IllegalStateException(UnsignedMinSupport.REASON);
        }
        return UnsignedMinHadamardKernels.INSTANCE;
    }
}
