package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.exec.ExecutionContext;

/**
 * Card stacking straight from the closed form of seed 000 (SPEC §3), every tail sum summed from
 * scratch: for {@code v > 0}, {@code k = ceil(v/2)}, {@code R = N-k-1-[v even]},
 * {@code F(v) = 2^R + C(R, k) - sum_{i=0}^{k-2} C(R, i)}, {@code F(0) = 2^(N-2) + 2}.
 * About {@code N^2/4} table binomials: the slow baseline the write-ups warn about (SPEC §3), kept to be
 * measured. It refuses {@code n > }{@link #MAX_N}, where it would run for minutes.
 */
public final class PerKTailSumsDistribution implements GrundyDistribution {

    /** Largest n accepted: ~n^2/4 = 4.3e9 table binomials; extrapolated from n = 2^14, 12-17 s of CPU here. */
    public static final int MAX_N = 1 << 17;

    @Override
    public int size(int n) {
        return CardStacking.size(n);
    }

    @Override
    public void checkSupported(int n, int modulus) {
        CardStacking.size(n);
        if (n > MAX_N) {
            throw new IllegalArgumentException(
                    "per-k-tail-sums is O(n^2): n must be in [1, " + MAX_N + "]: got " + n);
        }
        BinomialTable.requirePrimeModulusAbove("card-stacking", n, modulus);
    }

    @Override
    public long workingBytes(int n) {
        return BinomialTable.bytesFor(n);
    }

    @Override
    public void histogram(int n, int[] out, ExecutionContext ctx) {
        checkSupported(n, ctx.modulus());
        CardStacking.requireOut(n, out);
        ModularMultiplier mul = ctx.multiplier();
        long m = ctx.modulus();
        if (n == 1) {
            out[0] = (int) (2 % m);
            return;
        }
        BinomialTable table = BinomialTable.build(n, mul);
        out[0] = (int) ModMath.add(mul.pow(2, n - 2), 2 % m, m);
        for (int v = 1; v < n; v++) {
            int k = (v + 1) / 2;
            int r = n - k - 1 - ((v & 1) == 0 ? 1 : 0); // >= 0 for every v < n
            long tail = 0;
            for (int i = 0; i <= k - 2 && i <= r; i++) {
                tail = ModMath.add(tail, table.binomial(r, i), m);
            }
            long f = ModMath.add(mul.pow(2, r), table.binomial(r, k), m);
            out[v] = (int) ModMath.sub(f, tail, m);
        }
    }
}
