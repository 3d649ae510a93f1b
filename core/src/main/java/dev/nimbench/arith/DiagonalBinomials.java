package dev.nimbench.arith;

/**
 * Batches of binomials along an anti-diagonal, {@code C(top - i, b + i)} for consecutive i, from
 * a {@link BinomialTable}'s arrays: the products of the card-stacking recurrences, which do not
 * depend on the loop-carried sums and so can be computed a chunk at a time (and in vector lanes:
 * {@code simd/VectorMontgomeryDiagonalBinomials}).
 */
public interface DiagonalBinomials {

    /**
     * {@code out[offset + i] = C(top - i, b + i) mod M} in {@code [0, M)} for {@code i} in
     * {@code [0, count)}, 0 where {@code b + i > top - i}; {@code 0 <= b}, {@code top <= table.n()}.
     */
    void fill(BinomialTable table, int top, int b, int count, long[] out, int offset);

    /** The scalar form: two {@link ModularMultiplier#multiplyScaled} per binomial with the table's multiplier. */
    static DiagonalBinomials scalar(ModularMultiplier mul) {
        return (table, top, b, count, out, offset) -> {
            int[] fact = table.factorials();
            int[] inv = table.inverseFactorials();
            for (int i = 0; i < count; i++) {
                int row = top - i;
                int k = b + i;
                out[offset + i] = k > row ? 0 : mul.multiplyScaled(mul.multiplyScaled(fact[row], inv[k]), inv[row - k]);
            }
        };
    }
}
