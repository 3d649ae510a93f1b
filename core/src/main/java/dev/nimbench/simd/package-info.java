/**
 * Every Vector API kernel, of every stage, and what they share. A reader of one stage finds its
 * kernels by name:
 * <ul>
 *   <li>transform: {@code *HadamardTransform} and their kernels ({@code VectorHadamardKernels},
 *       {@code Radix8HadamardKernels} / {@code Radix8Passes}, {@code UnsignedMinHadamardKernels},
 *       {@code TwoPassKernels});</li>
 *   <li>power sum: {@code LanePowerSum} and {@code ForkJoinLanePowerSum} over one {@code LaneKernel}
 *       per lane form ({@code MontgomeryPowerKernel}, {@code MaskedMontgomeryPowerKernel},
 *       {@code Int32QuotientMontgomeryPowerKernel}, {@code FmaPowerKernel});</li>
 *   <li>distribution: the factorial tables and binomials per lane form
 *       ({@code VectorMontgomeryFactorials}, {@code MaskedMontgomeryFactorialScans},
 *       {@code FmaFactorialTables}, {@code *DiagonalBinomials}, {@code MaskedMontgomeryBinomialBlocks})
 *       and the tail-sum chain ({@code VectorTailSumChain}, {@code VectorTailSumOutputs}, {@code SubtractiveTailSumOutputs});</li>
 *   <li>fused combines: {@code FusedVectorWhtCombiner}, {@code FusedVectorDistWhtCombiner},
 *       {@code FusedHadamardPowerSum} / {@code FusedHadamardPowerKernel}, {@code FusedPasses};</li>
 *   <li>shared: {@code Species} and {@code SpeciesInfo} (the shapes), {@code OperatorCaches},
 *       {@code ForkJoinRanges}, {@code UnsignedMinSupport}.</li>
 * </ul>
 * The stage packages name these classes by string in their registries, so that a JVM without
 * {@code jdk.incubator.vector} loads none of them. How the lanes multiply, per CPU and JDK:
 * docs/lane-arithmetic.md.
 */
package dev.nimbench.simd;
