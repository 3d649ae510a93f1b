package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.BinomialTable;
import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.pipeline.ExecutionContext;

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
 */
public final class TailSumRecurrenceDistribution implements GrundyDistribution {

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
        long recip = ModMath.smallReciprocal(m);
        if (n == 1) {
            out[0] = (int) (2 % m);
            return;
        }
        BinomialTable table = BinomialTable.build(n, mul);
        int[] fact = table.factorials();
        int[] inv = table.inverseFactorials();

        out[0] = (int) ModMath.add(mul.pow(2, n - 2), 2 % m, m);
        long pow1 = mul.pow(2, n - 2); // 2^(N-k-1) at k = 1
        long a = 0; // A_{k-1}
        // Rolling diagonal values: x_{k-1}, x_{k-2}, y_{k-2}, y_{k-3} at the start of step k.
        long xm1 = table.binomial(n - 4, 0);
        long xm2 = 0;
        long ym2 = 0;
        long ym3 = 0;
        int kMax = n / 2; // largest k with 2k-1 <= N-1
        for (int k = 1; k <= kMax; k++) {
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

    /** {@code C(a, b)} from the tables, 0 outside {@code 0 <= b <= a}. */
    private static long binom(int[] fact, int[] inv, ModularMultiplier mul, int a, int b) {
        if (b < 0 || b > a) {
            return 0;
        }
        return mul.multiplyScaled(mul.multiplyScaled(fact[a], inv[b]), inv[a - b]); // fact is lifted twice
    }
}
