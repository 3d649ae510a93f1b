package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.distribution.RangeHistogram;
import java.util.concurrent.ForkJoinPool;

/**
 * The loop of {@link TailSumRecurrenceDistribution} (see that class for the formulas and the
 * Pascal-rule diagonals), resumable at any index: step k computes {@code F(2k-1)} and
 * {@code F(2k)}. The staged histogram runs one writer per thread; a fused combiner writes one
 * cache-sized block after another.
 *
 * <p>A writer carries the loop state (A_{k-1}, 2^(N-k-1), the four rolling diagonal binomials)
 * from the end of one range to the start of the next. A range that starts elsewhere restarts
 * the state directly: the diagonals and the power by table lookups, and
 * {@code A_j = Σ_{i=0}^{j-2} C(R, i) = R! · Σ_i (i!)^-1 ((R-i)!)^-1} ({@code R = N-j-2}) as one
 * pass of independent products, O(j), no loop-carried chain. Consecutive blocks share a step
 * (step k writes 2k-1 and 2k, and blocks start at even indices), so a writer keeps the value of
 * index 2k that fell beyond its range for the next range.
 */
final class TailSumRecurrenceRanges implements RangeHistogram.Ranges {

    private final int n;
    private final long m;
    private final long recip;
    private final ModularMultiplier mul;
    private final BinomialTable table;

    /** Steps per chunk whose binomials are computed together before the A_k chain runs over them. */
    static final int CHUNK = 256;

    private final DiagonalBinomials diagonals;
    private final TailSumChain chain;
    private final TailSumOutputs outputs;

    /**
     * Tables in {@code mul}'s representation, in {@code arrays} (factorials, inverses; length
     * n + 1, unused for n < 2), filled by {@code tables} with {@code parts} tasks of
     * {@code pool} ({@code null}/1: this thread); the binomials of the steps computed in
     * chunks by {@code diagonals} (same residues as {@code mul}'s scalar products), the A_k
     * chain and the powers of two by {@code chain}, the histogram entries by {@code outputs}.
     */
    TailSumRecurrenceRanges(int n, ModularMultiplier mul, ForkJoinPool pool, int parts, int[][] arrays,
            FactorialTables tables,
            DiagonalBinomials diagonals, TailSumChain chain, TailSumOutputs outputs) {
        this.diagonals = diagonals;
        this.chain = chain;
        this.outputs = outputs;
        this.n = n;
        this.mul = mul;
        this.m = mul.modulus();
        this.recip = ModMath.smallReciprocal(m);
        this.table = n >= 2 ? BinomialTable.build(n, mul, pool, parts, tables, arrays[0], arrays[1]) : null;
    }

    /**
     * A restart at {@code from} sums about {@code from / 2} terms for {@code A_j}
     * ({@link DiagonalBinomials#prefixTermsPerProduct} of them cost one product); a step (two
     * entries) costs about {@link TailSumRecurrenceDistribution#STEP_COST} products' worth, so the
     * restart is worth about {@code from / (STEP_COST · terms per product)} entries.
     */
    @Override
    public long restartCost(int from) {
        return from / ((long) TailSumRecurrenceDistribution.STEP_COST * Math.max(1, diagonals.prefixTermsPerProduct()));
    }

    @Override
    public RangeHistogram.Writer writer() {
        return new Writer();
    }

    /** {@code A_j = Σ_{i=0}^{j-2} C(N-j-2, i) mod M} (0 for {@code j <= 1}), in {@code [0, M)}. */
    long directA(int j) {
        int r = n - j - 2;
        int last = Math.min(j - 2, r);
        return last < 0 ? 0 : diagonals.rowPrefixSum(table, r, last);
    }

    /**
     * One writer's recurrence state, valid at the start of step {@link #nextK}. A range is done
     * chunk by chunk ({@link #CHUNK} steps), in three loops per chunk so that only the A_k chain
     * is sequential: (1) the chunk's diagonal binomials ({@link DiagonalBinomials}, independent
     * products); (2) the chain {@code A_k = (A_{k-1} + D_k) / 2} with {@code D_k = 2 C(R,k-2) +
     * C(R,k-3)} ({@link TailSumChain}); (3) the outputs, independent of each other.
     */
    private final class Writer implements RangeHistogram.Writer {
        private int nextK = -1;
        private long a;    // A_{k-1}
        private long pow1; // 2^(N-k-1)
        private int carryIndex = -1; // index 2k of the last step when it fell beyond the range
        private int carryValue;
        /** xs[i] = x_{kc-2+i} = C(N-kc-2-i, kc-2+i); the first two carried over from the previous chunk. */
        private final long[] xs = new long[CHUNK + 2];
        /** ys[i] = y_{kc-3+i} = C(N-kc-2-i, kc-3+i); the first two carried over as well. */
        private final long[] ys = new long[CHUNK + 2];
        /** as[i] = A_{kc+i}. */
        private final long[] as = new long[CHUNK];
        /** pw[i] = 2^(N-kc-i-1). */
        private final long[] pw = new long[CHUNK + 1];

        /** The state at the start of step k, computed directly. */
        private void restart(int k) {
            nextK = k;
            a = directA(k - 1);
            pow1 = mul.pow(2 % m, n - k - 1);
            xs[0] = table.binomial(n - 2 - k, k - 2); // x_{k-2}
            xs[1] = table.binomial(n - 3 - k, k - 1); // x_{k-1}
            ys[0] = table.binomial(n - 2 - k, k - 3); // y_{k-3}
            ys[1] = table.binomial(n - 3 - k, k - 2); // y_{k-2}
            carryIndex = -1;
        }

