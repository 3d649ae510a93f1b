/**
 * Card stacking (Project Euler 798, SPEC.md): the brute force from the game's rules
 * ({@link dev.nimbench.distribution.cardstacking.GameTreeDistribution}, the reference), the per-k
 * tail sums, and the O(n) recurrences ({@link dev.nimbench.distribution.cardstacking.TailSumRecurrenceDistribution},
 * {@link dev.nimbench.distribution.cardstacking.TauRecurrenceDistribution}) with their chain and
 * outputs.
 */
package dev.nimbench.distribution.cardstacking;
