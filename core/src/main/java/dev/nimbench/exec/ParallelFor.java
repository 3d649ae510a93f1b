package dev.nimbench.exec;

import java.util.function.IntConsumer;
import java.util.function.IntToLongFunction;

/**
 * Runs {@code tasks} independent pieces of work on the context's ForkJoin pool and waits for all
 * of them. {@link #forEachChunk} splits an index range over the tasks; each task owns its range,
 * so no synchronisation is needed beyond the final join.
 */
public final class ParallelFor {

    private ParallelFor() {
    }

    /**
     * Calls {@code body.accept(t)} for every {@code t} in {@code [0, tasks)}: inline when
     * {@code ctx.threads() == 1} or there is only one task, otherwise as ForkJoin tasks on
     * {@code ctx.pool()}. An exception thrown by a task is rethrown here.
     */
    public static void forEach(ExecutionContext ctx, int tasks, IntConsumer body) {
        PoolTasks.run(tasks <= 1 || ctx.threads() == 1 ? null : ctx.pool(), tasks, body);
    }

    /** The work of one task over its chunk {@code [from, to)} of a split index range. */
    @FunctionalInterface
    public interface Chunk {
        void run(int task, int from, int to);
    }

    /**
     * Splits {@code [0, units)} into {@code tasks} chunks of equal size (within one unit) and runs
     * {@code body} on each, as {@link #forEach} does.
     */
    public static void forEachChunk(ExecutionContext ctx, int units, int tasks, Chunk body) {
        forEach(ctx, tasks, t -> body.run(t, (int) chunkStart(units, tasks, t), (int) chunkStart(units, tasks, t + 1)));
    }

    /**
     * Start of chunk {@code t} of {@code tasks} equal chunks of {@code [0, units)} (chunk sizes
     * differ by at most one unit); chunk t is {@code [chunkStart(units, tasks, t),
     * chunkStart(units, tasks, t + 1))}.
     */
    public static long chunkStart(long units, int tasks, int t) {
        return units / tasks * t + Math.min(t, units % tasks);
    }

    /**
     * Starts of {@code tasks} contiguous chunks of {@code [first, end)} (plus {@code end} at the
     * end) of about equal cost, when a unit costs {@code unitCost} and a chunk starting at unit s
     * first pays {@code restartAt.applyAsLong(s)} (so later chunks get fewer units when restarts
     * grow with s): the smallest per-chunk budget that covers every unit, by bisection.
     * {@code first <= end}, {@code tasks >= 1}, {@code unitCost >= 1}.
     */
    public static int[] balancedStarts(int first, int end, int tasks, long unitCost, IntToLongFunction restartAt) {
        long lo = 1;
        long hi = unitCost * (end - first) + restartAt.applyAsLong(first) + 1; // one chunk can do everything
        while (lo < hi) {
            long budget = (lo + hi) >>> 1;
            if (cover(first, end, tasks, unitCost, restartAt, budget, null)) {
                hi = budget;
            } else {
                lo = budget + 1;
            }
        }
        int[] starts = new int[tasks + 1];
        cover(first, end, tasks, unitCost, restartAt, lo, starts);
        return starts;
    }

    private static boolean cover(int first, int end, int tasks, long unitCost, IntToLongFunction restartAt,
            long budget, int[] starts) {
        int s = first;
        for (int t = 0; t < tasks; t++) {
            if (starts != null) {
                starts[t] = s;
            }
            long left = budget - restartAt.applyAsLong(s);
            s = (int) Math.min(end, s + Math.max(0, left / unitCost));
        }
        if (starts != null) {
            starts[tasks] = end;
        }
        return s >= end;
    }
}
