package dev.nimbench.arith;

import java.math.BigInteger;

/**
 * Modular arithmetic shared by every stage: validation of the modulus, additive helpers on
 * residues, exponentiation, inverses and a deterministic primality test. Everything here is
 * scalar and uses {@code %}; hot loops use a {@link ModularMultiplier} for products and the
 * additive helpers below, which never divide.
 */
public final class ModMath {

    /** Smallest modulus every stage accepts. */
    public static final int MIN_MODULUS = 2;

    private ModMath() {
    }

    /**
     * Checks {@code 2 <= m < 2^31} (the upper bound is implied by {@code int}).
     *
     * @return m
     * @throws IllegalArgumentException naming m and the valid range
     */
    public static int requireModulus(long m) {
        if (m < MIN_MODULUS || m > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("modulus must be in [2, 2^31): got " + m);
        }
        return (int) m;
    }

    /** {@code (a + b) mod m} for {@code a, b} in {@code [0, m)}, {@code m < 2^62}; result in {@code [0, m)}. */
    public static long add(long a, long b, long m) {
        long s = a + b; // < 2m
        return s >= m ? s - m : s;
    }

    /** {@code (a - b) mod m} for {@code a, b} in {@code [0, m)}; result in {@code [0, m)}. */
    public static long sub(long a, long b, long m) {
        long d = a - b; // in (-m, m)
        return d < 0 ? d + m : d;
    }

    /**
     * {@code a / 2 mod m} for odd {@code m} and {@code a} in {@code [0, m)}; result in
     * {@code [0, m)}. No multiplication: an odd {@code a} becomes {@code (a + m) / 2}, written as
     * {@code (a >> 1) + (m + 1) / 2} so nothing overflows, the second term selected by a mask
     * ({@code -(a & 1)} is all ones or zero: one-cycle operations on a loop-carried chain);
     * linear, so it also halves values in Montgomery form.
     */
    public static long half(long a, long m) {
        return (a >>> 1) + (-(a & 1) & ((m + 1) >>> 1));
    }

    /** Shift of {@link #smallReciprocal}: {@code floor(2^40 / m)}. */
    public static final int SMALL_RECIPROCAL_SHIFT = 40;

    /** Bound of {@link #reduceSmall}: inputs below {@code SMALL_MULTIPLE_LIMIT * m}. */
    public static final int SMALL_MULTIPLE_LIMIT = 16;

    /** {@code floor(2^40 / m)} for {@code 2 <= m < 2^31}: the constant of {@link #reduceSmall}. */
    public static long smallReciprocal(long m) {
        return (1L << SMALL_RECIPROCAL_SHIFT) / m;
    }

    /**
     * {@code v mod m} for a lazily reduced sum {@code 0 <= v < 16m}, {@code 2 <= m < 2^31}, without
     * a division; {@code recip = smallReciprocal(m)}; result in {@code [0, m)}. The quotient
     * estimate {@code q = floor(v * recip / 2^40)} ({@code v * recip < 16 * 2^40}, no overflow)
     * undershoots {@code v/m} by less than {@code v/2^40 < 2^-5}, so it is {@code floor(v/m)} or
     * one less: one conditional subtraction.
     */
    public static long reduceSmall(long v, long m, long recip) {
        long r = v - ((v * recip) >>> SMALL_RECIPROCAL_SHIFT) * m; // in [0, 2m)
        return r >= m ? r - m : r;
    }

    /** {@code a mod m} in {@code [0, m)} for any long {@code a} and {@code m >= 1}. */
    public static long reduce(long a, long m) {
        return Math.floorMod(a, m);
    }

    /**
     * {@code base^e mod m} by square-and-multiply with {@code %}; {@code base} any long (reduced
     * first), {@code e >= 0}, {@code 1 <= m < 2^31}; {@code 0^0 = 1 mod m}. Result in {@code [0, m)}.
     */
    public static long pow(long base, long e, long m) {
        if (e < 0) {
            throw new IllegalArgumentException("exponent must be >= 0: got " + e);
        }
        long result = 1 % m;
        long b = reduce(base, m);
        while (e > 0) {
            if ((e & 1) != 0) {
                result = result * b % m;
            }
            b = b * b % m;
            e >>>= 1;
        }
        return result;
    }

    /**
     * The inverse of {@code a} modulo {@code m} ({@code 2 <= m < 2^63}) by the extended Euclidean
     * algorithm; works for any modulus coprime to a, prime or not. Result in {@code [1, m)}.
     *
     * @throws IllegalArgumentException when {@code gcd(a, m) != 1}
     */
    public static long inverse(long a, long m) {
        long r0 = m;
        long r1 = reduce(a, m);
        long s0 = 0; // invariant: s_i * a == r_i (mod m)
        long s1 = 1;
        while (r1 != 0) {
            long q = r0 / r1;
            long r2 = r0 - q * r1;
            r0 = r1;
            r1 = r2;
            long s2 = s0 - q * s1; // |s_i| <= m, no overflow
            s0 = s1;
            s1 = s2;
        }
        if (r0 != 1) {
            throw new IllegalArgumentException(a + " has no inverse modulo " + m + " (gcd " + r0 + ")");
        }
        return reduce(s0, m);
    }

    /**
     * Deterministic primality for every {@code n >= 0}: Miller–Rabin with the witnesses 2, 3, 5, 7
     * (exact below 3,215,031,751, so for every int), and the first twelve primes as witnesses
     * (exact below 3.3e24) for larger n.
     */
    public static boolean isPrime(long n) {
        if (n < 2) {
            return false;
        }
        for (int p : new int[] {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}) {
            if (n % p == 0) {
                return n == p;
            }
        }
        if (n < 41 * 41) {
            return true;
        }
        if (n <= Integer.MAX_VALUE) {
            for (int a : new int[] {2, 3, 5, 7}) {
                if (!millerRabinWitnessPasses(a, n)) {
                    return false;
                }
            }
            return true;
        }
        BigInteger big = BigInteger.valueOf(n);
        BigInteger nMinus1 = big.subtract(BigInteger.ONE);
        int s = nMinus1.getLowestSetBit();
        BigInteger d = nMinus1.shiftRight(s);
        for (int a : new int[] {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}) {
            BigInteger x = BigInteger.valueOf(a).modPow(d, big);
            if (x.equals(BigInteger.ONE) || x.equals(nMinus1)) {
                continue;
            }
            boolean composite = true;
            for (int i = 1; i < s && composite; i++) {
                x = x.multiply(x).mod(big);
                composite = !x.equals(nMinus1);
            }
            if (composite) {
                return false;
            }
        }
        return true;
    }

    /** One Miller–Rabin round for odd {@code n < 2^31} (so products fit a long). */
    private static boolean millerRabinWitnessPasses(long a, long n) {
        long d = n - 1;
        int s = Long.numberOfTrailingZeros(d);
        d >>= s;
        long x = pow(a, d, n);
        if (x == 1 || x == n - 1) {
            return true;
        }
        for (int i = 1; i < s; i++) {
            x = x * x % n;
            if (x == n - 1) {
                return true;
            }
        }
        return false;
    }
}
