package dev.nimbench.registry;

import java.util.function.Supplier;

/**
 * Whether the incubating Vector API ({@code jdk.incubator.vector}) is in this JVM, and the one
 * gate that every Vector API object is created through: a JVM started without {@code
 * --add-modules jdk.incubator.vector} can still run every scalar variant. The registries hand
 * {@link #create} a lambda that names the class ({@code () -> new VectorHadamardTransform()}),
 * so the compiler checks it; the class is loaded, and linked against incubator types, only
 * when the lambda runs, after the check here. It sits beside the registry, at the bottom.
 */
public final class VectorSupport {

    /** The fix users need, quoted in every error and warning about the missing module. */
    public static final String FIX = "start the JVM with --add-modules jdk.incubator.vector";

    private static final boolean PRESENT =
            ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

    private VectorSupport() {
    }

    /** True when {@code jdk.incubator.vector} is resolved in the boot layer. */
    public static boolean isPresent() {
        return PRESENT;
    }

    /** {@code null} when present, else the reason and fix. */
    public static String unavailableReason() {
        return PRESENT ? null : "the Vector API module jdk.incubator.vector is not in this JVM; " + FIX;
    }

    /**
     * What {@code factory} creates: a Vector API object, once the module is known to be here.
     *
     * @throws IllegalStateException when the module is absent (callers check {@link #isPresent()}
     *     first and report the variant as unavailable), or with the constructor's own message when
     *     it refuses (e.g. a kernel this JDK lacks)
     */
    public static <T> T create(Supplier<? extends T> factory) {
        if (!PRESENT) {
            throw new IllegalStateException(unavailableReason());
        }
        return factory.get();
    }
}
