package dev.nimbench.transform;

import dev.nimbench.exec.ExecutionContext;

/**
 * The blocked two-pass transform ({@link TwoPassPlan}) written so that C2's SuperWord pass
 * vectorizes its butterflies by itself: no Vector API, so nothing runs boxed before C2 has
 * compiled it (the one-shot transform: {@code docs/cold-start.md}).
 *
 * <p>SuperWord vectorizes a loop whose loads and stores all use the same index into different
 * arrays ({@code x[k], y[k]}: {@link #butterflies}, 16 lanes per AVX-512 vector; per 16
 * butterflies the source has 2 loads, 9 lane operations (the sum: add, subtract M, shift, and,
 * add; the difference: subtract, shift, and, add) and 2 stores). It leaves the in-place
 * butterfly {@code a[j], a[j + h]} scalar (it cannot rule out that the two overlap), and it does
 * not unroll, hence not vectorize, a loop body larger than {@code LoopUnrollLimit} (60 nodes), so
 * radix-4 or radix-8 bodies stay scalar. Measured on AMD Zen 5 (2^13 ints, JDK 17 and 25): 0.11-0.12 ns per butterfly across
 * two arrays against 0.9-1.2 ns in place. So every level here is a sweep across arrays:
 * <ul>
 *   <li>Pass 1, each L2 row of {@code 2^t} entries, seen as {@code R x W} ({@code W = 2^w},
 *       {@code w = min(8, t / 2)}): its R slices are copied into R separate arrays, whose
 *       row-combining levels (bits {@code w .. t-1}) are sweeps across them; then the R x W
 *       matrix is transposed (scalar) into W arrays of R, where the levels of the low bits
 *       ({@code 0 .. w-1}) are sweeps across arrays too; a second transpose writes the row back.</li>
 *   <li>Pass 2: each strip is gathered into one array per row, the row-combining levels are
 *       sweeps across those arrays, and the strip is scattered back.</li>
 *   <li>Sweeps are grouped {@value #GROUP_LOG} levels at a time over {@code 2^}{@value #GROUP_LOG}
 *       arrays ({@link #across}), so a group's arrays stay in L1 for its levels.</li>
 * </ul>
 * Each entry is moved by two scalar transposes (unrolled over 4 arrays) besides the copies;
 * that costs less than the in-place low levels did (2^24 ints, AMD Zen 5, JDK 25, one process:
 * 55-65 ms against 136-158 ms for the chunk-copying form this replaced, whose short chunks at
 * {@code h = 16 .. 256} and in-place levels below 16 ran mostly scalar).
 * Numerics as {@link BlockedHadamardTransform}: {@link ModButterfly}'s conditional add, entries in
 * {@code [0, M)} throughout, any {@code 2 <= M < 2^31}. Below 16 entries the levels run in place.
 */
public final class AutoVectorHadamardTransform implements HadamardTransform {

    /** Levels per group of sweeps: 16 arrays of at most 2 KiB stay in a 48 KiB L1d. */
    static final int GROUP_LOG = 4;
    /** Lengths below this run their few levels in place. */
    static final int MIN_TRANSPOSED = 16;

    @Override
    public void transform(int[] a, int offset, int length, ExecutionContext ctx) {
        int log = HadamardLength.log2(a.length, offset, length);
        int m = ctx.modulus();
        if (length < MIN_TRANSPOSED) {
            BlockedHadamardTransform.levels(a, offset, length, 1, m);
            return;
        }
        TwoPassPlan plan = plan(log);
        int w = columnsLog(plan.logBlock);
        int[][] rows = ctx.scratchRows("autovec rows", 1 << (plan.logBlock - w), 1 << w);
        int[][] cols = ctx.scratchRows("autovec columns", 1 << w, 1 << (plan.logBlock - w));
        for (int r = 0; r < plan.rows; r++) {
            transformRow(a, offset + r * plan.block, rows, cols, m);
        }
        if (plan.rows > 1) {
            int[][] strip = ctx.scratchRows("autovec strip", plan.rows, plan.stripWidth);
            for (int s = 0; s < plan.strips(); s++) {
                transformStrip(a, plan, offset + s * plan.stripWidth, strip, m);
            }
        }
    }

    @Override
    public long workingBytes(int length) {
        int log = HadamardLength.log2(length);
        if (length < MIN_TRANSPOSED) {
            return 0;
        }
        TwoPassPlan plan = plan(log);
        return 4L * (2L * plan.block + (plan.rows > 1 ? plan.bufferInts() : 0));
    }

