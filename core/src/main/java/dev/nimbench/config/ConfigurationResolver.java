package dev.nimbench.config;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.registry.VectorSupport;
import dev.nimbench.transform.TransformVariant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Turns a {@link Configuration} (ids, some unset) into the variants that run. An id that is set
 * must be registered and available ({@link Registry#require}); an explicitly chosen Vector API
 * variant without {@code jdk.incubator.vector} is therefore an error. An unset stage gets its
 * default ({@link Defaults}); when a default Vector API variant is unavailable, the next scalar
 * one runs instead and {@link ResolvedConfiguration#warning()} says so in one line.
 *
 * <p><b>An explicit choice is honoured or refused, never ignored.</b> A set id (command line or
 * {@code --config} file, they are merged before this) must take part in the run:
 * <ul>
 *   <li>a transform or power with no combine set: the default combine is one that uses them
 *       (the fused combines run their own transform and power sum, so {@code wht} is chosen);
 *       with an even modulus no such combine exists and the choice is refused;</li>
 *   <li>a transform or power together with a combine that does not use them: refused, naming both;</li>
 *   <li>a combine that fuses the distribution with no distribution set: the default distribution
 *       is one with a range writer (the pipeline refuses a distribution without one, naming both);</li>
 *   <li>a multiplier: at least one stage must compute with it ({@link DistributionVariant#usesMultiplier},
 *       {@link PowerVariant#usesMultiplier}, {@link CombineVariant#usesMultiplier}). When none of the
 *       set stages does, the unset ones are chosen to use it (the distribution first, then a
 *       combine that runs the power stage, then the power sum); when every stage is set and none
 *       uses it, it is refused, naming the multiplier and the stages. A run whose stages all do their
 *       own arithmetic reports its multiplier as {@code none} ({@link ResolvedConfiguration#asRun}),
 *       and {@code none} is accepted back only there, so a run's configuration can be fed back.</li>
 * </ul>
 * Only unset stages move: a default never overrides what was set.
 *
 * <p><b>Layers.</b> The user's flags are the only explicit choices. Below them come the
 * {@linkplain ConfigSource layers} ({@code --config}'s entry, then the measured entry built into
 * the jar), then the built-in defaults ({@link Defaults}). A layer never conflicts with the
 * flags: for each stage the flags leave unset, its id is tried first, and it is passed over (the
 * next layer, then the defaults, are tried) when it does not fit the explicit choices, the
 * modulus or the stages already chosen. {@link ResolvedConfiguration#sources()} names, per stage,
 * which source set it. This is the one place where a configuration is resolved.
 */
public final class ConfigurationResolver {

    private ConfigurationResolver() {
    }

    /**
     * The variants for this problem and modulus.
     *
     * @throws IllegalArgumentException naming the bad id (and the valid ones) or the two choices
     *     that cancel each other
     */
    public static ResolvedConfiguration resolve(Configuration config, Problem problem, int modulus) {
        return resolve(config, List.of(), problem, modulus);
    }

    /** The source named for a stage that the user's own flag set. */
    public static final String FLAG = "command line";

    /**
     * The variants for this problem and modulus: {@code user}'s choices (the only explicit ones),
     * every other stage from the first of {@code layers} whose id fits, else the built-in defaults.
     *
     * @throws IllegalArgumentException naming the bad id (and the valid ones) or the two user
     *     choices that cancel each other
     */
    public static ResolvedConfiguration resolve(Configuration config, List<ConfigSource> layers, Problem problem,
            int modulus) {
        Fallbacks skipped = new Fallbacks();
        Map<String, String> sources = new LinkedHashMap<>();
        String defaultsRule = Defaults.source();
        for (var entry : config.distribution().entrySet()) {
            DistributionVariant.require(entry.getKey(), entry.getValue());
        }
        boolean odd = (modulus & 1) != 0;
        DistributionVariant givenDistribution = config.distributionFor(problem) != null
                ? DistributionVariant.require(problem, config.distributionFor(problem)) : null;
        CombineVariant givenCombine = config.combine() != null
                ? Registry.require(CombineVariant.class, "combine", config.combine()) : null;
        TransformVariant givenTransform = isSet(config.transform())
                ? Registry.require(TransformVariant.class, "transform", config.transform()) : null;
        PowerVariant givenPower = isSet(config.power())
                ? Registry.require(PowerVariant.class, "power", config.power()) : null;
        MultiplierVariant givenMultiplier = isSet(config.multiplier())
                ? Registry.require(MultiplierVariant.class, "multiplier", config.multiplier()) : null;
        if (givenCombine != null) {
            checkNone("transform", config.transform(), givenCombine);
            checkNone("power", config.power(), givenCombine);
            refuseUnused("transform", givenTransform, givenCombine);
            refuseUnused("power", givenPower, givenCombine);
        }
        boolean wantsSpectrum = givenTransform != null || givenPower != null;
        // Whether the given multiplier still needs a stage that computes with it.
        boolean needMultiplier = givenMultiplier != null
                && !(givenDistribution != null && givenDistribution.usesMultiplier())
                && !(givenCombine != null && givenCombine.usesMultiplier())
                && !(givenPower != null && givenPower.usesMultiplier());

        DistributionVariant distribution = givenDistribution;
        if (distribution != null) {
            sources.put("distribution", FLAG);
        } else {
            boolean needsRange = givenCombine != null && givenCombine.isAvailable()
                    && givenCombine.requiresRangeDistribution();
            Predicate<DistributionVariant> fits = d -> d.problem() == problem && (!needsRange || d.hasRangeWriter());
            if (needMultiplier) {
                distribution = pickPreferring(DistributionVariant.class, "distribution",
                        candidates(layers, c -> c.distributionFor(problem), Defaults.distribution(problem), defaultsRule),
                        fits, DistributionVariant::usesMultiplier, skipped, sources);
            }
            if (distribution == null) {
                distribution = pick(DistributionVariant.class, "distribution",
                        candidates(layers, c -> c.distributionFor(problem), Defaults.distribution(problem), defaultsRule),
                        fits, skipped, sources);
            }
            if (distribution == null) {
                distribution = pick(DistributionVariant.class, "distribution",
                        candidates(layers, c -> c.distributionFor(problem), Defaults.distribution(problem), defaultsRule),
                        d -> d.problem() == problem, skipped, sources);
            }
        }
        if (distribution == null) {
            throw new IllegalArgumentException("no distribution variant for " + problem.id() + " is registered");
        }
        needMultiplier &= !distribution.usesMultiplier();

        CombineVariant combine = givenCombine;
        if (combine != null) {
            sources.put("combine", FLAG);
        } else {
            DistributionVariant d = distribution;
            boolean wantsNoSpectrum = Configuration.NONE.equals(config.transform())
                    || Configuration.NONE.equals(config.power());
            boolean multiplierUser = needMultiplier;
            Predicate<CombineVariant> fits = c -> fusesWith(c, d) && (odd || !requiresOddModulus(c))
                    && (!wantsSpectrum || c.usesSpectrum()) && (!wantsNoSpectrum || !c.usesSpectrum())
                    && (!multiplierUser || c.usesSpectrum() || c.usesMultiplier());
            combine = pick(CombineVariant.class, "combine", candidates(layers, Configuration::combine,
                    odd ? Defaults.COMBINE_ODD : Defaults.COMBINE_EVEN, defaultsRule), fits, skipped, sources);
            if (combine == null && wantsSpectrum) {
                throw new IllegalArgumentException(stageNames(givenTransform, givenPower)
                        + " needs a combine that uses it (wht), and wht divides by P = 2^L: modulus = " + modulus
                        + " is even; use an odd modulus or drop the option");
            }
            if (combine != null) {
                checkNone("transform", config.transform(), combine);
                checkNone("power", config.power(), combine);
            }
        }
        if (combine == null) {
            throw new IllegalArgumentException("no combine variant is registered");
        }
        boolean spectrum = combine.usesSpectrum();
        needMultiplier &= !combine.usesMultiplier();

        TransformVariant transform = givenTransform;
        if (transform != null) {
            sources.put("transform", FLAG);
        } else if (spectrum) {
            transform = pick(TransformVariant.class, "transform",
                    candidates(layers, Configuration::transform, Defaults.TRANSFORM, defaultsRule), t -> true, skipped,
                    sources);
        }
        PowerVariant power = givenPower;
        if (power != null) {
            sources.put("power", FLAG);
        } else if (spectrum) {
            List<Candidate> powers = candidates(layers, Configuration::power, Defaults.POWER, defaultsRule);
            if (needMultiplier) {
                power = pickPreferring(PowerVariant.class, "power", powers, p -> true,
                        PowerVariant::usesMultiplier, skipped, sources);
            }
            if (power == null) {
                power = pick(PowerVariant.class, "power", powers, p -> true, skipped, sources);
            }
        }
        needMultiplier &= !(power != null && power.usesMultiplier());
        if (needMultiplier) {
            throw new IllegalArgumentException("multiplier '" + givenMultiplier.id() + "' would not be used: "
                    + "distribution '" + distribution.id() + "'"
                    + (spectrum && power != null ? ", power '" + power.id() + "'" : "")
                    + " and combine '" + combine.id() + "' do their own modular arithmetic; choose a variant that"
                    + " uses it (e.g. --power scalar with --combine wht) or drop --multiplier");
        }
        if (Configuration.NONE.equals(config.multiplier())) {
            String user = distribution.usesMultiplier() ? "distribution '" + distribution.id() + "'"
                    : combine.usesMultiplier() ? "combine '" + combine.id() + "'"
                    : spectrum && power != null && power.usesMultiplier() ? "power '" + power.id() + "'" : null;
            if (user != null) {
                throw new IllegalArgumentException("multiplier 'none' is valid only where no stage computes with a"
                        + " multiplier; " + user + " does: name one (valid: " + Registry.ids(MultiplierVariant.class)
                        + ")");
            }
        }
        // With "none" (no stage computes with one) the default still does the final product by P^-1.
        MultiplierVariant multiplier = givenMultiplier;
        if (multiplier != null) {
            sources.put("multiplier", FLAG);
        } else {
            multiplier = pick(MultiplierVariant.class, "multiplier",
                    candidates(layers, Configuration::multiplier, Defaults.MULTIPLIER, defaultsRule),
                    m -> m.accepts(modulus), skipped, sources);
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
        int threads;
        if (config.threads() != null) {
            threads = config.threads();
            sources.put("threads", FLAG);
        } else {
            ConfigSource from = layers.stream().filter(l -> l.config().threads() != null).findFirst().orElse(null);
            threads = from != null ? from.config().threads() : Defaults.threads();
            sources.put("threads", from != null ? from.description() : "this machine's cores");
        }
        if (!spectrum) {
            sources.remove("transform");
            sources.remove("power");
        }
        return new ResolvedConfiguration(problem, distribution, transform, multiplier, power, combine, threads,
                skipped.warning(), skipped.gaveWay(), Map.copyOf(sources));
    }

    /** Whether a transform or power id names a variant ({@link Configuration#NONE} does not). */
    private static boolean isSet(String id) {
        return id != null && !id.equals(Configuration.NONE);
    }

    /** A transform or power given beside a combine that runs its own (or none) is refused, naming both. */
    private static void refuseUnused(String stage, Variant given, CombineVariant combine) {
        if (given != null && !combine.usesSpectrum()) {
            throw new IllegalArgumentException(stage + " '" + given.id() + "' would not be used: the " + combine.id()
                    + " combine " + (combine.usesMultiplier() ? "uses no " + stage + " stage"
                            : "runs its own " + stage) + "; drop --" + stage + " or use --combine wht");
        }
    }

    /** Whether the combine divides by P (odd modulus only); an unavailable one counts as needing it. */
    private static boolean requiresOddModulus(CombineVariant c) {
        return !c.isAvailable() || c.requiresOddModulus();
    }

    /** "transform 'x'", "power 'y'" or both, for a one-line refusal. */
    private static String stageNames(TransformVariant transform, PowerVariant power) {
        String t = transform != null ? "transform '" + transform.id() + "'" : null;
        String p = power != null ? "power '" + power.id() + "'" : null;
        return t != null && p != null ? t + " with " + p : t != null ? t : p;
    }

    /** "none" (what a run reports for an unused stage) is accepted back only where the stage is unused. */
    private static void checkNone(String stage, String id, CombineVariant combine) {
        if (Configuration.NONE.equals(id) && combine.usesSpectrum()) {
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

        /** Whether some preferred variant gave way because it is unavailable. */
        boolean gaveWay() {
            return !swaps.isEmpty();
        }

        /**
         * One line: the swaps and why; without swaps, when the Vector API module is missing, that it
         * is (every run without it says so once, whichever layer chose its stages).
         */
        String warning() {
            if (swaps.isEmpty()) {
                return VectorSupport.isPresent() ? null
                        : "warning: only scalar variants can run: " + VectorSupport.unavailableReason();
            }
            return "warning: the configuration runs " + String.join(", ", swaps) + " because " + reason;
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
        return !c.isAvailable() || !c.requiresRangeDistribution()
                || distribution.hasRangeWriter();
    }

    private static <E extends Enum<E> & Variant> E pick(Class<E> registry, String stage, List<Candidate> preferred,
            Predicate<E> fits, Fallbacks skipped, Map<String, String> sources) {
        List<E> unavailable = new ArrayList<>();
        E chosen = null;
        String source = null;
        for (Candidate candidate : preferred) {
            E variant = find(registry, candidate.id(), fits);
            if (variant == null) {
                continue;
            }
            if (!variant.isAvailable()) {
                unavailable.add(variant);
                continue;
            }
            chosen = variant;
            source = candidate.source();
            break;
        }
        if (chosen == null) {
            for (E variant : Registry.available(registry)) {
                if (fits.test(variant)) {
                    chosen = variant;
                    source = "the first available " + stage + " that fits the other stages";
                    break;
                }
            }
        }
        if (!unavailable.isEmpty() && chosen != null) {
            skipped.add(stage, chosen, unavailable.get(0));
        }
        if (chosen != null) {
            sources.put(stage, source);
        }
        return chosen;
    }

    /** A variant id to try for an unset stage, and the source (layer or defaults rule) that names it. */
    private record Candidate(String id, String source) {
    }

    /**
     * The ids to try for an unset stage, in order: each layer's (where it names one; {@code none}
     * names none), then the built-in defaults.
     */
    private static List<Candidate> candidates(List<ConfigSource> layers, Function<Configuration, String> field,
            List<String> defaults, String defaultsRule) {
        List<Candidate> out = new ArrayList<>();
        for (ConfigSource layer : layers) {
            String id = field.apply(layer.config());
            if (isSet(id)) {
                out.add(new Candidate(id, layer.description()));
            }
        }
        for (String id : defaults) {
            out.add(new Candidate(id, defaultsRule));
        }
        return out;
    }

    /**
     * As {@link #pick}, restricted to variants that also pass {@code preferred}; {@code null} when
     * none does (the caller then picks without the preference).
     */
    private static <E extends Enum<E> & Variant> E pickPreferring(Class<E> registry, String stage,
            List<Candidate> preferred, Predicate<E> fits, Predicate<E> preference, Fallbacks skipped,
            Map<String, String> sources) {
        return pick(registry, stage, preferred, fits.and(preference), skipped, sources);
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
}
