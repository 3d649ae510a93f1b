package dev.nimbench.registry;

import java.lang.reflect.InvocationTargetException;

/**
 * Whether the incubating Vector API ({@code jdk.incubator.vector}) is in this JVM, and the one
 * place that instantiates Vector API classes ({@value #SIMD_PACKAGE}). Those classes are loaded by
 * name so that nothing else links against incubator types: a JVM started without {@code
 * --add-modules jdk.incubator.vector} can still run every scalar variant. It sits beside the
 * registry, at the bottom: the registries name the simd classes by string and load
 * them here, so no stage package imports {@code simd}, and {@code simd} builds on the stages'
 * interfaces only.
 */
public final class VectorSupport {

    /** The fix users need, quoted in every error and warning about the missing module. */
    public static final String FIX = "start the JVM with --add-modules jdk.incubator.vector";

    /** The package of every Vector API class. */
    public static final String SIMD_PACKAGE = "dev.nimbench.simd";

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
     * A new instance of the named class in this package through its public constructor that
     * takes as many {@code String}s as {@code arguments} has before its first {@code null} (none:
     * the no-argument constructor), e.g. a fused combine's lane kernel and transform kernels, where
     * {@code null} means the class's default.
     *
     * @throws IllegalStateException when the module is absent (callers check {@link #isPresent()}
     *     first and report the variant as unavailable), or with the constructor's own message when
     *     it refuses (e.g. a kernel this JDK lacks)
     */
    public static <T> T instantiate(String simpleName, Class<T> type, String... arguments) {
        if (!PRESENT) {
            throw new IllegalStateException(unavailableReason());
        }
        try {
            Class<?> c = Class.forName(SIMD_PACKAGE + "." + simpleName);
            int count = 0;
            while (count < arguments.length && arguments[count] != null) {
                count++;
            }
            Class<?>[] types = new Class<?>[count];
            java.util.Arrays.fill(types, String.class);
            Object o = c.getDeclaredConstructor(types).newInstance((Object[]) java.util.Arrays.copyOf(arguments, count));
            return type.cast(o);
        } catch (ClassNotFoundException | NoSuchMethodException | InstantiationException
                | IllegalAccessException e) {
            throw new IllegalStateException("cannot load Vector API class " + simpleName, e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("cannot create Vector API class " + simpleName, e.getCause());
        }
    }

    /** The preferred int species' description, e.g. {@code Species[int, 16, S_512_BIT]}, or "absent". */
    public static String preferredSpecies() {
        if (!PRESENT) {
            return "absent";
        }
        return instantiate("SpeciesInfo", Object.class).toString();
    }
}
