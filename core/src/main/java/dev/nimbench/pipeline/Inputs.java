package dev.nimbench.pipeline;

import dev.nimbench.distribution.Problem;

/** Range checks on a problem instance, shared by the modular and the exact pipeline. */
public final class Inputs {

    /** Largest n: the padded histogram of card stacking has P >= n points and P <= 2^30. */
    public static final int MAX_N = 1 << 30;
    /** Moduli are {@code 2 <= M < 2^31} (SPEC §5). */
    public static final long MAX_MODULUS_EXCLUSIVE = 1L << 31;

    private Inputs() {
    }

    /** @throws IllegalArgumentException naming n and the valid range for this problem */
    public static void checkN(Problem problem, long n) {
        if (n < problem.minN() || n > MAX_N) {
            throw new IllegalArgumentException("n = " + n + " is out of range for " + problem.id()
                    + "; valid: " + problem.minN() + " <= n <= " + MAX_N);
        }
    }

    /** @throws IllegalArgumentException naming the count (s or k) and the valid range */
    public static void checkCount(Problem problem, long count) {
        if (count < 0) {
            throw new IllegalArgumentException(problem.countName() + " = " + count + " is out of range for "
                    + problem.id() + "; valid: 0 <= " + problem.countName() + " <= " + Long.MAX_VALUE);
        }
    }

    /** @throws IllegalArgumentException naming the modulus and the valid range */
    public static void checkModulus(long modulus) {
        if (modulus < 2 || modulus >= MAX_MODULUS_EXCLUSIVE) {
            throw new IllegalArgumentException("modulus = " + modulus + " is out of range; valid: 2 <= modulus < 2^31 = "
                    + MAX_MODULUS_EXCLUSIVE);
        }
    }

    /** The number of points: the smallest power of two {@code >= size} (at least 1). */
    public static int paddedLength(int size) {
        if (size <= 1) {
            return 1;
        }
        int p = Integer.highestOneBit(size - 1) << 1;
        if (p <= 0 || p > MAX_N) {
            throw new IllegalArgumentException("histogram length " + size + " needs more than 2^30 points");
        }
        return p;
    }
}
