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
 * walk down by halving as well.
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
            long c0;
            long c1;
            long c2;
            long c3;
            if (r >= 2) {
                int row = r - 2; // x_k = C(row, k), y_{k-1} = C(row, k-1)
                long xk = binom(fact, inv, mul, row, k);
                long ym1 = binom(fact, inv, mul, row, k - 1);
                c3 = ym3;
                c2 = xm2;
                c1 = ModMath.add(xm1, ym2, m);
                c0 = ModMath.add(ModMath.add(xk, ym1, m), xm1, m);
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
            // 2 A_k = A_{k-1} + 2 C(R, k-2) + C(R, k-3)
            long twoC2 = ModMath.add(c2, c2, m);
            a = ModMath.half(ModMath.add(ModMath.add(a, twoC2, m), c3, m), m);
            long b = ModMath.sub(ModMath.add(a, a, m), c2, m);
            long pow0 = ModMath.half(pow1, m); // 2^(N-k-2)
            out[2 * k - 1] = (int) ModMath.sub(ModMath.add(pow1, ModMath.add(c0, c1, m), m), b, m);
            if (2 * k < n) {
                out[2 * k] = (int) ModMath.sub(ModMath.add(pow0, c0, m), a, m);
            }
            pow1 = pow0;
        }
    }

    /** {@code C(a, b)} from the tables, 0 outside {@code 0 <= b <= a}. */
    private static long binom(int[] fact, int[] inv, ModularMultiplier mul, int a, int b) {
        if (b < 0 || b > a) {
            return 0;
        }
        return mul.multiply(mul.multiply(fact[a], inv[b]), inv[a - b]);
    }
}
