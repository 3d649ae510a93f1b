package dev.nimbench.registry;

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

    /** Whether this JVM can run the variant (Vector API variants need {@code jdk.incubator.vector}). */
    default boolean isAvailable() {
        return true;
    }

    /** Why {@link #isAvailable()} is false, with the fix; {@code null} when available. */
    default String unavailableReason() {
        return null;
    }
}
