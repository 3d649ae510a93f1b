/**
 * What the Vector API kernels of every stage share: the species ({@code Species}, chosen once,
 * {@code nimbench.vector.bits} narrowing it for tests), the lane arithmetic ({@code LaneKernel}
 * and one class per way to multiply mod M in lanes: {@code MontgomeryPowerKernel},
 * {@code MaskedMontgomeryPowerKernel}, {@code Int32QuotientMontgomeryPowerKernel},
 * {@code FmaPowerKernel}; docs/lane-arithmetic.md says which suits which CPU and JDK), the
 * operator caches warmed before the first kernel runs ({@code OperatorCaches}), the fork/join
 * range split ({@code ForkJoinRanges}) and whether this JDK has the unsigned lane minimum
 * ({@code UnsignedMinSupport}). Each stage's own kernels are in its {@code vector} subpackage
 * ({@code transform/vector}, {@code power/vector}, {@code combine/vector},
 * {@code distribution/cardstacking/vector}); nothing here names a stage.
 */
package dev.nimbench.simd;
