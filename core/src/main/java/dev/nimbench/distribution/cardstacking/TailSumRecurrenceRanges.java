package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.BinomialTable;
import dev.nimbench.arith.DiagonalBinomials;
import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.distribution.RangeHistogram;
import java.util.concurrent.ForkJoinPool;

/**
 * {@link TailSumRecurrenceDistribution}'s recurrence, resumable at any index: the same steps
 * (step k computes {@code F(2k-1)} and {@code F(2k)}; see that class for the formulas, the
 * Pascal-rule diagonals and the lazy reductions), written range by range for a fused combiner.
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
    private final int[] fact;
    private final int[] inv;

    /** Steps per chunk whose binomials are computed together before the A_k chain runs over them. */
    static final int CHUNK = 256;

    private final DiagonalBinomials diagonals;

    /**
     * Tables built with {@code parts} tasks of {@code pool} ({@code null}/1: this thread); the
     * binomials of the steps computed in chunks by {@code diagonals} (same residues as
     * {@code mul}'s scalar products).
     */
    TailSumRecurrenceRanges(int n, ModularMultiplier mul, ForkJoinPool pool, int parts, DiagonalBinomials diagonals) {
        this.diagonals = diagonals;
        this.n = n;
        this.mul = mul;
        this.m = mul.modulus();
        this.recip = ModMath.smallReciprocal(m);
        this.table = n >= 2 ? BinomialTable.build(n, mul, pool, parts) : null;
        this.fact = table != null ? table.factorials() : null;
        this.inv = table != null ? table.inverseFactorials() : null;
    }

    /**
     * A restart at {@code from} sums about {@code from / 2} products for {@code A_j}; a step
     * (two entries) costs about six products' worth (the staged variant's measured STEP_COST),
     * so the restart is worth about {@code from / 6} entries.
     */
    @Override
    public long restartCost(int from) {
        return from / 6;
    }

    @Override
    public RangeHistogram.Writer writer() {
        return new Writer();
    }

    /**
     * {@code A_j = Σ_{i=0}^{j-2} C(N-j-2, i) mod M} (0 for {@code j <= 1}), in {@code [0, M)}.
     * The terms {@code multiplyScaled(inv[i], inv[R-i])} are independent products in
     * {@code [0, M)}; fewer than 2^31 of them add up below 2^62 and are reduced once.
     */
    long directA(int j) {
        int r = n - j - 2;
        int last = Math.min(j - 2, r);
        if (last < 0) {
            return 0;
        }
        long sum = 0;
        for (int i = 0; i <= last; i++) {
            sum += mul.multiplyScaled(inv[i], inv[r - i]);
        }
        return mul.multiplyScaled(fact[r], sum % m); // R! K^2 · (S / K) / K = R! S
    }

    /** One writer's recurrence state, valid at the start of step {@link #nextK}. */
    private final class Writer implements RangeHistogram.Writer {
        private int nextK = -1;
        private long a;    // A_{k-1}
        private long pow1; // 2^(N-k-1)
        private long xm1;  // x_{k-1} = C(N-3-k, k-1)
        private long xm2;  // x_{k-2} = C(N-2-k, k-2)
        private long ym2;  // y_{k-2} = C(N-3-k, k-2)
        private long ym3;  // y_{k-3} = C(N-2-k, k-3)
        private int carryIndex = -1; // index 2k of the last step when it fell beyond the range
        private int carryValue;
        private final long[] xs = new long[CHUNK]; // x_k = C(N-k-4, k) of the chunk's steps
        private final long[] ys = new long[CHUNK]; // y_{k-1} = C(N-k-4, k-1)

        /** The state at the start of step k, computed directly. */
        private void restart(int k) {
            nextK = k;
            a = directA(k - 1);
            pow1 = mul.pow(2 % m, n - k - 1);
            xm1 = table.binomial(n - 3 - k, k - 1);
            xm2 = table.binomial(n - 2 - k, k - 2);
            ym2 = table.binomial(n - 3 - k, k - 2);
            ym3 = table.binomial(n - 2 - k, k - 3);
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
            long a = this.a;
            long pow1 = this.pow1;
            long xm1 = this.xm1;
            long xm2 = this.xm2;
            long ym2 = this.ym2;
            long ym3 = this.ym3;
            int chunkStart = kFirst;
            int chunkEnd = kFirst; // steps [chunkStart, chunkEnd) have their diagonals in xs/ys
            for (int k = kFirst; k <= kLast; k++) {
                if (k == chunkEnd) {
                    chunkStart = k;
                    chunkEnd = Math.min(kLast + 1, k + CHUNK);
                    int pascal = Math.max(0, Math.min(chunkEnd, n - 3) - k); // steps with R >= 2
                    diagonals.fill(table, n - k - 4, k, pascal, xs);
                    diagonals.fill(table, n - k - 4, k - 1, pascal, ys);
                }
                int r = n - k - 2;
                long c0; // C(R, k)       in [0, 3M)
                long c1; // C(R, k-1)     in [0, 2M)
                long c2; // C(R, k-2)     in [0, M)
                long c3; // C(R, k-3)     in [0, M)
                if (r >= 2) {
                    int row = r - 2;
                    long xk = xs[k - chunkStart]; // C(row, k)
                    long ym1 = ys[k - chunkStart]; // C(row, k - 1)
                    c3 = ym3;
                    c2 = xm2;
                    c1 = xm1 + ym2;
                    c0 = xk + ym1 + xm1;
                    xm2 = xm1;
                    xm1 = xk;
                    ym3 = ym2;
                    ym2 = ym1;
                } else {
                    c0 = table.binomial(r, k);
                    c1 = table.binomial(r, k - 1);
                    c2 = table.binomial(r, k - 2);
                    c3 = table.binomial(r, k - 3);
                }
                long t = ModMath.reduceSmall(2 * c2 + c3, m, recip);
                a = ModMath.half(ModMath.add(a, t, m), m);
                long pow0 = ModMath.half(pow1, m);
                long negA = m - a;
                int odd = 2 * k - 1;
                if (odd >= v) { // below v only for the first step of a range starting at an even index
                    out[odd] = (int) ModMath.reduceSmall(pow1 + c0 + c1 + c2 + 2 * negA, m, recip);
                }
                int even = 2 * k;
                if (even < n) {
                    int value = (int) ModMath.reduceSmall(pow0 + c0 + negA, m, recip);
                    if (even < lim) {
                        out[even] = value;
                    } else {
                        carryIndex = even;
                        carryValue = value;
                    }
                }
                pow1 = pow0;
            }
            this.nextK = kLast + 1;
            this.a = a;
            this.pow1 = pow1;
            this.xm1 = xm1;
            this.xm2 = xm2;
            this.ym2 = ym2;
            this.ym3 = ym3;
        }
    }
}
