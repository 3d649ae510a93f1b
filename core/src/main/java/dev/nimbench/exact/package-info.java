/**
 * Exact answers in {@link java.math.BigInteger}: the pipeline without a modulus
 * ({@link dev.nimbench.exact.ExactPipeline}, {@code solve --exact}), the reference every modular
 * variant is checked against on small inputs.
 */
package dev.nimbench.exact;
