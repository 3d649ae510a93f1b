package dev.nimbench.transform.vector;

/**
 * The radix-8 kernels with the seven-instruction butterfly ({@link Radix8HadamardKernels}), split
 * over the ForkJoin pool as {@link ForkJoinVectorHadamardTransform}. JDK 17 and later. Entries in
 * {@code [0, M)} in and out, in place; scratch: one strip buffer per chunk, kept in the context.
 * Created through
 * {@link VectorSupport}.
 */
public final class ForkJoinRadix8HadamardTransform extends ForkJoinTwoPassHadamardTransform {

    public ForkJoinRadix8HadamardTransform() {
        super(Radix8HadamardKernels.INSTANCE);
    }
}
