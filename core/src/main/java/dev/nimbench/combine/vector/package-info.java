/**
 * The fused combines: the two-pass vector transform whose second pass feeds the power sum
 * directly ({@code FusedVectorWhtCombiner}), and the same with the distribution written into each
 * L2 block that pass 1 transforms ({@code FusedVectorDistWhtCombiner}). {@code FusedHadamardPowerSum}
 * and {@code FusedHadamardPowerKernel} are pass 2 with the power sum; {@code FusedPasses} names the
 * transform kernels a fused combine runs. They reuse the transform's kernels
 * ({@code transform/vector}) and the lane arithmetic ({@code simd}). Created by
 * {@link dev.nimbench.combine.CombineVariant} through {@link dev.nimbench.registry.VectorSupport#create}.
 */
package dev.nimbench.combine.vector;
