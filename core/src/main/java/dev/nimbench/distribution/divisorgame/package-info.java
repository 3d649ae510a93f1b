/**
 * The divisor game (Project Euler 550, SPEC.md): Grundy values from the number of prime factors
 * ({@link dev.nimbench.distribution.divisorgame.OmegaGrundy}), counted by a sieve
 * ({@link dev.nimbench.distribution.divisorgame.OmegaSieveDistribution}), by memoised factor
 * signatures, or by brute force from the game's rules (the reference).
 */
package dev.nimbench.distribution.divisorgame;
