/**
 * Card stacking (Project Euler 798, SPEC.md): the brute force from the game's rules
 * ({@link dev.nimbench.distribution.cardstacking.GameTreeDistribution}, the reference), the per-k
 * tail sums, and the O(n) recurrences ({@link dev.nimbench.distribution.cardstacking.TailSumRecurrenceDistribution},
 * {@link dev.nimbench.distribution.cardstacking.TauRecurrenceDistribution}) with their parts:
 * the factorial tables ({@link dev.nimbench.distribution.cardstacking.FactorialTables}), the
 * binomials ({@link dev.nimbench.distribution.cardstacking.BinomialTable},
 * {@link dev.nimbench.distribution.cardstacking.DiagonalBinomials}), the A_k chain and the outputs,
 * each an interface with a scalar implementation here and lane forms in {@code vector}.
 */
package dev.nimbench.distribution.cardstacking;
