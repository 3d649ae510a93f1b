/**
 * The Walsh-Hadamard transform in Vector API {@code int} lanes: the transforms
 * ({@code VectorHadamardTransform}, its fork/join, unblocked, radix-8 and unsigned-minimum forms)
 * and the butterflies they run. Residues in lanes are biased by {@code 2^31} so that a signed lane
 * minimum performs the modular correction ({@code VectorHadamardKernels}); {@code Radix8Passes}
 * is the radix-8 sweep structure that {@code Radix8HadamardKernels} (biased signed minimum) and
 * {@code UnsignedMinHadamardKernels} (plain residues, {@code VectorOperators.UMIN}, JDK 24+)
 * fill with their butterflies. Those two are generated when core is built, from one template
 * ({@code core/src/main/templates/.../Radix8Kernels.java.template}, by
 * {@code core/src/build/Radix8KernelsGenerator.java}, into {@code target/generated-sources/kernels}):
 * their loop bodies spell every butterfly out, and the template writes it once. Created by {@link dev.nimbench.transform.TransformVariant} through
 * {@link dev.nimbench.registry.VectorSupport#create}; the fused combines reuse the kernels.
 */
package dev.nimbench.transform.vector;
