package dev.nimbench.transform;

import dev.nimbench.exec.ExecutionContext;

/**
 * The textbook baseline: radix-2, one level at a time over the whole array, every butterfly
 * output reduced with {@code %}. Entries in {@code [0, M)} in and out; the intermediate
 * {@code u + v} and {@code u - v + M} are taken in {@code long}, so they lie in {@code [0, 2M)}
 * before the reduction.
 */
public final class ScalarModHadamardTransform implements HadamardTransform {

    @Override
    public void transform(int[] a, int offset, int length, ExecutionContext ctx) {
        HadamardLength.log2(a.length, offset, length);
        long m = ctx.modulus();
        int end = offset + length;
        for (int h = 1; h < length; h <<= 1) {
            for (int i = offset; i < end; i += 2 * h) {
                for (int j = i; j < i + h; j++) {
                    long u = a[j];
                    long v = a[j + h];
                    a[j] = (int) ((u + v) % m);         // [0, 2M) -> [0, M)
                    a[j + h] = (int) ((u - v + m) % m); // (0, 2M) -> [0, M)
                }
            }
        }
    }

    @Override
    public long workingBytes(int length) {
        HadamardLength.log2(length);
        return 0;
    }
}
