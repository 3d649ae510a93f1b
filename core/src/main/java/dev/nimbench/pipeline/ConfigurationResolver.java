package dev.nimbench.pipeline;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Turns a {@link Configuration} (ids, some unset) into the variants that run. An id that is set
 * must be registered and available ({@link Registry#require}); an explicitly chosen Vector API
 * variant without {@code jdk.incubator.vector} is therefore an error. An unset stage gets its
 * default ({@link Defaults}); when a default Vector API variant is unavailable, the next scalar
 * one runs instead and {@link ResolvedConfiguration#warning()} says so in one line.
 */
public final class ConfigurationResolver {

    private ConfigurationResolver() {
    }

    /**
     * The variants for this problem and modulus.
     *
     * @throws IllegalArgumentException naming the bad id (and the valid ones) or the mismatch
     */
    public static ResolvedConfiguration resolve(Configuration config, Problem problem, int modulus) {
        Fallbacks skipped = new Fallbacks();
        for (var entry : config.distribution().entrySet()) {
            DistributionVariant.require(entry.getKey(), entry.getValue());
        }
        DistributionVariant distribution = config.distributionFor(problem) != null
                ? DistributionVariant.require(problem, config.distributionFor(problem))
                : pick(DistributionVariant.class, "distribution", Defaults.distribution(problem),
                        d -> d.problem() == problem, skipped);
        if (distribution == null) {
            throw new IllegalArgumentException("no distribution variant for " + problem.id() + " is registered");
        }

        CombineVariant combine = config.combine() != null
                ? Registry.require(CombineVariant.class, "combine", config.combine())
                : pick(CombineVariant.class, "combine",
                        (modulus & 1) != 0 ? Defaults.COMBINE_ODD : Defaults.COMBINE_EVEN,
                        c -> fusesWith(c, distribution), skipped);
        boolean spectrum = combine != null && combine.create().usesSpectrum();

        checkNone("transform", config.transform(), spectrum, combine);
        checkNone("power", config.power(), spectrum, combine);
        TransformVariant transform = isSet(config.transform())
                ? Registry.require(TransformVariant.class, "transform", config.transform())
                : spectrum ? pick(TransformVariant.class, "transform", Defaults.TRANSFORM, t -> true, skipped) : null;
        MultiplierVariant multiplier = config.multiplier() != null
                ? Registry.require(MultiplierVariant.class, "multiplier", config.multiplier())
                : pick(MultiplierVariant.class, "multiplier", Defaults.MULTIPLIER, m -> accepts(m, modulus), skipped);
        PowerVariant power = isSet(config.power())
                ? Registry.require(PowerVariant.class, "power", config.power())
                : spectrum ? pick(PowerVariant.class, "power", Defaults.POWER, p -> true, skipped) : null;

        if (combine == null) {
            throw new IllegalArgumentException("no combine variant is registered");
        }
        if (spectrum && transform == null) {
            throw new IllegalArgumentException("no transform variant is registered; the " + combine.id()
                    + " combine needs one");
        }
        if (spectrum && power == null) {
            throw new IllegalArgumentException("no power variant is registered; the " + combine.id()
                    + " combine needs one");
        }
        if (multiplier == null) {
            throw new IllegalArgumentException("no multiplier variant is registered that accepts modulus " + modulus);
        }
        int threads = config.threads() != null ? config.threads() : Defaults.threads();
        return new ResolvedConfiguration(problem, distribution, transform, multiplier, power, combine, threads,
                skipped.warning());
    }

    /** Whether a transform or power id names a variant ({@link Configuration#NONE} does not). */
    private static boolean isSet(String id) {
        return id != null && !id.equals(Configuration.NONE);
    }

    /** "none" (what a run reports for an unused stage) is accepted back only where the stage is unused. */
    private static void checkNone(String stage, String id, boolean spectrum, CombineVariant combine) {
        if (Configuration.NONE.equals(id) && spectrum) {
            throw new IllegalArgumentException(stage + " 'none' is valid only with a combine that does not use it;"
                    + " the " + combine.id() + " combine needs a " + stage + " variant");
        }
    }

    /** Default variants passed over because they are unavailable, and why. */
    private static final class Fallbacks {
        private final List<String> swaps = new ArrayList<>();
        private String reason;

        void add(String stage, Variant chosen, Variant unavailable) {
            swaps.add(stage + " '" + chosen.id() + "' instead of '" + unavailable.id() + "'");
            if (reason == null) {
                reason = unavailable.unavailableReason();
            }
        }

        String warning() {
            return swaps.isEmpty() ? null
                    : "warning: the default configuration runs " + String.join(", ", swaps) + " because " + reason;
        }
    }

    /**
     * The first preferred id that is registered, available and passes {@code fits}; else the
     * first registry constant that is available and fits. Preferred variants passed over only
     * because they are unavailable are described in {@code skipped}.
     */
    /**
     * Whether a default combine can run with this distribution: one that fuses the distribution
     * needs a range writer. An unavailable combine "fits" here, so that {@link #pick} reports it
     * as unavailable (one warning) instead of silently passing it over.
     */
    private static boolean fusesWith(CombineVariant c, DistributionVariant distribution) {
        return !c.isAvailable() || !c.create().requiresRangeDistribution()
                || distribution.hasRangeWriter();
    }

    private static <E extends Enum<E> & Variant> E pick(Class<E> registry, String stage, List<String> preferred,
            Predicate<E> fits, Fallbacks skipped) {
        List<E> unavailable = new ArrayList<>();
        E chosen = null;
        for (String id : preferred) {
            E variant = find(registry, id, fits);
            if (variant == null) {
                continue;
            }
            if (!variant.isAvailable()) {
                unavailable.add(variant);
                continue;
            }
            chosen = variant;
            break;
        }
        if (chosen == null) {
            for (E variant : Registry.available(registry)) {
                if (fits.test(variant)) {
                    chosen = variant;
                    break;
                }
            }
        }
        if (!unavailable.isEmpty() && chosen != null) {
            skipped.add(stage, chosen, unavailable.get(0));
        }
        return chosen;
    }

    /** The constant with this id that fits (distribution ids are unique only within a problem). */
    private static <E extends Enum<E> & Variant> E find(Class<E> registry, String id, Predicate<E> fits) {
        for (E e : registry.getEnumConstants()) {
            if (e.id().equals(id) && fits.test(e)) {
                return e;
            }
        }
        return null;
    }

    private static boolean accepts(MultiplierVariant variant, int modulus) {
        try {
            variant.create(modulus);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
