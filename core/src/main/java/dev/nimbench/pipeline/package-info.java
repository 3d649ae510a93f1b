/**
 * The whole computation: {@link dev.nimbench.pipeline.Solver} runs one resolved configuration
 * through {@link dev.nimbench.pipeline.Pipeline}: the distribution into a zero-padded histogram of
 * {@code 2^L} points ({@link dev.nimbench.pipeline.PaddedHistogram}), then the combine (a transform,
 * the power sum and the scaling by {@code 2^-L}, or a fused form), and returns a
 * {@link dev.nimbench.pipeline.Result} with the answer and per-stage times. Also here: the inputs of
 * a problem ({@link dev.nimbench.pipeline.Inputs}), the heap check before large n
 * ({@link dev.nimbench.pipeline.HeapBudget}), repeated runs to steady state
 * ({@link dev.nimbench.pipeline.Repeats}) and the one-shot pre-warm ({@link dev.nimbench.pipeline.Prewarm}).
 */
package dev.nimbench.pipeline;
