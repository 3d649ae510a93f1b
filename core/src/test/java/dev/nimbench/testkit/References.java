package dev.nimbench.testkit;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.transform.HadamardLength;
import dev.nimbench.transform.HadamardTransform;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Slow, obviously right stand-ins for the stages, used as references and to test stages that
 * take other stages as arguments (the combine) independently of the registries.
 */
public final class References {

    private References() {
    }

    /** The O(P^2) definition: {@code (H a)[t] = Σ_i (-1)^popcount(i & t) a[i]}, reduced into [0, M). */
    public static HadamardTransform naiveTransform() {
        return (a, offset, p, ctx) -> {
            HadamardLength.log2(a.length, offset, p);
            long m = ctx.modulus();
            int[] out = new int[p];
            for (int t = 0; t < p; t++) {
                long sum = 0;
                for (int i = 0; i < p; i++) {
                    sum += (Integer.bitCount(i & t) & 1) == 0 ? a[offset + i] : -a[offset + i];
                }
                out[t] = (int) Math.floorMod(sum, m);
            }
            System.arraycopy(out, 0, a, offset, p);
        };
    }

    /** {@code Σ x^s mod M} with BigInteger.modPow ({@code 0^0 = 1}). */
    public static PowerSum bigIntegerPowerSum() {
        return (x, s, ctx) -> {
            BigInteger m = BigInteger.valueOf(ctx.modulus());
            BigInteger e = BigInteger.valueOf(s);
            BigInteger sum = BigInteger.ZERO;
            for (int v : x) {
                sum = sum.add(BigInteger.valueOf(v).modPow(e, m));
            }
            return sum.mod(m).longValue();
        };
    }

    /**
     * Number of s-tuples of components whose Grundy values XOR to 0, exactly, by s steps of the
     * XOR-convolution DP (no transform, no squaring).
     */
    public static BigInteger zeroXorTuples(long[] histogram, int s) {
        int p = histogram.length;
        BigInteger[] dp = new BigInteger[p];
        Arrays.fill(dp, BigInteger.ZERO);
        dp[0] = BigInteger.ONE;
        for (int step = 0; step < s; step++) {
            BigInteger[] next = new BigInteger[p];
            Arrays.fill(next, BigInteger.ZERO);
            for (int x = 0; x < p; x++) {
                if (dp[x].signum() == 0) {
                    continue;
                }
                for (int g = 0; g < p; g++) {
                    next[x ^ g] = next[x ^ g].add(dp[x].multiply(BigInteger.valueOf(histogram[g])));
                }
            }
            dp = next;
        }
        return dp[0];
    }

    /** A context whose multiplier is the stage-independent {@link ReferenceMultiplier}. */
    public static ExecutionContext context(int m, int threads) {
        return ReferenceMultiplier.context(m, threads);
    }
}
