package dev.nimbench.power;

import dev.nimbench.arith.MontgomeryMultiplier;
import dev.nimbench.exec.ExecutionContext;

/**
 * Montgomery powers ({@code R = 2^32}) in plain Java loops that C2's SuperWord pass turns into
 * vector code by itself: no Vector API, so nothing runs boxed before C2 has compiled it, and a
 * cold process reaches vector speed after one compile of two small loops (the one-shot power sum;
 * {@code docs/cold-start.md}). Entries go through in blocks of {@link #BLOCK}: the bases and the
 * partial powers of a block are two {@code long[]} (8 KiB, in L1), and the exponent is applied
 * bit by bit, lowest first, as whole-block sweeps ({@code acc *= base} where the bit is set,
 * {@code base *= base}). Every sweep reads and writes each array at the same index only, the
 * form SuperWord vectorizes (an in-place loop over {@code a[j]} and {@code a[j + h]} it does not).
 *
 * <p>Numeric contract: odd {@code 3 <= M < 2^31} (an even one is refused with an
 * IllegalArgumentException naming it). Below {@link MontgomeryMultiplier#LAZY_MODULUS_LIMIT}
 * (2^30) values stay lazily in {@code [0, 2M)} (REDC without its subtraction: {@code T < 4M^2 <
 * M 2^32}); from 2^30 on each product is reduced to {@code [0, M)}. Operands are masked to their
 * low 32 bits (they are below 2^32 either way) so that JDK 24+ multiplies with {@code vpmuludq}.
 * A block's sum of fewer than 2^10 values below 2^32 is reduced once; the total is {@code R Σ x^s
 * mod M}, and one REDC leaves Montgomery form.
 */
public final class AutoVectorMontgomeryPowerSum implements PowerSum {

    /** Entries per block: two {@code long[BLOCK]} of 4 KiB each. */
    static final int BLOCK = 512;
    private static final long LOW32 = 0xFFFF_FFFFL;

    @Override
    public long sum(int[] x, long s, ExecutionContext ctx) {
        PowerSums.requireExponent(s);
        return sumRange(x, 0, x.length, s, ctx.modulus());
    }

    /** {@code Σ x[i]^s mod M} over {@code [from, to)} for entries in [0, M); result in [0, M). */
    static long sumRange(int[] x, int from, int to, long s, int m) {
        if ((m & 1) == 0) {
            throw new IllegalArgumentException(
                    "autovec-montgomery power sum needs an odd modulus (Montgomery, R = 2^32), got M = " + m);
        }
        long mPrime = MontgomeryMultiplier.negInverse(m);
        boolean lazy = m < MontgomeryMultiplier.LAZY_MODULUS_LIMIT;
        long one = MontgomeryMultiplier.rModM(m);
        long r2 = MontgomeryMultiplier.r2ModM(m);
        int bits = 64 - Long.numberOfLeadingZeros(s);
        long[] base = new long[BLOCK];
        long[] acc = new long[BLOCK];
        long total = 0; // R Σ x^s mod M, in [0, M)
        for (int off = from; off < to; off += BLOCK) {
            int n = Math.min(BLOCK, to - off);
            load(x, off, n, r2, one, base, acc);
            reduceInPlace(base, n, m, mPrime); // x~ = x R mod M, in [0, M)
            for (int b = 0; b < bits; b++) {
                if ((s >>> b & 1) != 0) {
                    multiply(acc, base, n, m, mPrime, lazy);
                }
                if (b + 1 < bits) {
                    multiply(base, base, n, m, mPrime, lazy);
                }
            }
            total = (total + sum(acc, n) % m) % m;
        }
        return MontgomeryMultiplier.reduce(total, m, mPrime); // (R Σ) R^-1; 0^0 = 1 since acc starts at 1~
    }

    /*
     * Every loop is a method of its own, called once per block: a cold process compiles each as soon
     * as it is hot, and never runs a block's sweep in the first-tier code of a large method.
     */

    /** {@code base[k] = x[off + k] R^2} (below M^2: a REDC operand), {@code acc[k] = R mod M}, for k < n. */
    private static void load(int[] x, int off, int n, long r2, long one, long[] base, long[] acc) {
        for (int k = 0; k < n; k++) {
            base[k] = x[off + k] * r2;
            acc[k] = one;
        }
    }

    /** {@code Σ a[k]} for k < n: n < 2^10 values below 2M < 2^32, so no overflow. */
    private static long sum(long[] a, int n) {
        long s = 0;
        for (int k = 0; k < n; k++) {
            s += a[k];
        }
        return s;
    }

    /** {@code a[k] = REDC(a[k] * b[k])} for k < n ({@code a} and {@code b} may be the same array). */
    private static void multiply(long[] a, long[] b, int n, int m, long mPrime, boolean lazy) {
        if (lazy) {
            for (int k = 0; k < n; k++) {
                long t = (a[k] & LOW32) * (b[k] & LOW32);           // < 4M^2 < M 2^32
                long q = ((t & LOW32) * mPrime) & LOW32;
                a[k] = (t + q * m) >>> 32;                          // [0, 2M)
            }
        } else {
            for (int k = 0; k < n; k++) {
                long t = (a[k] & LOW32) * (b[k] & LOW32);           // < M^2
                long q = ((t & LOW32) * mPrime) & LOW32;
                long u = ((t + q * m) >>> 32) - m;                  // [-M, M): the sum < 2^64 as unsigned
                a[k] = u + ((u >> 63) & m);                         // [0, M)
            }
        }
    }

    /** {@code a[k] = REDC(a[k])} in {@code [0, M)} for k < n, {@code a[k] < M^2}. */
    private static void reduceInPlace(long[] a, int n, int m, long mPrime) {
        for (int k = 0; k < n; k++) {
            long t = a[k];
            long q = ((t & LOW32) * mPrime) & LOW32;
            long u = ((t + q * m) >>> 32) - m;
            a[k] = u + ((u >> 63) & m);
        }
    }
}
