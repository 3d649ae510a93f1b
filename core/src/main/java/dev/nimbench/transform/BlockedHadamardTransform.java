package dev.nimbench.transform;

import dev.nimbench.exec.ExecutionContext;

/**
 * Scalar, cache-blocked, two memory passes ({@link TwoPassPlan}): pass 1 transforms each
 * L2-sized row (levels below 2^13 first inside L1-sized sub-blocks), pass 2 the levels that
 * combine rows, over strips copied into a small buffer. Every butterfly reduces with
 * {@link ModButterfly} (a conditional add, no division), so entries stay in {@code [0, M)}
 * throughout and the array is transformed in place; the only scratch is one strip buffer.
 */
public final class BlockedHadamardTransform implements HadamardTransform {

    /** Strips at least one 64-byte cache line of ints wide. */
    static final int MIN_STRIP = 16;

    @Override
    public void transform(int[] a, int offset, int length, ExecutionContext ctx) {
        transformSequential(a, offset, HadamardLength.log2(a.length, offset, length), ctx.modulus());
    }

    /** The whole transform of {@code a[offset, offset + 2^log)} on the calling thread; [0, M) in and out. */
    static void transformSequential(int[] a, int offset, int log, int m) {
        TwoPassPlan plan = TwoPassPlan.of(log, 1, MIN_STRIP);
        for (int r = 0; r < plan.rows; r++) {
            transformBlock(a, offset + r * plan.block, plan.block, m);
        }
        if (plan.rows > 1) {
            int[] buf = new int[plan.bufferInts()];
            for (int s = 0; s < plan.strips(); s++) {
                transformStrip(a, plan, offset + s * plan.stripWidth, buf, m);
            }
        }
    }

    @Override
    public long workingBytes(int length) {
        return 4L * TwoPassPlan.of(HadamardLength.log2(length), 1, MIN_STRIP).bufferInts();
    }

    /** All levels inside {@code a[off, off + len)}, len a power of two; [0, M) in and out. */
    static void transformBlock(int[] a, int off, int len, int m) {
        int sub = Math.min(len, 1 << TwoPassPlan.LOG_L1_BLOCK);
        for (int s = off; s < off + len; s += sub) {
            levels(a, s, sub, 1, m);
        }
        levels(a, off, len, sub, m);
    }

    /** Radix-2 levels with half-distance h from {@code hFrom} up to {@code len / 2} over {@code a[off, off + len)}. */
    static void levels(int[] a, int off, int len, int hFrom, int m) {
        int end = off + len;
        for (int h = hFrom; h < len; h <<= 1) {
            for (int i = off; i < end; i += 2 * h) {
                for (int j = i; j < i + h; j++) {
                    int u = a[j];
                    int v = a[j + h];
                    a[j] = ModButterfly.add(u, v, m);
                    a[j + h] = ModButterfly.sub(u, v, m);
                }
            }
        }
    }

    /**
     * Pass 2 for the columns {@code [col, col + plan.stripWidth)} of every row (row r of the
     * range starts at {@code r * plan.block}; {@code col} counts from the array's start, so it
     * includes the range's offset): gather into
     * {@code buf} (row r at {@code r * stripWidth}), the row-combining levels there, scatter back.
     */
    static void transformStrip(int[] a, TwoPassPlan plan, int col, int[] buf, int m) {
        int w = plan.stripWidth;
        for (int r = 0; r < plan.rows; r++) {
            System.arraycopy(a, r * plan.block + col, buf, r * w, w);
        }
        levels(buf, 0, plan.rows * w, w, m);
        for (int r = 0; r < plan.rows; r++) {
            System.arraycopy(buf, r * w, a, r * plan.block + col, w);
        }
    }
}
