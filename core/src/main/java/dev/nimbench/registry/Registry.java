package dev.nimbench.registry;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Look-ups in a stage's registry enum, with errors that name the bad id and the valid ones. */
public final class Registry {

    private Registry() {
    }

    /** Every constant of the registry, in declaration order. */
    public static <E extends Enum<E> & Variant> List<E> all(Class<E> registry) {
        return List.of(registry.getEnumConstants());
    }

    /** The constants this JVM can run. */
    public static <E extends Enum<E> & Variant> List<E> available(Class<E> registry) {
        return Arrays.stream(registry.getEnumConstants()).filter(Variant::isAvailable).collect(Collectors.toList());
    }

    /**
     * The variant with this id.
     *
     * @throws IllegalArgumentException naming the id and the valid ids when there is none, or
     *     naming the reason when the variant exists but cannot run in this JVM
     */
    public static <E extends Enum<E> & Variant> E require(Class<E> registry, String stage, String id) {
        for (E e : registry.getEnumConstants()) {
            if (e.id().equals(id)) {
                if (!e.isAvailable()) {
                    throw new IllegalArgumentException(
                            stage + " variant '" + id + "' is unavailable: " + e.unavailableReason());
                }
                return e;
            }
        }
        throw new IllegalArgumentException("unknown " + stage + " variant '" + id + "'; valid: " + ids(registry));
    }

    /** Comma-separated ids of every constant. */
    public static <E extends Enum<E> & Variant> String ids(Class<E> registry) {
        return Arrays.stream(registry.getEnumConstants()).map(Variant::id).collect(Collectors.joining(", "));
    }
}
