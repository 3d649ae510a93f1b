package dev.nimbench.simd;

import dev.nimbench.registry.VectorSupport;

/**
 * Whether this JVM's Vector API has the unsigned lane minimum {@code VectorOperators.UMIN}
 * (JDK 24 and later, JEP 489). Checked by name, without linking against incubator types, so that
 * the registries can ask in any JVM.
 */
public final class UnsignedMinSupport {

    /** The first JDK whose Vector API has {@code VectorOperators.UMIN}. */
    public static final int MIN_JDK = 24;

    /** Why a variant that needs it cannot run here, with the fix. */
    public static final String REASON = "needs VectorOperators.UMIN, which the Vector API has from JDK " + MIN_JDK
            + " on; this JVM is JDK " + Runtime.version().feature() + ": run it on JDK " + MIN_JDK
            + " or later (e.g. -Djmh.jvm=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java for the benchmarks)";

    private static final boolean PRESENT = lookUp();

    private UnsignedMinSupport() {
    }

    private static boolean lookUp() {
        if (!VectorSupport.isPresent()) {
            return false;
        }
        try {
            Class.forName("jdk.incubator.vector.VectorOperators").getField("UMIN");
            return true;
        } catch (ClassNotFoundException | NoSuchFieldException e) {
            return false;
        }
    }

    /** True when {@code jdk.incubator.vector} is present and has {@code VectorOperators.UMIN}. */
    public static boolean isPresent() {
        return PRESENT;
    }
}
