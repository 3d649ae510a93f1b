package dev.nimbench.pipeline;

import dev.nimbench.arith.ModularMultiplier;
import java.util.concurrent.ForkJoinPool;

/**
 * What every stage may use while it runs: the modulus, the chosen multiplier, and a ForkJoin
 * pool of the configured parallelism (created on first use, shared by every stage of a run).
 * Closing it shuts the pool down.
 */
public final class ExecutionContext implements AutoCloseable {

    private final int modulus;
    private final ModularMultiplier multiplier;
    private final int threads;
    private ForkJoinPool pool;

    public ExecutionContext(ModularMultiplier multiplier, int threads) {
        Configuration.requireThreads(threads);
        this.multiplier = multiplier;
        this.modulus = multiplier.modulus();
        this.threads = threads;
    }

    /** The modulus M, {@code 2 <= M < 2^31}. */
    public int modulus() {
        return modulus;
    }

    public ModularMultiplier multiplier() {
        return multiplier;
    }

    /** The configured parallelism, in {@code [1, Configuration.MAX_THREADS]} (1 = sequential). */
    public int threads() {
        return threads;
    }

    /** A pool with {@link #threads()} workers, created once. */
    public synchronized ForkJoinPool pool() {
        if (pool == null) {
            pool = new ForkJoinPool(threads);
        }
        return pool;
    }

    @Override
    public synchronized void close() {
        if (pool != null) {
            pool.shutdown();
            pool = null;
        }
    }
}
