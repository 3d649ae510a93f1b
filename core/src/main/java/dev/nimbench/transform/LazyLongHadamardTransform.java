package dev.nimbench.transform;

import dev.nimbench.exec.ExecutionContext;

/**
 * Radix-2 over a {@code long} copy with no reduction at all, then one reduction per entry.
 *
 * <p>Bound (SPEC §5): inputs in {@code [0, M)}, {@code M < 2^31}; after {@code k} levels every
 * value is a signed sum of {@code 2^k} inputs, so {@code |x| < 2^(31+k)}. The transform is
 * exact while {@code 31 + L <= 63}, i.e. {@code L <= 32}; since an {@code int[]} holds at most
 * {@code 2^30} entries the check cannot fail for a real array, but it is enforced (and tested)
 * so that a future longer input type cannot silently overflow. The final
 * {@code Math.floorMod} maps {@code (-2^(31+L), 2^(31+L))} back to {@code [0, M)}.
 *
 * <p>The {@code long[]} scratch is kept between calls (one instance is not thread-safe).
 */
public final class LazyLongHadamardTransform implements HadamardTransform {

    /** Largest L for which a long transform of inputs below 2^31 is exact: 31 + L <= 63. */
    static final int MAX_EXACT_LOG = 63 - 31;

    private long[] scratch = new long[0];

    @Override
    public void transform(int[] a, int offset, int n, ExecutionContext ctx) {
        requireExact(HadamardLength.log2(a.length, offset, n));
        int m = ctx.modulus();
        if (scratch.length < n) {
            scratch = new long[n];
        }
        long[] x = scratch;
        for (int i = 0; i < n; i++) {
            x[i] = a[offset + i];
        }
        for (int h = 1; h < n; h <<= 1) {
            for (int i = 0; i < n; i += 2 * h) {
                for (int j = i; j < i + h; j++) {
                    long u = x[j];
                    long v = x[j + h];
                    x[j] = u + v;
                    x[j + h] = u - v;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            a[offset + i] = Math.floorMod(x[i], m); // |x| < 2^(31+L) -> [0, M)
        }
    }

    /** Throws when a long transform of 2^log inputs below 2^31 could overflow. */
    static void requireExact(int log) {
        if (log > MAX_EXACT_LOG) {
            throw new IllegalArgumentException("lazy-long transform is exact only for L <= " + MAX_EXACT_LOG
                    + " (31 + L <= 63), got L = " + log);
        }
    }

    @Override
    public long workingBytes(int length) {
        HadamardLength.log2(length);
        return 8L * length;
    }
}
