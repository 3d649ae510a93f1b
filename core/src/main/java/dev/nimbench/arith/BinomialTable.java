package dev.nimbench.arith;

/**
 * Factorials {@code k!} and inverse factorials {@code (k!)^{-1}} modulo a prime {@code M > n},
 * for {@code 0 <= k <= n}, so that {@code binom(a, b) = a! / (b! (a-b)!)} costs two products.
 * Entries are ordinary residues in {@code [0, M)} (in fact {@code [1, M)}: nothing below M
 * divides by M).
 *
 * <p>Built with one modular inverse per chain and no divisions in the loops. A single running
 * product {@code k! = (k-1)! * k} is latency-bound (every multiplication waits for the previous
 * one, ~15 cycles for a division-free reduction). Instead {@code [1, n]} is cut into
 * {@link #CHAINS} contiguous blocks whose running products advance in the same loop iteration:
 * eight independent dependency chains that the CPU overlaps.
 * <ol>
 *   <li>Pass 1 (forward): block-local prefix products {@code fact[x] = prod(blockStart..x)}.</li>
 *   <li>Block offsets: {@code offset[b] = (b*len)!}, the product of the earlier blocks' totals
 *       ({@link #CHAINS} products); the few values beyond the last full block are done in one
 *       short chain.</li>
 *   <li>Pass 2 (backward): per block, one inverse {@code ((b+1)*len)!^{-1}} and the backward
 *       chain {@code (x-1)!^{-1} = x!^{-1} * x}; in the same iteration the block-local factorial
 *       is multiplied by its offset. Sixteen independent products per iteration.</li>
 * </ol>
 */
public final class BinomialTable {

    /** Independent product chains per pass (enough to cover the multiply latency). */
    public static final int CHAINS = 8;

    private final int n;
    private final int modulus;
    private final ModularMultiplier mul;
    private final int[] fact;
    private final int[] invFact;

    private BinomialTable(int n, ModularMultiplier mul, int[] fact, int[] invFact) {
        this.n = n;
        this.modulus = mul.modulus();
        this.mul = mul;
        this.fact = fact;
        this.invFact = invFact;
    }

    /** Bytes the tables for {@code n} occupy (two int arrays of {@code n + 1}). */
    public static long bytesFor(int n) {
        return 2L * 4L * ((long) n + 1) + 2 * 16;
    }

    /**
     * Checks that {@code M} is a prime greater than {@code n}; the tables do not exist otherwise
     * ({@code M <= n} makes {@code n!} zero, a composite M makes some factorial non-invertible).
     *
     * @param who what needs the tables, the first word of the message
     * @throws IllegalArgumentException one line naming M, n and the requirement
     */
    public static void requirePrimeModulusAbove(String who, int n, int m) {
        if (m <= n || !ModMath.isPrime(m)) {
            throw new IllegalArgumentException(
                    who + " needs a prime modulus > n: got M=" + m + ", n=" + n
                            + (m <= n ? " (M <= n)" : " (M is not prime)"));
        }
    }

    /**
     * Tables for {@code 0..n} modulo {@code mul.modulus()}, built with {@code mul}.
     *
     * @throws IllegalArgumentException when n is negative or the modulus is not a prime > n
     */
    public static BinomialTable build(int n, ModularMultiplier mul) {
        if (n < 0) {
            throw new IllegalArgumentException("binomial table size must be >= 0: got n=" + n);
        }
        requirePrimeModulusAbove("a binomial table", n, mul.modulus());
        int[] fact = new int[n + 1];
        int[] invFact = new int[n + 1];
        if (n < 4 * CHAINS) {
            buildSequential(n, mul, fact, invFact);
        } else {
            buildInterleaved(n, mul, fact, invFact);
        }
        return new BinomialTable(n, mul, fact, invFact);
    }

    /** The textbook construction: one forward chain, one inverse, one backward chain. */
    private static void buildSequential(int n, ModularMultiplier mul, int[] fact, int[] invFact) {
        long f = 1 % mul.modulus();
        fact[0] = (int) f;
        for (int x = 1; x <= n; x++) {
            f = mul.multiply(f, x);
            fact[x] = (int) f;
        }
        long inv = ModMath.inverse(f, mul.modulus());
        for (int x = n; x >= 1; x--) {
            invFact[x] = (int) inv;
            inv = mul.multiply(inv, x);
        }
        invFact[0] = (int) inv;
    }

