/**
 * Scalar modular arithmetic every stage builds on: {@link dev.nimbench.arith.ModMath} (reference
 * operations, modulus checks), the {@link dev.nimbench.arith.ModularMultiplier} stage and its
 * variants (plain, Barrett, Montgomery; registry {@link dev.nimbench.arith.MultiplierVariant}),
 * and {@link dev.nimbench.arith.FmaModMath} (exact products in doubles with FMA, the lane form of
 * the FMA kernels). Each class documents the range of its values where it changes (SPEC.md, the
 * numeric contracts).
 */
package dev.nimbench.arith;
