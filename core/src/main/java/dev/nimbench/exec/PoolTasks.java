package dev.nimbench.exec;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.function.IntConsumer;

/**
 * Runs a few independent tasks on a ForkJoin pool (or inline) and waits for them: the one pool
 * runner of the project ({@link ParallelFor} is it with an execution context); the factorial
 * table builders call it with a pool of their own choosing.
 */
public final class PoolTasks {

    private PoolTasks() {
    }

    /**
     * Runs {@code task(0..count-1)}: inline when {@code pool == null} or {@code count <= 1},
     * else as ForkJoin tasks of the pool (also from inside one of its workers). An exception
     * thrown by a task is rethrown here.
     */
    public static void run(ForkJoinPool pool, int count, IntConsumer task) {
        if (pool == null || count <= 1) {
            for (int t = 0; t < count; t++) {
                task.accept(t);
            }
            return;
        }
        ForkJoinTask<?>[] pieces = new ForkJoinTask<?>[count];
        for (int t = 0; t < count; t++) {
            final int index = t;
            pieces[t] = ForkJoinTask.adapt(() -> task.accept(index));
        }
        pool.invoke(new RecursiveAction() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void compute() {
                invokeAll(pieces);
            }
        });
    }
}
