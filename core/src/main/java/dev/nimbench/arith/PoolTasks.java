package dev.nimbench.arith;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/** Runs a few independent tasks on a ForkJoin pool (or inline) and waits for them. */
public final class PoolTasks {

    private PoolTasks() {
    }

    /**
     * Runs {@code task(0..count-1)}: inline when {@code count == 1} or {@code pool == null}, else
     * as tasks of the pool; an exception of a task is rethrown (wrapped) here.
     */
    public static void run(ForkJoinPool pool, int count, IntConsumer task) {
        if (count == 1 || pool == null) {
            for (int t = 0; t < count; t++) {
                task.accept(t);
            }
            return;
        }
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int g = 0; g < count; g++) {
            final int index = g;
            tasks.add(() -> {
                task.accept(index);
                return null;
            });
        }
        for (Future<Void> f : pool.invokeAll(tasks)) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for pool tasks", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                throw new IllegalStateException("a pool task failed", e.getCause());
            }
        }
    }
}
