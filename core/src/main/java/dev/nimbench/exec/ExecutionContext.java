package dev.nimbench.exec;

import dev.nimbench.arith.ModularMultiplier;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What every stage may use while it runs: the modulus, the chosen multiplier, and a ForkJoin
 * pool of the configured parallelism (created on first use, shared by every stage of a run), and
 * named scratch arrays that a stage may keep from one run to the next (a prepared pipeline runs
 * many times with one context: big tables are then allocated, zeroed and page-faulted once).
 * Closing it shuts the pool down and drops the arrays.
 */
public final class ExecutionContext implements AutoCloseable {

    /**
     * Most threads a run may ask for: far above any core count this tool targets, and below
     * ForkJoinPool's own limit (32767), which fails with no message.
     */
    public static final int MAX_THREADS = 1024;

    private final int modulus;
    private final ModularMultiplier multiplier;
    private final int threads;
    private ForkJoinPool pool;
    private final Map<String, Object> scratch = new HashMap<>();

    public ExecutionContext(ModularMultiplier multiplier, int threads) {
        requireThreads(threads);
        this.multiplier = multiplier;
        this.modulus = multiplier.modulus();
        this.threads = threads;
    }

    /** {@code threads} when {@code 1 <= threads <= MAX_THREADS}; else a one-line error naming it and the range. */
    public static int requireThreads(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads = " + threads + " is out of range; valid: 1 <= threads <= "
                    + MAX_THREADS);
        }
        return threads;
    }

    /** The modulus M, {@code 2 <= M < 2^31}. */
    public int modulus() {
        return modulus;
    }

    public ModularMultiplier multiplier() {
        return multiplier;
    }

    /** The configured parallelism, in {@code [1, MAX_THREADS]} (1 = sequential). */
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

    /**
     * An int array of exactly {@code length} entries kept under {@code name}: the one from the
     * previous call with this name and length, with whatever that use left in it, or a new one
     * (which replaces it). One run at a time uses a context, and every name has one owner, so
     * the arrays are not shared by two uses at once.
     */
    public synchronized int[] scratchInts(String name, int length) {
        return kept(name, int[].class, a -> a.length == length, () -> new int[length]);
    }

    /**
     * {@code rows} int arrays of {@code width} entries each, kept under {@code name} as
     * {@link #scratchInts} keeps one: separate arrays, for loops that C2 vectorizes only across
     * distinct arrays at one index.
     */
    public synchronized int[][] scratchRows(String name, int rows, int width) {
        return kept(name, int[][].class, a -> a.length == rows && (rows == 0 || a[0].length == width),
                () -> new int[rows][width]);
    }

    /** What is kept under {@code name} when it is a {@code type} that {@code fits}, else a new one that replaces it. */
    private <T> T kept(String name, Class<T> type, Predicate<T> fits, Supplier<T> allocate) {
        Object old = scratch.get(name);
        if (type.isInstance(old) && fits.test(type.cast(old))) {
            return type.cast(old);
        }
        scratch.remove(name); // let the old one go before allocating the new one
        T a = allocate.get();
        scratch.put(name, a);
        return a;
    }

    @Override
    public synchronized void close() {
        if (pool != null) {
            pool.shutdown();
            pool = null;
        }
        scratch.clear();
    }
}
