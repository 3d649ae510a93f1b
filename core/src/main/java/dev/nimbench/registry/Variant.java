package dev.nimbench.registry;

import dev.nimbench.simd.VectorSupport;

/**
 * One registered implementation of a stage. Every stage has an enum of these (its registry); the
 * CLI, the tests and the JMH {@code @Param}s iterate over that enum, so a new variant is one new
 * constant.
 */
public interface Variant {

    /** Stable kebab-case id, used on the command line, in configuration files and in reports. */
    String id();

    /** One line: the technique. */
    String description();

    /** Theoretical cost in the stage's size parameter, e.g. {@code "O(P log P)"}. */
    String complexity();

    /** Whether the variant is Vector API code (in {@code dev.nimbench.simd}, loaded by name). */
    default boolean usesVectorApi() {
        return false;
    }

    /**
     * Whether this JVM can run the variant: a Vector API variant needs {@code jdk.incubator.vector}.
     * One rule for every registry, so no variant can pass silently where its code cannot load.
     */
    default boolean isAvailable() {
        return !usesVectorApi() || VectorSupport.isPresent();
    }

    /** Why {@link #isAvailable()} is false, with the fix; {@code null} when available. */
    default String unavailableReason() {
        return isAvailable() ? null : VectorSupport.unavailableReason();
    }
}
