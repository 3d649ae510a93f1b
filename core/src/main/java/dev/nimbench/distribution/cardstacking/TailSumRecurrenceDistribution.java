package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.BinomialTable;
import dev.nimbench.arith.DiagonalBinomials;
import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.distribution.RangeHistogram;
import dev.nimbench.pipeline.ExecutionContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Card stacking by the tail-sum recurrence of seed 000 (SPEC §3), O(n) after the O(n) tables.
 * For {@code k >= 1}, with {@code R = N-k-2}:
 * <pre>
 *   A_k = sum_{i=0}^{k-2} C(R, i),   2 A_k = A_{k-1} + 2 C(R, k-2) + C(R, k-3),   A_1 = 0
 *   B_k = 2 A_k - C(R, k-2)          (= sum_{i=0}^{k-2} C(R+1, i))
 *   F(2k)   = 2^R     + C(R, k)   - A_k
 *   F(2k-1) = 2^(R+1) + C(R+1, k) - B_k,      F(0) = 2^(N-2) + 2
 * </pre>
 * Halving is done by {@link ModMath#half} (no multiplication; M is an odd prime). Powers of two
 * walk down by halving as well. The outputs are sums of a few residues reduced once (lazy:
 * every sum stays below {@code 10M}) by {@link ModMath#reduceSmall}, without a division.
 *
 * <p><b>Fewer binomials.</b> The four binomials {@code C(R, k-t)}, t = 0..3, lie on four
 * anti-diagonals {@code D_s(j) = C(s-j, j)} (s = N-2-t), and Pascal's rule
 * {@code D_s(j) = D_{s-1}(j) + D_{s-2}(j-1)} expresses them through two diagonals only,
 * {@code x_j = C(N-4-j, j)} and {@code y_j = C(N-5-j, j)}:
 * {@code C(R,k-3) = y_{k-3}}, {@code C(R,k-2) = x_{k-2}}, {@code C(R,k-1) = x_{k-1} + y_{k-2}},
 * {@code C(R,k) = x_k + y_{k-1} + x_{k-1}}. Each step computes two fresh binomials
 * ({@code x_k}, {@code y_{k-1}}, four products, independent from step to step) instead of
 * five; only the additions/halvings of A_k form a loop-carried chain. Pascal's rule with
 * "binom = 0 outside 0..R" needs the expanded rows to be >= 1, i.e. {@code R >= 2}; the last
 * few steps of tiny n fall back to direct binomials.
 *
 * <p><b>Threads.</b> With {@code ctx.threads() > 1} (and n >= {@value #PARALLEL_MIN_N}) the table
 * passes run in the context's pool and the k range is split into one contiguous range per
 * thread. Only A_k is inherently sequential: a range starting at s first computes its
 * {@code A_{s-1}} directly ({@link #tailSum}, s products), so later ranges are made shorter
 * ({@link #splitPoints}).
 */
public final class TailSumRecurrenceDistribution implements GrundyDistribution, RangeHistogram {

    /** The same recurrence range by range, for fused combiners ({@link TailSumRecurrenceRanges}). */
    @Override
    public RangeHistogram.Ranges ranges(int n, ExecutionContext ctx) {
        return ranges(n, ctx, DiagonalBinomials.scalar(ctx.multiplier()));
    }

    @Override
    public RangeHistogram.Ranges ranges(int n, ExecutionContext ctx, DiagonalBinomials binomials) {
        checkSupported(n, ctx.modulus());
        int threads = n >= PARALLEL_MIN_N ? ctx.threads() : 1;
        return new TailSumRecurrenceRanges(n, ctx.multiplier(), threads > 1 ? ctx.pool() : null, threads, binomials);
    }

    /** Below this n one thread is used whatever the context says: tasks would cost more than they save. */
    static final int PARALLEL_MIN_N = 1 << 16;

    /** Relative cost of one recurrence step against one term of a direct tail sum. */
    private static final int STEP_COST = 6;

    @Override
    public int size(int n) {
        return CardStacking.size(n);
    }

    @Override
    public void checkSupported(int n, int modulus) {
        CardStacking.size(n);
        BinomialTable.requirePrimeModulusAbove("card-stacking", n, modulus);
    }

    @Override
    public long workingBytes(int n) {
        return BinomialTable.bytesFor(n);
    }

    @Override
    public void histogram(int n, int[] out, ExecutionContext ctx) {
        CardStacking.requireBinomialInputs(n, out, ctx.modulus());
        ModularMultiplier mul = ctx.multiplier();
        long m = ctx.modulus();
        if (n == 1) {
            out[0] = (int) (2 % m);
            return;
        }
        int threads = n >= PARALLEL_MIN_N ? ctx.threads() : 1;
        BinomialTable table = BinomialTable.build(n, mul, threads > 1 ? ctx.pool() : null, threads);
        out[0] = (int) ModMath.add(mul.pow(2, n - 2), 2 % m, m);
        int kMax = n / 2; // largest k with 2k-1 <= N-1
        if (threads == 1) {
            steps(n, 1, kMax + 1, table, mul, out);
            return;
        }
        int[] starts = splitPoints(kMax, threads);
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int from = starts[t];
            final int to = starts[t + 1];
            tasks.add(() -> {
                steps(n, from, to, table, mul, out);
                return null;
            });
        }
        for (Future<Void> f : ctx.pool().invokeAll(tasks)) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("tail-sum-recurrence task failed", e.getCause());
            }
        }
    }

    /**
     * Where each of {@code parts} tasks starts in {@code [1, kMax]} (plus {@code kMax + 1} at the
     * end) so that they cost about the same: a task starting at s first sums s terms for its
     * {@code A_{s-1}} (one product each), then does {@code STEP_COST} units per step.
     */
    static int[] splitPoints(int kMax, int parts) {
        long lo = 1;
        long hi = (long) STEP_COST * kMax + 1; // one task can do everything within this budget
        while (lo < hi) { // smallest budget with which `parts` tasks cover [1, kMax]
            long budget = (lo + hi) >>> 1;
            if (cover(kMax, parts, budget, null)) {
                hi = budget;
            } else {
                lo = budget + 1;
            }
        }
        int[] starts = new int[parts + 1];
        cover(kMax, parts, lo, starts);
        return starts;
    }

    private static boolean cover(int kMax, int parts, long budget, int[] starts) {
        long s = 1;
        for (int t = 0; t < parts; t++) {
            if (starts != null) {
                starts[t] = (int) Math.min(s, kMax + 1L);
            }
            long direct = s > 1 ? s : 0;
            long steps = Math.max(0, (budget - direct) / STEP_COST);
            s = Math.min(kMax + 1L, s + steps);
        }
        if (starts != null) {
            starts[parts] = kMax + 1;
        }
        return s >= kMax + 1L;
    }

    /**
     * Steps {@code k} in {@code [kFrom, kTo)}: writes {@code F(2k-1)} and {@code F(2k)}. The
     * state at kFrom ({@code A_{kFrom-1}}, the rolling binomials, the power of two) is computed
     * directly, so disjoint ranges can run in parallel.
     */
    private static void steps(int n, int kFrom, int kTo, BinomialTable table, ModularMultiplier mul, int[] out) {
        final long m = mul.modulus();
        final long recip = ModMath.smallReciprocal(m);
        final int[] fact = table.factorials();
        final int[] inv = table.inverseFactorials();
        int k0 = kFrom;
        long pow1 = mul.pow(2, n - k0 - 1); // 2^(N-k-1)
        long a = tailSum(table, mul, n, k0 - 1); // A_{k-1}
        // Rolling diagonal values x_j = C(N-4-j, j), y_j = C(N-5-j, j) at the start of step k:
        long xm1 = table.binomial(n - 3 - k0, k0 - 1); // x_{k-1}
        long xm2 = table.binomial(n - 2 - k0, k0 - 2); // x_{k-2}
        long ym2 = table.binomial(n - 3 - k0, k0 - 2); // y_{k-2}
        long ym3 = table.binomial(n - 2 - k0, k0 - 3); // y_{k-3}
        for (int k = kFrom; k < kTo; k++) {
            int r = n - k - 2;
            long c0; // C(R, k)       in [0, 3M): lazily reduced sums of residues
            long c1; // C(R, k-1)     in [0, 2M)
            long c2; // C(R, k-2)     in [0, M)
            long c3; // C(R, k-3)     in [0, M)
            if (r >= 2) {
                int row = r - 2; // x_k = C(row, k), y_{k-1} = C(row, k-1)
                long xk = binom(fact, inv, mul, row, k);
                long ym1 = binom(fact, inv, mul, row, k - 1);
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
            // 2 A_k = A_{k-1} + 2 C(R, k-2) + C(R, k-3). Only A is loop-carried: keep the chain
            // to one modular addition and one halving; everything else is reduced off the chain.
            long t = ModMath.reduceSmall(2 * c2 + c3, m, recip);
            a = ModMath.half(ModMath.add(a, t, m), m);
            long pow0 = ModMath.half(pow1, m); // 2^(N-k-2)
            long negA = m - a; // in (0, M]
            // F(2k-1) = 2^(R+1) + C(R+1, k) - B_k = 2^(R+1) + c0 + c1 - 2 A_k + c2; sum < 10M
            out[2 * k - 1] = (int) ModMath.reduceSmall(pow1 + c0 + c1 + c2 + 2 * negA, m, recip);
            if (2 * k < n) {
                out[2 * k] = (int) ModMath.reduceSmall(pow0 + c0 + negA, m, recip); // F(2k) = 2^R + C(R, k) - A_k
            }
            pow1 = pow0;
        }
    }

    /**
     * {@code A_k = sum_{i=0}^{k-2} C(N-k-2, i)} directly ({@code A_0 = A_1 = 0}): with the
     * tables, {@code C(R, i) = R! * inv[i] * inv[R-i]}, so the sum is {@code R!} times a sum of
     * k-1 independent products (summed lazily: each term is below 2^31 and there are fewer than
     * 2^31 of them).
     */
    static long tailSum(BinomialTable table, ModularMultiplier mul, int n, int k) {
        int r = n - k - 2;
        int top = Math.min(k - 2, r);
        if (top < 0) {
            return 0;
        }
        int[] inv = table.inverseFactorials();
        long m = mul.modulus();
        long sum = 0;
        for (int i = 0; i <= top; i++) {
            sum += mul.multiplyScaled(inv[i], inv[r - i]); // inv[i] inv[R-i] K^{-1}
        }
        return mul.multiplyScaled(table.factorials()[r], sum % m); // R! K^2 * (.) K^{-1}
    }

    /** {@code C(a, b)} from the tables, 0 outside {@code 0 <= b <= a}. */
    private static long binom(int[] fact, int[] inv, ModularMultiplier mul, int a, int b) {
        if (b < 0 || b > a) {
            return 0;
        }
        return mul.multiplyScaled(mul.multiplyScaled(fact[a], inv[b]), inv[a - b]); // fact is lifted twice
    }
}
