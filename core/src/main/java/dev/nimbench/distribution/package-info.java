/**
 * The first stage: the histogram of Grundy values of one component game
 * ({@link dev.nimbench.distribution.GrundyDistribution}, registry
 * {@link dev.nimbench.distribution.DistributionVariant}) for each {@link dev.nimbench.distribution.Problem}:
 * card stacking ({@code cardstacking}) and the divisor game ({@code divisorgame}). The vector forms
 * of the card-stacking recurrence are in {@code dev.nimbench.distribution.cardstacking.vector}.
 */
package dev.nimbench.distribution;
