package dev.nimbench.combine.vector;

import dev.nimbench.distribution.RangeHistogram;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.ParallelFor;
import dev.nimbench.simd.LaneKernel;
import dev.nimbench.simd.MontgomeryPowerKernel;
import dev.nimbench.transform.HadamardLength;
import dev.nimbench.transform.TwoPassPlan;

/**
 * {@code Σ_t (H a)[t]^s mod M} by {@link FusedHadamardPowerKernel}, both passes split over
 * {@code ctx.pool()}: pass 1 by rows, pass 2 by strips (each task with its own strip buffer and
 * its own partial sum, added at the end). Instances keep their strip buffers between calls and
 * are not thread-safe. Sizes too small for the fused shape are transformed in place and summed
 * with the same vector kernels (one thread: a few thousand entries at most).
 */
final class FusedHadamardPowerSum {

    /** Tasks per thread in pass 2: lets work stealing even out a core that is busy elsewhere. */
    private static final int TASKS_PER_THREAD = 4;

    /**
     * Cost of one row of the fused pass 1 per entry, in units of writing one histogram entry:
     * the row's transform in L2 adds about a quarter (an estimate from the staged stage times
     * at n = 10^7: the recurrence takes several times longer per entry than pass 1).
     */
    static final double ROW_COST_PER_ENTRY = 1.25;

    private int[][] buffers = new int[0][];
    private final FusedPasses passes;
    private final LaneKernel lanes;

    /**
     * The fused sum whose transform runs {@code passes} and whose power part multiplies with {@code lanes}.
     *
     * @throws IllegalStateException when this JDK cannot run {@code passes} ({@link FusedPasses#requireAvailable})
     */
    FusedHadamardPowerSum(FusedPasses passes, LaneKernel lanes) {
        this.passes = passes.requireAvailable();
        this.lanes = lanes;
    }

    /**
     * @param a {@code P = 2^L} entries in {@code [0, M)}; rows at or above {@code activeRows} of
     *     {@link FusedHadamardPowerKernel#plan} are zero. Overwritten (pass 1 output).
     * @param activeRows rows that may hold non-zero entries, {@code 0..plan.rows}
     * @param m odd, {@code 3 <= M < 2^31}
     * @return the power sum of the spectrum in {@code [0, M)}
     */
    long sum(int[] a, int activeRows, long s, ExecutionContext ctx) {
        int m = ctx.modulus();
        MontgomeryPowerKernel.requireOdd(m);
        TwoPassPlan plan = FusedHadamardPowerKernel.plan(HadamardLength.log2(a.length));
        if (s == 0) {
            return a.length % m; // 0^0 = 1 for every one of the P terms
        }
        if (!FusedHadamardPowerKernel.fusable(plan)) {
            int[] buf = plan.rows > 1 ? buffer(0, plan.bufferInts()) : null;
            passes.transform(a, plan, buf, m);
            return lanes.sum(a, 0, a.length, s, m);
        }
        pass1(a, plan, 0, activeRows, ctx);
        return pass2(a, plan, activeRows, s, ctx);
    }

    /**
     * Pass 1 fused with the distribution: each row of {@code [0, activeRows)} is written by a
     * range writer (histogram values, zero padding) and transformed while it is in L2. The rows
     * are cut into one contiguous chunk per thread, each with its own writer, so that a writer
     * restarts its recurrence once per chunk, not per row.
     */
    void pass1Fused(int[] a, TwoPassPlan plan, int activeRows, RangeHistogram.Ranges ranges, ExecutionContext ctx) {
        int m = ctx.modulus();
        int tasks = Math.min(activeRows, ctx.threads());
        int[] starts = rowSplit(activeRows, tasks, plan.block, ranges);
        ParallelFor.forEach(ctx, tasks, t -> {
            RangeHistogram.Writer writer = ranges.writer();
            for (int r = starts[t]; r < starts[t + 1]; r++) {
                writer.write(a, r * plan.block, (r + 1) * plan.block);
                passes.pass1Block(a, r * plan.block, plan.block, m);
            }
        });
    }

    /**
     * Start rows of {@code tasks} contiguous chunks of {@code [0, rows)} (plus {@code rows} at
     * the end) of about equal cost: a row costs {@link #ROW_COST_PER_ENTRY} × block entries'
     * worth of writing, and a chunk starting at row s also pays the writer's restart there
     * ({@link RangeHistogram.Ranges#restartCost}); split by {@link ParallelFor#balancedStarts}.
     */
    static int[] rowSplit(int rows, int tasks, int block, RangeHistogram.Ranges ranges) {
        return ParallelFor.balancedStarts(0, rows, tasks, (long) (ROW_COST_PER_ENTRY * block),
                r -> ranges.restartCost(r * block));
    }

    /** Pass 1 over rows {@code [fromRow, toRow)}, split over the pool. */
    void pass1(int[] a, TwoPassPlan plan, int fromRow, int toRow, ExecutionContext ctx) {
        int m = ctx.modulus();
        int rows = toRow - fromRow;
        int tasks = Math.min(rows, ctx.threads() == 1 ? 1 : TASKS_PER_THREAD * ctx.threads());
        ParallelFor.forEachChunk(ctx, rows, tasks,
                (t, from, to) -> FusedHadamardPowerKernel.pass1(a, plan, fromRow + from, fromRow + to, m, passes));
    }

    /** Pass 2 fused with the power sum, strips split over the pool; result in {@code [0, M)}. */
    long pass2(int[] a, TwoPassPlan plan, int activeRows, long s, ExecutionContext ctx) {
        int m = ctx.modulus();
        int strips = plan.strips();
        int tasks = Math.min(strips, ctx.threads() == 1 ? 1 : TASKS_PER_THREAD * ctx.threads());
        for (int t = 0; t < tasks; t++) {
            buffer(t, plan.bufferInts()); // allocate before forking: tasks only read the array
        }
        int[][] bufs = buffers;
        long[] partial = new long[tasks];
        ParallelFor.forEachChunk(ctx, strips, tasks, (t, from, to) -> partial[t] =
                FusedHadamardPowerKernel.pass2PowerSum(a, plan, activeRows, from, to, bufs[t], s, m, passes, lanes));
        long total = 0;
        for (long p : partial) {
            total += p; // each < 2^31
        }
        return total % m;
    }

    /** Strip buffer {@code t}, at least {@code ints} long, kept for the next call. */
    private int[] buffer(int t, int ints) {
        if (t >= buffers.length) {
            buffers = java.util.Arrays.copyOf(buffers, t + 1);
        }
        if (buffers[t] == null || buffers[t].length < ints) {
            buffers[t] = new int[ints];
        }
        return buffers[t];
    }
}
