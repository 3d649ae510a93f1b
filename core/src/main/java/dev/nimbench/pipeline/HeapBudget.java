package dev.nimbench.pipeline;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;

/**
 * How many bytes of large, long-lived arrays the heap can still take. {@code Runtime.maxMemory()}
 * overstates it under generational collectors that cap the old generation (Parallel and Serial
 * GC keep it at about 2/3 of {@code -Xmx}): a multi-GiB table that fits in "free heap" can still
 * throw OutOfMemoryError there. The budget is the smaller of the whole heap's and the largest
 * heap pool's free space, so the pipeline refuses before allocating instead.
 */
final class HeapBudget {

    private HeapBudget() {
    }

    /** Bytes the pipeline may allocate now, {@code >= 0}. */
    static long available() {
        Runtime rt = Runtime.getRuntime();
        long heapFree = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        long poolFree = -1;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage u = pool.getUsage();
            if (pool.getType() != MemoryType.HEAP || u == null || u.getMax() <= 0) {
                continue;
            }
            // The pool that can hold the largest arrays: the old generation (or the only pool).
            poolFree = Math.max(poolFree, u.getMax() - u.getUsed());
        }
        long free = poolFree > 0 ? Math.min(heapFree, poolFree) : heapFree;
        return Math.max(0, free);
    }
}
