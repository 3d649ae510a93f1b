package dev.nimbench.combine;

import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.StageTimings;

/**
 * Seed 003's combine: the s-th XOR-convolution power of the histogram by square-and-multiply,
 * {@code (a ⊛ b)[i ^ j] += a[i] · b[j]}, then coefficient 0. Nothing is divided, so any modulus
 * {@code 2 <= M < 2^31} works; the cost is {@code O(P^2 log s)} products, so P is capped at
 * {@link #MAX_POINTS}.
 */
final class RepeatedSquaringCombiner implements Combiner {

    /** 2^12 points: one convolution is 2^24 products, a 40-bit exponent about 80 of them. */
    static final int MAX_POINTS = 1 << 12;

    @Override
    public long zeroXorTuples(int[] histogram, long s, ExecutionContext ctx, StageTimings timings) {
        int points = histogram.length;
        if (Integer.bitCount(points) != 1 || points > MAX_POINTS) {
            throw new IllegalArgumentException("repeated-squaring needs P = 2^L points with P <= " + MAX_POINTS
                    + ", got P = " + points + "; use the wht combine for larger sizes");
        }
        if (s < 0) {
            throw new IllegalArgumentException("number of components must be >= 0, got " + s);
        }
        long t0 = System.nanoTime();
        ModularMultiplier mul = ctx.multiplier();
        int m = ctx.modulus();
        long[] base = new long[points];
        for (int i = 0; i < points; i++) {
            base[i] = histogram[i]; // in [0, M)
        }
        long[] result = new long[points];
        result[0] = 1 % m; // the convolution identity: one empty tuple with XOR 0
        long e = s;
        while (e > 0) {
            if ((e & 1) != 0) {
                result = convolve(result, base, mul, m);
            }
            e >>>= 1;
            if (e > 0) {
                base = convolve(base, base, mul, m);
            }
        }
        long t1 = System.nanoTime();
        timings.record("combine", t1 - t0);
        return result[0];
    }

    /**
     * XOR convolution mod M of two arrays with entries in [0, M); output entries in [0, M).
     * Each output is a sum of P <= 2^12 products below 2^31, so the long accumulator stays
     * below 2^43 and one final reduction suffices.
     */
    private static long[] convolve(long[] a, long[] b, ModularMultiplier mul, int m) {
        int points = a.length;
        long[] c = new long[points];
        for (int i = 0; i < points; i++) {
            long ai = a[i];
            if (ai == 0) {
                continue;
            }
            for (int j = 0; j < points; j++) {
                c[i ^ j] += mul.multiply(ai, b[j]);
            }
        }
        for (int i = 0; i < points; i++) {
            c[i] %= m;
        }
        return c;
    }

    @Override
    public boolean usesSpectrum() {
        return false;
    }

    @Override
    public boolean requiresOddModulus() {
        return false;
    }
}
