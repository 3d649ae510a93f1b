package dev.nimbench.pipeline;

import dev.nimbench.config.ResolvedConfiguration;

/**
 * A prepared, validated instance that can be run once or repeatedly; everything it needs has
 * been allocated when it exists. Closing it releases its thread pool.
 */
public interface Solver extends AutoCloseable {

    /** The configuration resolved for this instance (its warning, if any, is for the user). */
    ResolvedConfiguration resolved();

    /** Runs every stage once. */
    Result run();

    /**
     * Warm-up until the JVM has settled ({@link Repeats}), then {@code repeats} measured runs; the
     * result carries the per-stage medians of the measured runs (for an even count, the mean of
     * the two middle values).
     */
    default Result runRepeated(int repeats) {
        return Repeats.run(this, repeats).medians();
    }

    @Override
    void close();
}
