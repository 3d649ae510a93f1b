package dev.nimbench.distribution.divisorgame;

import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.exec.ExecutionContext;
import java.util.Arrays;

/**
 * Seed 003's method: {@code sg(m)} depends only on the multiset of prime exponents of m (a
 * divisor of m corresponds to an exponent vector below m's, and relabelling primes maps
 * divisors to divisors), so it is memoised by the sorted exponent signature (~500 distinct
 * signatures up to 10^7). A smallest-prime-factor sieve (Eratosthenes, O(n log log n), an
 * {@code int} per number) factors every {@code m <= n}; a signature's value is computed once by
 * the definition over all divisor exponent vectors, recursively through the memo.
 *
 * <p>Signature key: exponents sorted in decreasing order, 5 bits each (every exponent is
 * {@code <= 30}), at most 9 distinct primes below 2^31, so 45 bits of a long; zero marks the end.
 */
public final class SignatureMemoDistribution implements GrundyDistribution {

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
        return 4L * ((long) n + 1) + 64 * 1024;
    }

    @Override
    public void histogram(int n, int[] out, ExecutionContext ctx) {
        DivisorGame.requireOut(n, out);
        int[] spf = smallestPrimeFactors(n);
        SignatureMemo memo = new SignatureMemo();
        long[] count = new long[DivisorGame.SIZE];
        int[] exps = new int[16];
        for (int m = 2; m <= n; m++) {
            int rest = m;
            int k = 0;
            while (rest > 1) {
                int p = spf[rest];
                int e = 0;
                do {
                    rest /= p;
                    e++;
                } while (rest % p == 0);
                exps[k++] = e;
            }
            count[memo.grundy(key(exps, k))]++;
        }
        long mod = ctx.modulus();
        for (int g = 0; g < DivisorGame.SIZE; g++) {
            out[g] = (int) (count[g] % mod);
        }
    }

    /** {@code spf[m]} = smallest prime factor of m, for {@code 2 <= m <= n}. */
    static int[] smallestPrimeFactors(int n) {
        int[] spf = new int[n + 1];
        for (int i = 2; i <= n; i++) {
            if (spf[i] == 0) {
                spf[i] = i;
                if ((long) i * i <= n) {
                    for (int j = i * i; j <= n && j > 0; j += i) {
                        if (spf[j] == 0) {
                            spf[j] = i;
                        }
                    }
                }
            }
        }
        return spf;
    }

    /** The signature key of the first k exponents (any order, each >= 1); sorts them. */
    static long key(int[] exps, int k) {
        Arrays.sort(exps, 0, k);
        long key = 0;
        for (int i = 0; i < k; i++) { // ascending order read back-to-front: decreasing
            key |= (long) exps[k - 1 - i] << (5 * i);
        }
        return key;
    }

    /** Memo from signature key to Grundy value: small open-addressing table, no boxing. */
    private static final class SignatureMemo {
        private long[] keys = new long[1024];
        private byte[] values = new byte[1024];
        private boolean[] used = new boolean[1024];
        private int size;

        int grundy(long key) {
            int slot = find(key);
            if (used[slot]) {
                return values[slot];
            }
            int g = compute(key);
            slot = find(key); // the recursion may have grown the table
            keys[slot] = key;
            values[slot] = (byte) g;
            used[slot] = true;
            if (++size * 2 > keys.length) {
                grow();
            }
            return g;
        }

        /** The definition on exponent vectors: every proper divisor > 1 is a vector f <= e, f != 0, f != e. */
        private int compute(long key) {
            int k = 0;
            int[] e = new int[10];
            for (long rest = key; rest != 0; rest >>>= 5) {
                e[k++] = (int) (rest & 31);
            }
            int[] f = new int[k];
            long present = 0; // Grundy values of the proper divisors > 1
            int[] tmp = new int[k];
            while (true) { // odometer over 0 <= f_i <= e_i
                int i = 0;
                while (i < k && f[i] == e[i]) {
                    f[i] = 0;
                    i++;
                }
                if (i == k) {
                    break;
                }
                f[i]++;
                if (Arrays.equals(f, 0, k, e, 0, k)) {
                    continue; // m itself is not a proper divisor
                }
                int nz = 0;
                for (int j = 0; j < k; j++) {
                    if (f[j] != 0) {
                        tmp[nz++] = f[j];
                    }
                }
                present |= 1L << grundy(key(tmp, nz));
            }
            long options = 0; // d1 and d2 chosen independently among the proper divisors
            for (long a = present; a != 0; a &= a - 1) {
                int ga = Long.numberOfTrailingZeros(a);
                for (long b = present; b != 0; b &= b - 1) {
                    options |= 1L << (ga ^ Long.numberOfTrailingZeros(b));
                }
            }
            return Long.numberOfTrailingZeros(~options);
        }

        private int find(long key) {
            int mask = keys.length - 1;
            int slot = (int) (key * 0x9E3779B97F4A7C15L >>> 40) & mask;
            while (used[slot] && keys[slot] != key) {
                slot = (slot + 1) & mask;
            }
            return slot;
        }

        private void grow() {
            long[] oldKeys = keys;
            byte[] oldValues = values;
            boolean[] oldUsed = used;
            keys = new long[oldKeys.length * 2];
            values = new byte[oldKeys.length * 2];
            used = new boolean[oldKeys.length * 2];
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldUsed[i]) {
                    int slot = find(oldKeys[i]);
                    keys[slot] = oldKeys[i];
                    values[slot] = oldValues[i];
                    used[slot] = true;
                }
            }
        }
    }
}
