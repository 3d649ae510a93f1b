package dev.nimbench.pipeline;

import dev.nimbench.config.ResolvedConfiguration;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.transform.HadamardTransform;
import java.util.function.IntConsumer;

/**
 * A one-shot helper: while the main thread runs the distribution stage, a daemon thread runs the
 * configuration's transform and Vector API power sum on arrays of its own, so that the JIT has
 * compiled their kernels before the big arrays arrive. Without it, a cold process runs the first
 * ~0.4 s of the power stage in C1 code where every vector is a heap object, and the transform's
 * loops start in the interpreter (docs/cold-start.md has the compile logs). The vector kernels
 * are called often on small arrays ({@link #LENGTH}: C2 compiles by invocation count, and before
 * that every call runs boxed); a scalar transform a few times on an array large enough for both
 * of its passes ({@link #TRANSFORM_LENGTH}).
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
    /** Entries of the scalar transform's pre-warm array: two L2 rows, so pass 2 (strips) runs too. */
    static final int TRANSFORM_LENGTH = 1 << 18;
    /** Calls of a scalar transform on {@link #TRANSFORM_LENGTH} entries, spread over the {@link #CALLS}. */
    static final int TRANSFORM_CALLS = 4;

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
     * nothing to pre-warm (scalar power sum and transform, a combine that does not use them, or
     * fewer than {@link #MIN_POINTS} points). The thread calls {@code afterCall} with the number of
     * calls done after each call: a test's gate, which holds the thread at a known point while the
     * test acts ({@link #NO_GATE} otherwise).
     */
    static Prewarm start(ResolvedConfiguration r, int points, long count, int modulus, IntConsumer afterCall) {
        boolean spectrum = r.transform() != null && r.power() != null && r.combine().usesSpectrum();
        if (!spectrum || points < MIN_POINTS || (modulus & 1) == 0) {
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
            boolean vectorTransform = r.transform().usesVectorApi();
            HadamardTransform transform = r.transform().create();
            int[] x = new int[LENGTH];
            // Only where the real transform is at least twice as long: never more work than the run itself.
            int[] big = vectorTransform || points < 2 * TRANSFORM_LENGTH ? null : new int[TRANSFORM_LENGTH];
            for (int i = 0; i < CALLS && !stop; i++) {
                fill(x, i, modulus);
                if (vectorTransform) {
                    transform.transform(x, ctx); // entries stay in [0, M)
                }
                if (power != null) {
                    power.sum(x, count, ctx);
                }
                if (big != null && i % (CALLS / TRANSFORM_CALLS) == 0) {
                    fill(big, i, modulus);
                    transform.transform(big, ctx);
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
