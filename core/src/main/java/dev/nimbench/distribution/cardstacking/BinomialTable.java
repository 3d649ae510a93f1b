package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.ModularMultiplier;
import java.util.concurrent.ForkJoinPool;

/**
 * Factorials {@code k!} and inverse factorials {@code (k!)^{-1}} modulo a prime {@code M > n},
 * for {@code 0 <= k <= n}, so that {@code binom(a, b) = a! / (b! (a-b)!)} costs two products.
 *
 * <p><b>Representation.</b> With the multiplier's scale K (see
 * {@link ModularMultiplier#multiplyScaled}; K = 1 for plain and Barrett, K = 2^32 for
 * Montgomery) the factorial array holds {@code k! * K^2 mod M} (lifted twice) and the inverse
 * array holds ordinary {@code (k!)^{-1}}. Then
 * {@code multiplyScaled(multiplyScaled(fact[a], inv[b]), inv[a-b]) = a!/(b!(a-b)!)}: two bare
 * reductions give an ordinary residue, and nothing else in a hot loop needs converting.
 * {@link #factorial} and {@link #inverseFactorial} return ordinary residues.
 *
 * <p>The arrays are filled by a {@link FactorialTables}: {@link InterleavedFactorials} (scalar
 * chains, every multiplier) unless another is given.
 */
public final class BinomialTable {

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
        return build(n, mul, null, 1);
    }

    /**
     * As {@link #build(int, ModularMultiplier)}, with the work split into {@code parts}
     * tasks of {@code pool} ({@code pool == null} or
     * {@code parts == 1}: in the calling thread). The result does not depend on parts.
     *
     * @throws IllegalArgumentException when n is negative or the modulus is not a prime > n
     */
    public static BinomialTable build(int n, ModularMultiplier mul, ForkJoinPool pool, int parts) {
        return build(n, mul, pool, parts, INTERLEAVED);
    }

    private static final FactorialTables INTERLEAVED = new InterleavedFactorials();

    /**
     * As {@link #build(int, ModularMultiplier, ForkJoinPool, int)}, with the arrays filled by
     * {@code tables}.
     *
     * @throws IllegalArgumentException when n is negative or the modulus is not a prime > n
     */
    public static BinomialTable build(int n, ModularMultiplier mul, ForkJoinPool pool, int parts,
            FactorialTables tables) {
        requireBuildable(n, mul.modulus()); // before allocating
        return fill(n, mul, pool, parts, tables, new int[n + 1], new int[n + 1]);
    }

    /**
     * As {@link #build(int, ModularMultiplier, ForkJoinPool, int, FactorialTables)}, in the given
     * arrays of length {@code n + 1} (e.g. kept from a previous run: every entry is overwritten,
     * so old contents do not matter); the table keeps them.
     *
     * @throws IllegalArgumentException when n is negative, the modulus is not a prime > n, or an
     *     array does not have length n + 1
     */
    public static BinomialTable build(int n, ModularMultiplier mul, ForkJoinPool pool, int parts,
            FactorialTables tables, int[] fact, int[] invFact) {
        requireBuildable(n, mul.modulus());
        if (fact.length != n + 1 || invFact.length != n + 1) {
            throw new IllegalArgumentException("binomial table arrays must have length n + 1 = " + (n + 1L)
                    + ": got " + fact.length + " and " + invFact.length);
        }
        return fill(n, mul, pool, parts, tables, fact, invFact);
    }

    private static BinomialTable fill(int n, ModularMultiplier mul, ForkJoinPool pool, int parts,
            FactorialTables tables, int[] fact, int[] invFact) {
        tables.fill(n, mul, fact, invFact, pool, parts);
        return new BinomialTable(n, mul, fact, invFact);
    }

    /** n >= 0 and a prime modulus above n. */
    private static void requireBuildable(int n, int m) {
        if (n < 0) {
            throw new IllegalArgumentException("binomial table size must be >= 0: got n=" + n);
        }
        requirePrimeModulusAbove("a binomial table", n, m);
    }

    /** Largest k with a table entry. */
    public int n() {
        return n;
    }

    /** The prime modulus. */
    public int modulus() {
        return modulus;
    }

    /** {@code k! mod M}, {@code 0 <= k <= n}, an ordinary residue. */
    public int factorial(int k) {
        return (int) mul.unlift(mul.unlift(fact[k]));
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
        return mul.multiplyScaled(mul.multiplyScaled(fact[a], invFact[b]), invFact[a - b]);
    }

    /**
     * The factorial array itself, {@code [0, n]}, for hot loops that index it directly: entries
     * are {@code k! * K^2 mod M} (lifted twice, see the class comment), so
     * {@code multiplyScaled(multiplyScaled(fact[a], inv[b]), inv[a-b])} is an ordinary binomial.
     * Shared, not a copy: callers must not write to it.
     */
    public int[] factorials() {
        return fact;
    }

    /** The inverse-factorial array itself, {@code [0, n]}, ordinary residues; shared, read-only by convention. */
    public int[] inverseFactorials() {
        return invFact;
    }
}
