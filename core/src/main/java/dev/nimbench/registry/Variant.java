package dev.nimbench.registry;

/**
 * One registered implementation of a stage. Every stage has an enum of these (its registry); the
 * CLI, the tests and the JMH {@code @Param}s iterate over that enum, so a new variant is one new
 * constant.
 *
 * <p><b>Why each registry enum repeats its id/description/complexity fields.</b> The five enums
 * ({@code DistributionVariant}, {@code TransformVariant}, {@code MultiplierVariant},
 * {@code PowerVariant}, {@code CombineVariant}) each hold the same three strings and three
 * one-line getters. A Java enum cannot extend a class, so the only shared piece would be a holder
 * (a record of the three strings, with default methods here reading it): it would save about ten
 * lines per enum, but each constant would then be declared as
 * {@code X(new VariantInfo("id", "O(..)", "..."), ...)}, and the enums' differing rest
 * (a problem per distribution, a factory per multiplier, a vector class name per transform and
 * power, overridden methods per combine) stays where it is. The repetition is plain, checked
 * by the compiler through this interface, and keeps every constant readable as one table row, so
 * it is kept: a shared piece is wanted only where it would not hide the variants.
 */
public interface Variant {

    /** Stable kebab-case id, used on the command line, in configuration files and in reports. */
    String id();

    /** One line: the technique. */
    String description();

    /** Theoretical cost in the stage's size parameter, e.g. {@code "O(P log P)"}. */
    String complexity();

    /** Whether the variant is Vector API code (a stage's {@code vector} subpackage, created through {@link VectorSupport#create}). */
    default boolean usesVectorApi() {
        return false;
    }

    /**
     * The oldest JDK feature release the variant runs on: the project's 17 unless it needs a newer
     * API (e.g. {@code VectorOperators.UMIN}, JDK 24).
     */
    default int minimumJdk() {
        return 17;
    }

    /**
     * Whether this JVM can run the variant: a Vector API variant needs {@code jdk.incubator.vector},
     * and every variant a JDK at least {@link #minimumJdk()}. One rule for every registry, so no
     * variant can pass silently where its code cannot load.
     */
    default boolean isAvailable() {
        return (!usesVectorApi() || VectorSupport.isPresent()) && Runtime.version().feature() >= minimumJdk();
    }

    /** Why {@link #isAvailable()} is false, with the fix; {@code null} when available. */
    default String unavailableReason() {
        if (isAvailable()) {
            return null;
        }
        if (usesVectorApi() && !VectorSupport.isPresent()) {
            return VectorSupport.unavailableReason();
        }
        return "needs JDK " + minimumJdk() + " or later; this JVM is JDK " + Runtime.version().feature()
                + ": run it with a JDK " + minimumJdk() + "+ java (for the benchmarks: -Djmh.jvm=...)";
    }
}