    private static TwoPassPlan plan(int log) {
        return TwoPassPlan.of(log, 1, BlockedHadamardTransform.MIN_STRIP);
    }

    /** {@code w} of a pass-1 row of {@code 2^t} entries: W = 2^w columns, at least 4 (t >= 4). */
    static int columnsLog(int t) {
        return Math.min(8, t / 2);
    }

    /**
     * All levels inside {@code a[base, base + R * W)}, seen as R rows of W; {@code rows} holds R
     * arrays of W, {@code cols} W arrays of R (W a multiple of 4); [0, M) in and out.
     */
    static void transformRow(int[] a, int base, int[][] rows, int[][] cols, int m) {
        int w0 = cols.length;
        for (int r = 0; r < rows.length; r++) {
            System.arraycopy(a, base + r * w0, rows[r], 0, w0);
        }
        across(rows, w0, m); // bits w .. t-1
        for (int c = 0; c < w0; c += 4) {
            toColumns(rows, c, cols[c], cols[c + 1], cols[c + 2], cols[c + 3]);
        }
        across(cols, rows.length, m); // bits 0 .. w-1
        for (int c = 0; c < w0; c += 4) {
            fromColumns(a, base, w0, c, cols[c], cols[c + 1], cols[c + 2], cols[c + 3]);
        }
    }

    /*
     * The transposes move four columns per call: a small loop that is called often, so a cold
     * process compiles it early, and one array reference per column outside the loop.
     */

    /** {@code c_j[r] = rows[r][c + j]} for j < 4 and every row r. */
    private static void toColumns(int[][] rows, int c, int[] c0, int[] c1, int[] c2, int[] c3) {
        for (int r = 0; r < rows.length; r++) {
            int[] row = rows[r];
            c0[r] = row[c];
            c1[r] = row[c + 1];
            c2[r] = row[c + 2];
            c3[r] = row[c + 3];
        }
    }

    /** {@code a[base + r * w0 + c + j] = c_j[r]} for j < 4 and every row r < {@code c0.length}. */
    private static void fromColumns(int[] a, int base, int w0, int c, int[] c0, int[] c1, int[] c2, int[] c3) {
        for (int r = 0; r < c0.length; r++) {
            int o = base + r * w0 + c;
            a[o] = c0[r];
            a[o + 1] = c1[r];
            a[o + 2] = c2[r];
            a[o + 3] = c3[r];
        }
    }

    /**
     * Pass 2 for the columns {@code [col, col + plan.stripWidth)} of every row (row r starts at
     * {@code r * plan.block} from the array's start; {@code col} includes the range's offset):
     * row r gathered into {@code strip[r]}, the row-combining levels across those arrays, scattered back.
     */
    static void transformStrip(int[] a, TwoPassPlan plan, int col, int[][] strip, int m) {
        int w = plan.stripWidth;
        for (int r = 0; r < plan.rows; r++) {
            System.arraycopy(a, r * plan.block + col, strip[r], 0, w);
        }
        across(strip, w, m);
        for (int r = 0; r < plan.rows; r++) {
            System.arraycopy(strip[r], 0, a, r * plan.block + col, w);
        }
    }

    /**
     * Every level across {@code arr} (a power-of-two count of arrays, the first {@code n} entries
     * of each): level b pairs {@code arr[i]} with {@code arr[i ^ 2^b]}. Done {@value #GROUP_LOG}
     * levels at a time, each group on the {@code 2^GROUP_LOG} arrays it pairs.
     */
    static void across(int[][] arr, int n, int m) {
        int lg = Integer.numberOfTrailingZeros(arr.length);
        for (int b = 0; b < lg; b += GROUP_LOG) {
            int k = Math.min(GROUP_LOG, lg - b);
            int stride = 1 << b;
            int span = stride << k;
            for (int hi = 0; hi < arr.length; hi += span) {
                for (int lo = hi; lo < hi + stride; lo++) {
                    group(arr, lo, stride, 1 << k, n, m);
                }
            }
        }
    }

    /** The levels among {@code arr[first + j * stride]}, {@code j < count}. */
    private static void group(int[][] arr, int first, int stride, int count, int n, int m) {
        for (int h = 1; h < count; h <<= 1) {
            for (int i = 0; i < count; i += 2 * h) {
                for (int j = i; j < i + h; j++) {
                    butterflies(arr[first + j * stride], arr[first + (j + h) * stride], n, m);
                }
            }
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