        @Override
        public void write(int[] out, int from, int to) {
            if (from >= to) {
                return;
            }
            int lim = Math.min(to, n);
            if (lim < to) {
                java.util.Arrays.fill(out, Math.max(from, n), to, 0); // the padding
            }
            int v = from;
            if (v >= lim) {
                return;
            }
            if (v == 0) {
                out[0] = (int) (n == 1 ? 2 % m : ModMath.add(mul.pow(2 % m, n - 2), 2 % m, m));
                v = 1;
            }
            if (v >= lim) {
                return;
            }
            if (v == carryIndex) { // F(2k) of the step the previous range ended with
                out[v++] = carryValue;
                if (v >= lim) {
                    return;
                }
            }
            int kFirst = (v + 1) / 2; // the step that writes index v (2k-1 or 2k)
            if (nextK != kFirst) {
                restart(kFirst);
            }
            carryIndex = -1;
            int kLast = lim / 2; // steps with 2k-1 < lim
            // Pascal's rule needs R = N-k-2 >= 2: every step but the last few of n < 8.
            int kPascal = Math.min(kLast, n - 4);
            int k = kFirst;
            while (k <= kPascal) {
                int len = Math.min(CHUNK, kPascal + 1 - k);
                chunk(out, k, len, v, lim);
                k += len;
            }
            for (; k <= kLast; k++) {
                direct(out, k, v, lim);
            }
            this.nextK = kLast + 1;
        }

        /** Steps {@code [kc, kc+len)}, all with {@code R >= 2}; writes indices {@code >= v}, {@code < lim}. */
        private void chunk(int[] out, int kc, int len, int v, int lim) {
            final long[] xs = this.xs;
            final long[] ys = this.ys;
            final long[] as = this.as;
            final long[] pw = this.pw;
            diagonals.fill(table, n - kc - 4, kc, len, xs, 2);     // x_k,     k in [kc, kc+len)
            diagonals.fill(table, n - kc - 4, kc - 1, len, ys, 2); // y_{k-1}
            // (2) The chains: A_k, and the powers pw[i] = 2^(N-k-1) (pw[len]: the next chunk's).
            // c2 = x_{k-2} = xs[i], c3 = y_{k-3} = ys[i], both in [0, M).
            this.a = chain.run(xs, ys, len, this.a, this.pow1, as, pw, m, recip);
            this.pow1 = pw[len];
            // (3) The outputs; the first and last step of a range may write only one index.
            int base = 2 * kc - 1; // F(2k-1) of step kc + i at base + 2i, F(2k) next to it
            int i0 = base < v ? 1 : 0;
            int i1 = 2 * (kc + len - 1) < lim ? len : len - 1;
            if (i0 == 1) { // only F(2kc), index v
                fromArrays(out, kc, 0, v, lim);
            }
            outputs.write(xs, ys, as, pw, i0, Math.max(i0, i1), out, base, m, recip);
            if (i1 < len && i1 >= i0) { // the last step: F(2k-1) in range, F(2k) beyond it
                fromArrays(out, kc, len - 1, v, lim);
            }
            // The next chunk's first two diagonal values.
            xs[0] = xs[len];
            xs[1] = xs[len + 1];
            ys[0] = ys[len];
            ys[1] = ys[len + 1];
        }

        /** Step {@code kc + i} of a chunk from the chunk's arrays, by {@link #put}. */
        private void fromArrays(int[] out, int kc, int i, int v, int lim) {
            put(out, kc + i, pw[i], pw[i + 1], xs[i + 2] + ys[i + 2] + xs[i + 1], xs[i + 1] + ys[i + 1], xs[i], as[i],
                    v, lim);
        }

        /** Step k from direct binomials (R < 2, where Pascal's rule does not hold). */
        private void direct(int[] out, int k, int v, int lim) {
            int r = n - k - 2;
            long c2 = table.binomial(r, k - 2);
            a = ModMath.half(ModMath.add(a, ModMath.reduceSmall(2 * c2 + table.binomial(r, k - 3), m, recip), m), m);
            long pow0 = ModMath.half(pow1, m);
            put(out, k, pow1, pow0, table.binomial(r, k), table.binomial(r, k - 1), c2, a, v, lim);
            pow1 = pow0;
        }

        /**
         * Writes step k's entries ({@link TailSumOutputs#odd}, {@link TailSumOutputs#even}) where
         * they fall in {@code [v, lim)}; an {@code F(2k)} at or beyond lim (and below n) is kept
         * as the carry for the next range.
         */
        private void put(int[] out, int k, long pow1, long pow0, long c0, long c1, long c2, long a, int v, int lim) {
            int odd = 2 * k - 1;
            if (odd >= v) {
                out[odd] = (int) TailSumOutputs.odd(pow1, c0, c1, c2, a, m, recip);
            }
            int even = 2 * k;
            if (even < lim) {
                out[even] = (int) TailSumOutputs.even(pow0, c0, a, m, recip);
            } else if (even < n) {
                carryIndex = even;
                carryValue = (int) TailSumOutputs.even(pow0, c0, a, m, recip);
            }
        }
    }
}