    private static void buildInterleaved(int n, ModularMultiplier mul, int[] fact, int[] invFact) {
        final int m = mul.modulus();
        final int len = n / CHAINS; // block b covers [b*len + 1, (b+1)*len]; len >= 4
        final int b1 = len;
        final int b2 = 2 * len;
        final int b3 = 3 * len;
        final int b4 = 4 * len;
        final int b5 = 5 * len;
        final int b6 = 6 * len;
        final int b7 = 7 * len;

        // Pass 1: block-local running products, eight independent chains.
        long c0 = 1;
        long c1 = 1;
        long c2 = 1;
        long c3 = 1;
        long c4 = 1;
        long c5 = 1;
        long c6 = 1;
        long c7 = 1;
        for (int i = 1; i <= len; i++) {
            c0 = mul.multiply(c0, i);
            c1 = mul.multiply(c1, b1 + i);
            c2 = mul.multiply(c2, b2 + i);
            c3 = mul.multiply(c3, b3 + i);
            c4 = mul.multiply(c4, b4 + i);
            c5 = mul.multiply(c5, b5 + i);
            c6 = mul.multiply(c6, b6 + i);
            c7 = mul.multiply(c7, b7 + i);
            fact[i] = (int) c0;
            fact[b1 + i] = (int) c1;
            fact[b2 + i] = (int) c2;
            fact[b3 + i] = (int) c3;
            fact[b4 + i] = (int) c4;
            fact[b5 + i] = (int) c5;
            fact[b6 + i] = (int) c6;
            fact[b7 + i] = (int) c7;
        }

        // Offsets: o_b = (b*len)! = product of the earlier blocks' totals.
        long o1 = c0;
        long o2 = mul.multiply(o1, c1);
        long o3 = mul.multiply(o2, c2);
        long o4 = mul.multiply(o3, c3);
        long o5 = mul.multiply(o4, c4);
        long o6 = mul.multiply(o5, c5);
        long o7 = mul.multiply(o6, c6);
        long o8 = mul.multiply(o7, c7); // (8*len)!

        // The < CHAINS values past the last block: a short ordinary chain, forward then back.
        fact[0] = 1 % m;
        long f = o8;
        for (int x = CHAINS * len + 1; x <= n; x++) {
            f = mul.multiply(f, x);
            fact[x] = (int) f;
        }
        long inv = ModMath.inverse(f, m);
        for (int x = n; x > CHAINS * len; x--) {
            invFact[x] = (int) inv;
            inv = mul.multiply(inv, x);
        }

        // Pass 2, backward: inverse chains seeded at each block's top, and the offset fix-up.
        long v0 = ModMath.inverse(o1, m);
        long v1 = ModMath.inverse(o2, m);
        long v2 = ModMath.inverse(o3, m);
        long v3 = ModMath.inverse(o4, m);
        long v4 = ModMath.inverse(o5, m);
        long v5 = ModMath.inverse(o6, m);
        long v6 = ModMath.inverse(o7, m);
        long v7 = inv; // (8*len)!^{-1}, from the tail chain
        for (int i = len; i >= 1; i--) {
            invFact[i] = (int) v0;
            invFact[b1 + i] = (int) v1;
            invFact[b2 + i] = (int) v2;
            invFact[b3 + i] = (int) v3;
            invFact[b4 + i] = (int) v4;
            invFact[b5 + i] = (int) v5;
            invFact[b6 + i] = (int) v6;
            invFact[b7 + i] = (int) v7;
            v0 = mul.multiply(v0, i);
            v1 = mul.multiply(v1, b1 + i);
            v2 = mul.multiply(v2, b2 + i);
            v3 = mul.multiply(v3, b3 + i);
            v4 = mul.multiply(v4, b4 + i);
            v5 = mul.multiply(v5, b5 + i);
            v6 = mul.multiply(v6, b6 + i);
            v7 = mul.multiply(v7, b7 + i);
            fact[b1 + i] = (int) mul.multiply(fact[b1 + i], o1);
            fact[b2 + i] = (int) mul.multiply(fact[b2 + i], o2);
            fact[b3 + i] = (int) mul.multiply(fact[b3 + i], o3);
            fact[b4 + i] = (int) mul.multiply(fact[b4 + i], o4);
            fact[b5 + i] = (int) mul.multiply(fact[b5 + i], o5);
            fact[b6 + i] = (int) mul.multiply(fact[b6 + i], o6);
            fact[b7 + i] = (int) mul.multiply(fact[b7 + i], o7);
        }
        invFact[0] = (int) v0; // 0!^{-1} = 1
    }

    /** Largest k with a table entry. */
    public int n() {
        return n;
    }

    /** The prime modulus. */
    public int modulus() {
        return modulus;
    }

    /** {@code k! mod M}, {@code 0 <= k <= n}. */
    public int factorial(int k) {
        return fact[k];
    }

    /** {@code (k!)^{-1} mod M}, {@code 0 <= k <= n}. */
    public int inverseFactorial(int k) {
        return invFact[k];
    }

    /**
     * {@code binom(a, b) mod M} for {@code a <= n}; {@code 0} outside {@code 0 <= b <= a}
     * (including every negative a). Result in {@code [0, M)}.
     */
    public long binomial(int a, int b) {
        if (b < 0 || b > a) {
            return 0;
        }
        return mul.multiply(mul.multiply(fact[a], invFact[b]), invFact[a - b]);
    }

    /**
     * The factorial array itself, {@code [0, n]}, for hot loops that index it directly. Shared,
     * not a copy: callers must not write to it.
     */
    public int[] factorials() {
        return fact;
    }

    /** The inverse-factorial array itself, {@code [0, n]}; shared, read-only by convention. */
    public int[] inverseFactorials() {
        return invFact;
    }
}
