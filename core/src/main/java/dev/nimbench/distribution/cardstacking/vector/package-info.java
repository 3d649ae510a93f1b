/**
 * The card-stacking tail-sum recurrence in Vector API lanes, one class per part and lane form:
 * factorial tables ({@code VectorMontgomeryFactorials} with {@code MaskedMontgomeryFactorialScans},
 * {@code FmaFactorialTables}), step binomials ({@code VectorMontgomeryDiagonalBinomials} with
 * {@code MaskedMontgomeryBinomialBlocks}, {@code FmaDiagonalBinomials}), the A_k chain
 * ({@code VectorTailSumChain}) and the outputs ({@code VectorTailSumOutputs},
 * {@code SubtractiveTailSumOutputs}). Each implements the scalar part's interface
 * ({@code FactorialTables}, {@code DiagonalBinomials}, {@code TailSumChain},
 * {@code TailSumOutputs}) and writes exactly its residues; the tests run both. Created by
 * {@link dev.nimbench.distribution.cardstacking.TailSumRecurrenceDistribution} through
 * {@link dev.nimbench.registry.VectorSupport#create}.
 */
package dev.nimbench.distribution.cardstacking.vector;
