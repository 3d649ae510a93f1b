package dev.nimbench.transform;

import dev.nimbench.exec.ExecutionContext;

/**
 * How a two-memory-pass transform of {@code P = 2^L} entries is cut (two passes over memory
 * instead of one per level). The array is seen as {@code rows x block} with
 * {@code block = 2^logBlock}.
 * Pass 1 does levels {@code 0 .. logBlock-1} inside each row, a contiguous block that stays in
 * L2. Pass 2 does the remaining {@code L - logBlock} levels, which combine rows: strips of
 * {@code stripWidth} columns ({@code rows x stripWidth} entries) are copied into a small
 * contiguous buffer, transformed there, and copied back. Copying avoids the set conflicts of
 * walking {@code rows} addresses that are {@code block * 4} bytes apart.
 */
public final class TwoPassPlan {

    /** 2^17 ints = 512 KiB: half of a 1 MiB L2, so a block and its neighbours' lines fit. */
    public static final int LOG_L2_BLOCK = 17;
    /** 2^13 ints = 32 KiB: fits a 48 KiB L1d; levels below this run inside such sub-blocks first. */
    public static final int LOG_L1_BLOCK = 13;
    /**
     * Below 2^14 entries (64 KiB) the parallel forms run on the calling thread: the whole array
     * is L2-resident and forking costs more than the split saves.
     */
    public static final int MIN_PARALLEL_LOG = 14;
    /** Preferred strip width: 256 ints = 1 KiB contiguous per row (measured: 64 ints left pass 2 ~30% slower). */
    static final int PREFERRED_STRIP = 256;
    /** The strip buffer aims to stay below 128 KiB (narrower strips when there are many rows). */
    static final int STRIP_BUFFER_INTS = 1 << 15;

    public final int log;
    public final int logBlock;
    public final int block;
    public final int rows;
    /** Columns per strip; 0 when there is one row (no pass 2). */
    public final int stripWidth;

    private TwoPassPlan(int log, int logBlock, int minStrip) {
        this.log = log;
        this.logBlock = logBlock;
        this.block = 1 << logBlock;
        this.rows = 1 << (log - logBlock);
        if (rows == 1) {
            stripWidth = 0;
        } else {
            int w = PREFERRED_STRIP;
            while (w > minStrip && (long) rows * w > STRIP_BUFFER_INTS) {
                w >>= 1;
            }
            stripWidth = Math.max(minStrip, Math.min(w, block));
        }
    }

    /**
     * A plan for {@code 2^log} entries with at least {@code minRows} rows when possible (so that
     * {@code minRows} tasks can share pass 1), strips at least {@code minStrip} columns wide
     * ({@code minStrip} a power of two: the vector length, or a cache line of ints).
     */
    public static TwoPassPlan of(int log, int minRows, int minStrip) {
        int logMinStrip = Integer.numberOfTrailingZeros(minStrip);
        int logBlock = Math.min(LOG_L2_BLOCK, log);
        int logMinRows = 32 - Integer.numberOfLeadingZeros(Math.max(1, minRows) - 1); // ceil(log2)
        if (log - logBlock < logMinRows) {
            logBlock = log - logMinRows;
        }
        if (logBlock < logMinStrip) {
            logBlock = log; // too small to split: one block, no pass 2
        }
        return new TwoPassPlan(log, logBlock, minStrip);
    }

    /** Number of strips in pass 2 ({@code block / stripWidth}); 0 when there is no pass 2. */
    public int strips() {
        return stripWidth == 0 ? 0 : block / stripWidth;
    }

    /** Ints in one strip buffer. */
    public int bufferInts() {
        return stripWidth * rows;
    }

    /**
     * Strip buffer {@code task} ({@link #bufferInts()} entries), kept in the context between
     * calls: a new one per task and call made pass 2 slower in every process measured, by 3-10%
     * and, in 2 of 8, by a third (AMD Zen 5, 2^24, 2 threads:
     * {@code results/align-amd-20261202T1520Z/strip-buffers.txt}). Each task of a call uses its
     * own index; one run at a time uses a context.
     */
    public int[] stripBuffer(ExecutionContext ctx, int task) {
        return ctx.scratchInts("two-pass strip buffer " + task, bufferInts());
    }

    /** Bytes of the strip buffers that {@code tasks} pass-2 tasks keep ({@link #stripBuffer}): one per task that has a strip. */
    public long stripBufferBytes(int tasks) {
        return 4L * Math.min(tasks, strips()) * bufferInts();
    }
}
