package dev.nimbench.distribution.divisorgame;

import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.exec.ExecutionContext;
import java.util.Arrays;

/**
 * Divisor game through {@code Ω(m)} alone: {@code sg(m) = G(Ω(m))}, so the histogram is a count
 * of the piles {@code 2 <= m <= n} by their number of prime factors with multiplicity.
 *
 * <h2>Why sg(m) = G(Ω(m))</h2>
 * Let {@code G(1) = 0} and {@code G(w) = mex{ G(a) XOR G(b) : 1 <= a <= b <= w-1 }}. By strong
 * induction on m, {@code sg(m) = G(Ω(m))} for every {@code m >= 2}:
 * <ol>
 *   <li>Write {@code w = Ω(m)}. A divisor d of m with {@code 1 < d < m} has
 *       {@code 1 <= Ω(d) <= w-1} (it drops at least one prime factor and keeps at least one).</li>
 *   <li>Conversely every {@code j} in {@code 1..w-1} is realised: list m's prime factors with
 *       multiplicity, {@code p_1 <= ... <= p_w}; {@code d = p_1 ... p_j} divides m, is > 1 and
 *       is < m because {@code j < w}.</li>
 *   <li>A move chooses {@code d1} and {@code d2} independently among those divisors (order is
 *       irrelevant because XOR is symmetric, and {@code d1 = d2} is allowed), so the set of
 *       pairs {@code (Ω(d1), Ω(d2))} is exactly {@code {(a, b) : 1 <= a, b <= w-1}}.</li>
 *   <li>Every such divisor is smaller than m, so by the induction hypothesis
 *       {@code sg(d) = G(Ω(d))}; the options of m are therefore
 *       {@code { G(a) XOR G(b) : 1 <= a <= b <= w-1 }} and {@code sg(m)} is their mex,
 *       {@code G(w)}. For a prime ({@code w = 1}) the set is empty: {@code sg = 0 = G(1)},
 *       which is also the base case.</li>
 * </ol>
 * G is computed by that recurrence ({@link OmegaGrundy}); its first values are
 * 0, 1, 2, 4, 7, 8, 11, 13, ... (strictly increasing, so distinct w give distinct values).
 *
 * <h2>Counting by Ω</h2>
 * A segmented sieve, O(n log log n), with two small arrays per segment (sized to stay in L2)
 * instead of an n-entry table: for every odd prime {@code p <= sqrt(n)} and every power
 * {@code p^e <= n}, each multiple of {@code p^e} in the segment gets {@code Ω += 1} and
 * {@code prod *= p}, so afterwards {@code prod} is the part of m made of odd primes
 * {@code <= sqrt(n)}. Factors 2 are counted with {@link Integer#numberOfTrailingZeros}. What
 * is left, {@code (m >> tz) / prod}, is 1 or a single prime {@code > sqrt(n)} (two such primes
 * would exceed n): one more factor exactly when {@code prod != m >> tz}.
 *
 * <p>The first powers of the smallest odd primes 3, 5, 7, 11, 13 (which alone would be ~0.8 n
 * updates) are not sieved: their contribution is periodic with period 15015, so each segment
 * starts as a copy of a precomputed pattern instead of a fill with zeros and ones; only their
 * higher powers are sieved.
 */
public final class OmegaSieveDistribution implements GrundyDistribution {

    /**
     * Numbers per segment: 32K × (1 + 4) bytes = 160 KiB, inside a 1 MiB L2 (16K..128K measured
     * the same at n = 10^7).
     */
    static final int SEGMENT = 1 << 15;

    /** Odd primes whose first powers come from the periodic pattern. */
    private static final int[] WHEEL = {3, 5, 7, 11, 13};

    /** 3 * 5 * 7 * 11 * 13. */
    private static final int PERIOD = 15015;

    @Override
    public int size(int n) {
        return DivisorGame.size(n);
    }

    @Override
    public void checkSupported(int n, int modulus) {
        DivisorGame.size(n); // any modulus: counts are reduced at the end
    }

