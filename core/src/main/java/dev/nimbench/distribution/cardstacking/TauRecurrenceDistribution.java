package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.exec.ExecutionContext;

/**
 * Card stacking by the τ recurrence of seed 002 (SPEC §3), O(n) after the O(n) tables, indexed
 * by {@code m = floor(g/2)}:
 * <pre>
 *   α_m = C(n-m-2, m-1) (α_0 = 0)   β_m = C(n-m-2, m)   π_m = C(n-m-1, m)   χ_m = C(n-m-1, m+1)
 *   τ_0 = 1,   τ_{m+1} = (τ_m + α_{m+1}) / 2 + β_{m+1}
 *   a_0 = 2^(n-2) + 2,  a_{2m+1} = 2^(n-2-m) + χ_m - τ_m,  a_{2m} = 2^(n-2-m) + π_m + β_m - τ_m (m >= 1)
 * </pre>
 * α_m and β_m share the row {@code n-m-2} and are the only binomials taken from the tables
 * (four products per m, independent across m). The other two follow by Pascal's rule:
 * {@code π_m = β_m + α_m} and {@code χ_m = C(n-m-2, m+1) + C(n-m-2, m) = π_{m+1} + β_m}; with
 * "binom = 0 outside 0..row" that is exact while the expanded rows are >= 1, and direct
 * binomials cover the last steps of tiny n. Halvings use {@link ModMath#half} (M odd prime);
 * the outputs are sums of a few residues reduced once (lazily, every sum below 5M)
 * by {@link ModMath#reduceSmall}, without a division.
 */
public final class TauRecurrenceDistribution implements GrundyDistribution {

    @Override
    public int size(int n) {
        return CardStacking.size(n);
    }

    @Override
    public void checkSupported(int n, int modulus) {
        CardStacking.requireBinomialSupport(n, modulus);
    }

    @Override
    public long workingBytes(int n) {
        return BinomialTable.bytesFor(n);
    }

    @Override
    public void histogram(int n, int[] out, ExecutionContext ctx) {
        CardStacking.requireBinomialInputs(n, out, ctx.modulus());
        ModularMultiplier mul = ctx.multiplier();
        long mod = ctx.modulus();
        long recip = ModMath.smallReciprocal(mod);
        if (n == 1) {
            out[0] = (int) (2 % mod);
            return;
        }
        BinomialTable table = BinomialTable.build(n, mul);
        int[] fact = table.factorials();
        int[] inv = table.inverseFactorials();

        long pow = mul.pow(2, n - 2); // 2^(n-2-m)
        out[0] = (int) ModMath.add(pow, 2 % mod, mod);
        long tau = 1 % mod;
        long alpha = 0; // α_0
        long beta = table.binomial(n - 2, 0); // β_0
        for (int m = 0; 2 * m < n; m++) {
            int row = n - m - 3; // the row of α_{m+1}, β_{m+1}
            long alphaNext = binom(fact, inv, mul, row, m);
            long betaNext = binom(fact, inv, mul, row, m + 1);
            long pi; // π_m in [0, 2M): lazily reduced
            long chi; // χ_m in [0, 3M)
            if (row >= 1) {
                pi = beta + alpha;
                chi = betaNext + alphaNext + beta;
            } else {
                pi = table.binomial(n - m - 1, m);
                chi = table.binomial(n - m - 1, m + 1);
            }
            long negTau = mod - tau; // in (0, M]
            if (m >= 1) {
                out[2 * m] = (int) ModMath.reduceSmall(pow + pi + beta + negTau, mod, recip); // sum < 5M
            }
            if (2 * m + 1 < n) {
                out[2 * m + 1] = (int) ModMath.reduceSmall(pow + chi + negTau, mod, recip);
            }
            // Loop-carried: τ_{m+1} = (τ_m + α_{m+1}) / 2 + β_{m+1}
            tau = ModMath.add(ModMath.half(ModMath.add(tau, alphaNext, mod), mod), betaNext, mod);
            alpha = alphaNext;
            beta = betaNext;
            pow = ModMath.half(pow, mod);
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
