package dev.nimbench.transform;

import dev.nimbench.exec.ExecutionContext;

/**
 * The blocked two-pass transform ({@link TwoPassPlan}) written so that C2's SuperWord pass
 * vectorizes its butterflies by itself: no Vector API, so nothing runs boxed before C2 has
 * compiled it (the one-shot transform: {@code docs/cold-start.md}).
 *
 * <p>SuperWord vectorizes a loop whose loads and stores all use the same index into different
 * arrays ({@code x[k], y[k]}); it leaves the in-place butterfly {@code a[j], a[j + h]} scalar (it
 * cannot rule out that the two overlap), and it does not unroll, hence not vectorize, a loop body
 * larger than {@code LoopUnrollLimit} (60 nodes): a radix-4 or radix-8 body stays scalar, so every
 * vectorized sweep is one radix-2 level ({@link #butterflies}). Measured on AMD Zen 5 (2^13
 * ints, JDK 17 and 25): 0.11-0.12 ns per butterfly in that form against 0.9-1.2 ns in place.
 * <ul>
 *   <li>Pass 1, each L2 row: levels {@code h < }{@link #IN_PLACE_BELOW} in place (scalar),
 *       the others on pairs of chunks copied into two scratch arrays ({@link #CHUNK} entries),
 *       transformed there and copied back: L1 sub-blocks first, then the row.</li>
 *   <li>Pass 2: each strip is gathered into one array per row, so every row-combining level is a
 *       vectorized sweep over two of those arrays, with no copy beyond the gather and scatter.</li>
 * </ul>
 * Numerics as {@link BlockedHadamardTransform}: {@link ModButterfly}'s conditional add, entries in
 * {@code [0, M)} throughout, any {@code 2 <= M < 2^31}.
 */
public final class AutoVectorHadamardTransform implements HadamardTransform {

    /** Levels below this half-distance run in place: their chunks are too short to copy. */
    static final int IN_PLACE_BELOW = 16;
    /** Entries per copied chunk: two scratch arrays of 2 KiB. */
    static final int CHUNK = 512;

    @Override
    public void transform(int[] a, int offset, int length, ExecutionContext ctx) {
        int log = HadamardLength.log2(a.length, offset, length);
        int m = ctx.modulus();
        TwoPassPlan plan = TwoPassPlan.of(log, 1, BlockedHadamardTransform.MIN_STRIP);
        int[] lo = new int[CHUNK];
        int[] hi = new int[CHUNK];
        for (int r = 0; r < plan.rows; r++) {
            transformRow(a, offset + r * plan.block, plan.block, m, lo, hi);
        }
        if (plan.rows > 1) {
            int[][] rows = new int[plan.rows][plan.stripWidth];
            for (int s = 0; s < plan.strips(); s++) {
                transformStrip(a, plan, offset + s * plan.stripWidth, rows, m);
            }
        }
    }

    @Override
    public long workingBytes(int length) {
        TwoPassPlan plan = TwoPassPlan.of(HadamardLength.log2(length), 1, BlockedHadamardTransform.MIN_STRIP);
        return 4L * (2 * CHUNK + plan.bufferInts());
    }

    /** All levels inside {@code a[off, off + len)}, len a power of two; [0, M) in and out. */
    static void transformRow(int[] a, int off, int len, int m, int[] lo, int[] hi) {
        int sub = Math.min(len, 1 << TwoPassPlan.LOG_L1_BLOCK);
        int small = Math.min(sub, IN_PLACE_BELOW);
        for (int s = off; s < off + len; s += sub) {
            for (int i = s; i < s + sub; i += small) {
                BlockedHadamardTransform.levels(a, i, small, 1, m); // h < small, in place
            }
            copiedLevels(a, s, sub, small, m, lo, hi);
        }
        copiedLevels(a, off, len, sub, m, lo, hi);
    }

    /** Levels with half-distance h from {@code hFrom} up to {@code len / 2}, each pair of chunks through {@code lo, hi}. */
    private static void copiedLevels(int[] a, int off, int len, int hFrom, int m, int[] lo, int[] hi) {
        for (int h = hFrom; h < len; h <<= 1) {
            int c = Math.min(CHUNK, h);
            for (int i = off; i < off + len; i += 2 * h) {
                for (int j = i; j < i + h; j += c) {
                    System.arraycopy(a, j, lo, 0, c);
                    System.arraycopy(a, j + h, hi, 0, c);
                    butterflies(lo, hi, c, m);
                    System.arraycopy(lo, 0, a, j, c);
                    System.arraycopy(hi, 0, a, j + h, c);
                }
            }
        }
    }

    /**
     * Pass 2 for the columns {@code [col, col + plan.stripWidth)} of every row (row r starts at
     * {@code r * plan.block} from the array's start; {@code col} includes the range's offset):
     * row r gathered into {@code rows[r]}, the row-combining levels across those arrays, scattered back.
     */
    static void transformStrip(int[] a, TwoPassPlan plan, int col, int[][] rows, int m) {
        int w = plan.stripWidth;
        for (int r = 0; r < plan.rows; r++) {
            System.arraycopy(a, r * plan.block + col, rows[r], 0, w);
        }
        for (int h = 1; h < plan.rows; h <<= 1) {
            for (int i = 0; i < plan.rows; i += 2 * h) {
                for (int r = i; r < i + h; r++) {
                    butterflies(rows[r], rows[r + h], w, m);
                }
            }
        }
        for (int r = 0; r < plan.rows; r++) {
            System.arraycopy(rows[r], 0, a, r * plan.block + col, w);
        }
    }

    /** {@code (x[k], y[k]) <- (x[k] + y[k], x[k] - y[k]) mod M} for k < n: the loop SuperWord vectorizes. */
    static void butterflies(int[] x, int[] y, int n, int m) {
        for (int k = 0; k < n; k++) {
            int u = x[k];
            int v = y[k];
            x[k] = ModButterfly.add(u, v, m);
            y[k] = ModButterfly.sub(u, v, m);
        }
    }
}
