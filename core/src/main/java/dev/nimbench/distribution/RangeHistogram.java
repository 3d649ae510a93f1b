package dev.nimbench.distribution;

import dev.nimbench.exec.ExecutionContext;

/**
 * A distribution that can also write its histogram range by range, so that a fused combiner can
 * fill one cache-sized block and transform it while it is still in cache.
 * The values are exactly those of {@link GrundyDistribution#histogram}.
 */
public interface RangeHistogram {

    /**
     * Builds what writing ranges for size n needs (e.g. the binomial tables) and returns it;
     * the same checks as {@link GrundyDistribution#histogram}. The result may keep its tables in
     * the context's scratch arrays ({@link ExecutionContext#scratchInts}): it is valid until the
     * next {@code ranges} or {@code histogram} call of this variant on the same context.
     *
     * @throws IllegalArgumentException naming the value and the valid range, as histogram does
     */
    Ranges ranges(int n, ExecutionContext ctx);

    /** The prepared tables for one n; hands out independent writers (one per thread). */
    interface Ranges {

        /** A new writer. Writers share the read-only tables and may run concurrently on disjoint ranges. */
        Writer writer();

        /**
         * What a fresh writer's first range starting at {@code from} costs beyond writing it,
         * in entries' worth of writing (0: starting anywhere is free). Callers that split the
         * index range over threads use it to give later starts fewer entries.
         */
        default long restartCost(int from) {
            return 0;
        }
    }

    /** Writes ranges of the histogram; not thread-safe (one per thread). */
    interface Writer {

        /**
         * Writes {@code a[g] mod M} (in {@code [0, M)}) into {@code out[g]} for every g in
         * {@code [from, to)}, and 0 for g at or above {@code size(n)}; touches nothing outside
         * {@code [from, to)}. Any order of ranges is allowed; a range that starts where this
         * writer's previous one ended continues the recurrence, any other start costs a
         * restart (up to O(n)).
         */
        void write(int[] out, int from, int to);
    }
}