    @Override
    public long workingBytes(int n) {
        return 5L * SEGMENT + 5L * PERIOD + 4L * (long) Math.sqrt(n) + 1024;
    }

    @Override
    public void histogram(int n, int[] out, ExecutionContext ctx) {
        DivisorGame.requireOut(n, out);
        long[] byOmega = countByOmega(n);
        long mod = ctx.modulus();
        Arrays.fill(out, 0, DivisorGame.SIZE, 0);
        for (int w = 1; w <= DivisorGame.MAX_OMEGA; w++) {
            int g = DivisorGame.grundyOfOmega(w);
            out[g] = (int) ((out[g] + byOmega[w]) % mod);
        }
    }

    /** {@code c[w]} = number of {@code 2 <= m <= n} with {@code Ω(m) = w}, {@code 0 <= w <= 31}. */
    static long[] countByOmega(int n) {
        int[] primes = oddPrimesUpTo((int) Math.sqrt((double) n));
        // Pattern: for r in [0, PERIOD), the wheel primes dividing r: their count and product.
        byte[] patternOmega = new byte[PERIOD];
        int[] patternProd = new int[PERIOD];
        Arrays.fill(patternProd, 1);
        for (int p : WHEEL) {
            if (isIn(primes, p)) { // a wheel prime above sqrt(n) is left to the large-factor test
                for (int r = 0; r < PERIOD; r += p) {
                    patternOmega[r]++;
                    patternProd[r] *= p;
                }
            }
        }
        byte[] omega = new byte[SEGMENT];
        int[] prod = new int[SEGMENT];
        // Four interleaved counters per value: consecutive m rarely hit the same counter,
        // so the increments do not serialise on store-to-load forwarding.
        long[] c = new long[4 * 32];
        for (long lo = 0; lo <= n; lo += SEGMENT) {
            int len = (int) Math.min(SEGMENT, (long) n + 1 - lo);
            for (int filled = 0, off = (int) (lo % PERIOD); filled < len; off = 0) {
                int chunk = Math.min(PERIOD - off, len - filled);
                System.arraycopy(patternOmega, off, omega, filled, chunk);
                System.arraycopy(patternProd, off, prod, filled, chunk);
                filled += chunk;
            }
            long hi = lo + len; // exclusive
            for (int p : primes) {
                long pe = p <= WHEEL[WHEEL.length - 1] ? (long) p * p : p; // wheel primes: from p^2
                for (; pe < hi; pe *= p) {
                    long first = (lo + pe - 1) / pe * pe; // first multiple of p^e at or above lo
                    int step = (int) pe;
                    for (int j = (int) (first - lo); j < len; j += step) {
                        omega[j]++;
                        prod[j] *= p;
                    }
                }
            }
            int start = lo == 0 ? 2 : 0; // 0 and 1 are no piles
            for (int j = start; j < len; j++) {
                int m = (int) (lo + j);
                int tz = Integer.numberOfTrailingZeros(m);
                int w = omega[j] + tz + (prod[j] != (m >>> tz) ? 1 : 0);
                c[(w << 2) | (j & 3)]++;
            }
        }
        long[] byOmega = new long[32];
        for (int w = 0; w < 32; w++) {
            byOmega[w] = c[4 * w] + c[4 * w + 1] + c[4 * w + 2] + c[4 * w + 3];
        }
        return byOmega;
    }

    private static boolean isIn(int[] sorted, int p) {
        return Arrays.binarySearch(sorted, p) >= 0;
    }

    /** Odd primes {@code <= limit} by a plain Eratosthenes sieve. */
    static int[] oddPrimesUpTo(int limit) {
        boolean[] composite = new boolean[limit + 1];
        int[] primes = new int[Math.max(16, limit / 2)];
        int count = 0;
        for (int i = 3; i <= limit; i += 2) {
            if (!composite[i]) {
                primes[count++] = i;
                for (long j = (long) i * i; j <= limit; j += 2L * i) {
                    composite[(int) j] = true;
                }
            }
        }
        return Arrays.copyOf(primes, count);
    }
}
