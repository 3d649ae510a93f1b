package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.ModularMultiplier;

/**
 * Batches of binomials along an anti-diagonal, {@code C(top - i, b + i)} for consecutive i, and
 * prefix sums of a row, {@code Σ_{i <= last} C(row, i)}, from a {@link BinomialTable}'s arrays:
 * the products of the card-stacking recurrences, which do not depend on the loop-carried sums
 * and so can be computed a chunk at a time (and in vector lanes:
 * {@code cardstacking/vector/VectorMontgomeryDiagonalBinomials}).
 */
public interface DiagonalBinomials {

    /**
     * {@code out[offset + i] = C(top - i, b + i) mod M} in {@code [0, M)} for {@code i} in
     * {@code [0, count)}, 0 where {@code b + i > top - i}; {@code 0 <= b}, {@code top <= table.n()}.
     */
    void fill(BinomialTable table, int top, int b, int count, long[] out, int offset);

    /**
     * {@code Σ_{i=0}^{last} C(row, i) mod M} in {@code [0, M)}, for {@code 0 <= last <= row <=
     * table.n()}: {@code row! · Σ_i (i!)^-1 ((row-i)!)^-1}, independent products (no chain).
     */
    long rowPrefixSum(BinomialTable table, int row, int last);

    /**
     * How many {@link #rowPrefixSum} terms cost about one scalar product, at least 1 (1 in the
     * scalar form): callers that split a range over threads use it to price a restart.
     */
    default int prefixTermsPerProduct() {
        return 1;
    }

    /** The scalar form: {@link ModularMultiplier#multiplyScaled} products with the table's multiplier. */
    static DiagonalBinomials scalar(ModularMultiplier mul) {
        return new DiagonalBinomials() {
            @Override
            public void fill(BinomialTable table, int top, int b, int count, long[] out, int offset) {
                int[] fact = table.factorials();
                int[] inv = table.inverseFactorials();
                for (int i = 0; i < count; i++) {
                    int row = top - i;
                    int k = b + i;
                    out[offset + i] = k > row ? 0 : mul.multiplyScaled(mul.multiplyScaled(fact[row], inv[k]), inv[row - k]);
                }
            }

            /** The terms {@code multiplyScaled(inv[i], inv[row-i])} are in {@code [0, M)}: fewer than 2^31 add up below 2^62. */
            @Override
            public long rowPrefixSum(BinomialTable table, int row, int last) {
                int[] inv = table.inverseFactorials();
                long sum = 0;
                for (int i = 0; i <= last; i++) {
                    sum += mul.multiplyScaled(inv[i], inv[row - i]);
                }
                return mul.multiplyScaled(table.factorials()[row], sum % mul.modulus()); // row! K^2 · (S / K) / K
            }
        };
    }
}
