package dev.nimbench.pipeline;

import dev.nimbench.config.ResolvedConfiguration;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.transform.HadamardTransform;
import java.util.function.IntConsumer;

/**
 * A one-shot helper: while the main thread runs the distribution stage, a daemon thread runs the
 * configuration's Vector API transform and power sum on arrays of its own, so that the JIT has
 * compiled their kernels before the big arrays arrive. Without it, a cold process runs the first
 * ~0.4 s of the power stage in C1 code where every vector is a heap object (docs/cold-start.md
 * has the compile logs). The kernels are called often on small arrays ({@link #LENGTH}: C2
 * compiles by invocation count, and before that every call runs boxed).
 *
 * <p>Only Vector API kernels are pre-warmed: scalar and auto-vectorized ones reach C2 soon enough
 * by themselves. Pre-warming the one-shot configuration's {@code autovec} transform (4 calls on
 * 2^18 entries, as was done for {@code blocked}) made the run slower in 17 of 24 interleaved
 * pairs (AMD Zen 5, 2026-12-02, 12 pairs each on JDK 25 and 17: medians 914 against 862 ms and
 * 1028 against 973 ms; the distribution lost more to the second thread's compiles than the
 * transform gained: {@code results/oneshot/prewarm-ab-amd-*.txt}).
 *
 * <p>It cannot change a result: it owns its arrays and its {@link ExecutionContext} (one thread,
 * its own multiplier instance), the variants are stateless, and what it computes is discarded.
 * It only starts under a combine that runs the transform and power stages, at
 * {@code P >= } {@link #MIN_POINTS} (below that a whole run is shorter than the compiles).
 */
public final class Prewarm implements AutoCloseable {

    /** Smallest padded length at which pre-warming is worth a thread. */
    public static final int MIN_POINTS = 1 << 16;
    /**
     * Entries per pre-warm call: a power of two (the transform needs one), a few iterations of the
     * power kernel's block loop so its profile has a loop, and small, since before C2 every call
     * runs boxed.
     */
    static final int LENGTH = 128;
    /**
     * Calls per kernel: past C2's invocation threshold for the kernels' block methods even without
     * the launcher's threshold scaling (Tier4InvocationThreshold 5000; 15000 with the tiered
     * back-edge heuristics counted in), and short: about 0.1 s once compiled.
     */
    static final int CALLS = 6000;

    /** The gate of a production run: none. */
    static final IntConsumer NO_GATE = callsDone -> { };

    private final Thread thread;
    private final IntConsumer afterCall;
    private volatile boolean stop;
    private volatile int done;

    private Prewarm(ResolvedConfiguration resolved, int points, long count, int modulus, IntConsumer afterCall) {
        this.afterCall = afterCall;
        thread = new Thread(() -> exercise(resolved, points, count, modulus), "nimbench-prewarm");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
    }

    /**
     * Starts pre-warming for this configuration ({@link Pipeline#prewarm}), or returns {@code null} when there is
     * nothing to pre-warm (no Vector API transform or power sum, a combine that does not use them, or
     * fewer than {@link #MIN_POINTS} points). The thread calls {@code afterCall} with the number of
     * calls done after each call: a test's gate, which holds the thread at a known point while the
     * test acts ({@link #NO_GATE} otherwise).
     */
    static Prewarm start(ResolvedConfiguration r, int points, long count, int modulus, IntConsumer afterCall) {
        boolean spectrum = r.transform() != null && r.power() != null && r.combine().usesSpectrum();
        if (!spectrum || !(r.transform().usesVectorApi() || r.power().usesVectorApi()) || points < MIN_POINTS
                || (modulus & 1) == 0) {
            return null;
        }
        Prewarm p = new Prewarm(r, points, count, modulus, afterCall);
        p.thread.start();
        return p;
    }

    /** Calls made so far (for tests and the log). */
    int callsDone() {
        return done;
    }

    /** Waits for the thread to finish its calls (tests). */
    void join() throws InterruptedException {
        thread.join();
    }

    private void exercise(ResolvedConfiguration r, int points, long count, int modulus) {
        try (ExecutionContext ctx = new ExecutionContext(r.multiplier().create(modulus), 1)) {
            PowerSum power = r.power().usesVectorApi() ? r.power().create() : null;
            HadamardTransform transform = r.transform().usesVectorApi() ? r.transform().create() : null;
            int[] x = new int[LENGTH];
            for (int i = 0; i < CALLS && !stop; i++) {
                fill(x, i, modulus);
                if (transform != null) {
                    transform.transform(x, ctx); // entries stay in [0, M)
                }
                if (power != null) {
                    power.sum(x, count, ctx);
                }
                done = i + 1;
                afterCall.accept(done);
            }
        } catch (RuntimeException | LinkageError e) {
            // Pre-warming is an optimisation only: a failure here must never touch the real run.
            done = -1;
        }
    }

    /** Any residues in [0, M), different per call. */
    private static void fill(int[] x, int call, int modulus) {
        for (int j = 0; j < x.length; j++) {
            x[j] = (int) ((j * 2654435761L + call) % modulus);
        }
    }

    /** Asks the thread to stop after its current call (the real run no longer needs it). */
    @Override
    public void close() {
        stop = true;
    }
}
