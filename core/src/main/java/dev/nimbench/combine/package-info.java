/**
 * The last stage: from the histogram of Grundy values to the count, {@code 2^-L Σ x^s} over the
 * Walsh-Hadamard spectrum ({@link dev.nimbench.combine.SpectrumCombiner}: a transform then a power
 * sum) or by repeated squaring of the XOR convolution ({@link dev.nimbench.combine.RepeatedSquaringCombiner},
 * any modulus, small P). Registry {@link dev.nimbench.combine.CombineVariant}; the fused combines,
 * whose passes read the histogram once ({@link dev.nimbench.combine.HistogramSource}), are in
 * {@code dev.nimbench.combine.vector}.
 */
package dev.nimbench.combine;
