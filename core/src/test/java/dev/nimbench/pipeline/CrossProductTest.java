package dev.nimbench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.config.Configuration;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.distribution.RangeHistogram;
import dev.nimbench.distribution.cardstacking.GameTreeDistribution;
import dev.nimbench.distribution.cardstacking.PerKTailSumsDistribution;
import dev.nimbench.distribution.divisorgame.BruteForceDistribution;
import dev.nimbench.exact.ExactPipeline;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.VectorSupport;
import dev.nimbench.transform.TransformVariant;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every configuration in the cross product distribution × transform × multiplier × power ×
 * combine × threads {1, 2} × modulus (one odd, one even per problem) gives the exact BigInteger
 * counts on small instances. Combinations that are invalid by contract are skipped by ONE rule,
 * {@link #skipReason}; the test checks that the pipeline refuses exactly the combinations the
 * rule calls invalid (with a one-line IllegalArgumentException) and runs every other one.
 */
class CrossProductTest {

    /** Odd modulus first (a prime above every n used), then an even one (not prime). */
    private static final Map<Problem, long[]> MODULI = Map.of(
            Problem.CARD_STACKING, new long[] {1_000_000_007L, 1_000_000_006L},
            Problem.DIVISOR_GAME, new long[] {987_654_321L, 1L << 30});
    /** (n, count) instances per problem; n stays within every brute-force variant's limit. */
    private static final Map<Problem, int[][]> INSTANCES = Map.of(
            Problem.CARD_STACKING, new int[][] {{1, 3}, {3, 2}, {7, 0}, {9, 3}, {12, 4}},
            Problem.DIVISOR_GAME, new int[][] {{2, 5}, {10, 5}, {16, 0}, {60, 3}, {100, 2}});
    private static final int[] THREADS = {1, 2};

    private static final Map<String, BigInteger> EXACT = new HashMap<>();

    /** One point of the cross product. */
    record Combo(DistributionVariant distribution, TransformVariant transform, MultiplierVariant multiplier,
            PowerVariant power, CombineVariant combine, int threads, long modulus) {

        /** Transform and power are "none" under a combine that does not use them (a given id would be refused). */
        Configuration configuration() {
            boolean spectrum = combine.usesSpectrum();
            return new Configuration(Map.of(distribution.problem(), distribution.id()),
                    spectrum ? transform.id() : Configuration.NONE, multiplier.id(),
                    spectrum ? power.id() : Configuration.NONE, combine.id(), threads);
        }

        /** Whether some stage computes with the multiplier (a given multiplier must be used). */
        boolean multiplierUsed() {
            return distribution.usesMultiplier() || combine.usesMultiplier()
                    || (combine.usesSpectrum() && power.usesMultiplier());
        }

        @Override
        public String toString() {
            return distribution.problem().id() + "/" + distribution.id() + " " + transform.id() + " "
                    + multiplier.id() + " " + power.id() + " " + combine.id() + " T=" + threads + " M=" + modulus;
        }
    }

    /** Kinds of skip; COLLAPSED combinations run but duplicate another (transform/power are "none"). */
    enum Skip {
        COLLAPSED, ODD_MODULUS_COMBINE, RANGE_DISTRIBUTION, ODD_MODULUS_MULTIPLIER, PRIME_MODULUS_BINOMIALS,
        UNUSED_MULTIPLIER
    }

    /**
     * THE rule. A combination is skipped when
     * <ol>
     * <li>the combine does not use the spectrum (repeated-squaring) and the transform or power is
     *     not its registry's first constant: those stages do not run, so it would only repeat the
     *     combination with the first ones (COLLAPSED);
     * <li>the modulus is even and the combine divides by P = 2^L (wht);
     * <li>the modulus is even and the multiplier works in Montgomery form (R = 2^32 must be
     *     invertible mod M);
     * <li>card-stacking with a distribution that uses binomial tables (every one but brute-force)
     *     and a modulus that is not a prime above n.
     * </ol>
     */
    static Skip skipReason(Combo c) {
        if (!c.combine().usesSpectrum() && (c.transform().ordinal() != 0 || c.power().ordinal() != 0)) {
            return Skip.COLLAPSED;
        }
        boolean even = (c.modulus() & 1) == 0;
        if (even && c.combine().requiresOddModulus()) {
            return Skip.ODD_MODULUS_COMBINE;
        }
        if (c.combine().requiresRangeDistribution() && !(c.distribution().create() instanceof RangeHistogram)) {
            return Skip.RANGE_DISTRIBUTION;
        }
        if (even && c.multiplier().id().contains("montgomery")) {
            return Skip.ODD_MODULUS_MULTIPLIER;
        }
        if (c.distribution().problem() == Problem.CARD_STACKING && !c.distribution().id().equals("brute-force")
                && !BigInteger.valueOf(c.modulus()).isProbablePrime(50)) {
            return Skip.PRIME_MODULUS_BINOMIALS;
        }
        if (!c.multiplierUsed()) {
            return Skip.UNUSED_MULTIPLIER;
        }
        return null;
    }

    /**
     * THE rule, part two: refusals that depend on the instance size, from each variant's
     * documented limit: the distributions that are slower than O(n log log n) refuse n above
     * their {@code MAX_N}, and a combine refuses P above its registry's {@code maxPoints()}.
     * Null when the size is within every limit. At the sizes of this test it never applies;
     * {@link TargetSizesTest} and {@link TargetSizesCheck} apply it at the target sizes.
     */
    static String sizeLimit(Combo c, int n) {
        Integer maxN = DISTRIBUTION_MAX_N.get(c.distribution());
        if (maxN != null && n > maxN) {
            return c.distribution().id() + " (" + c.distribution().complexity() + ") allows n <= " + maxN;
        }
        int points = Inputs.paddedLength(c.distribution().create().size(n));
        if (points > c.combine().maxPoints()) {
            return c.combine().id() + " allows P <= " + c.combine().maxPoints() + ", n = " + n + " needs P = " + points;
        }
        return null;
    }

    /** The documented size limits (a new variant with a limit must be added here, or its refusal fails the target tests). */
    private static final Map<DistributionVariant, Integer> DISTRIBUTION_MAX_N = Map.of(
            DistributionVariant.CARD_STACKING_BRUTE_FORCE, GameTreeDistribution.MAX_N,
            DistributionVariant.PER_K_TAIL_SUMS, PerKTailSumsDistribution.MAX_N,
            DistributionVariant.DIVISOR_GAME_BRUTE_FORCE, BruteForceDistribution.MAX_N);

    /**
     * Why the contract says the pipeline must refuse this combination at size n, or null when it
     * must run it. A COLLAPSED combination is judged as its representative (the registries' first
     * transform and power, which it runs as).
     */
    static String predictedRefusal(Combo c, int n) {
        String contract = contractRefusal(c);
        return contract != null ? contract : sizeLimit(c, n);
    }

    /** {@link #predictedRefusal} without the size limits: the rule's kind, or null. */
    static String contractRefusal(Combo c) {
        Combo judged = skipReason(c) != Skip.COLLAPSED ? c : new Combo(c.distribution(),
                Registry.all(TransformVariant.class).get(0), c.multiplier(), Registry.all(PowerVariant.class).get(0),
                c.combine(), c.threads(), c.modulus());
        Skip skip = skipReason(judged);
        return skip == null ? null : skip.toString();
    }

    static List<Combo> crossProduct() {
        List<Combo> all = new ArrayList<>();
        for (DistributionVariant d : Registry.all(DistributionVariant.class)) {
            for (TransformVariant t : Registry.available(TransformVariant.class)) {
                for (MultiplierVariant m : Registry.all(MultiplierVariant.class)) {
                    for (PowerVariant p : Registry.all(PowerVariant.class)) {
                        for (CombineVariant c : Registry.available(CombineVariant.class)) {
                            for (int threads : THREADS) {
                                for (long modulus : MODULI.get(d.problem())) {
                                    all.add(new Combo(d, t, m, p, c, threads, modulus));
                                }
                            }
                        }
                    }
                }
            }
        }
        return all;
    }

    @BeforeAll
    static void exactCounts() {
        for (Problem problem : Problem.values()) {
            for (int[] instance : INSTANCES.get(problem)) {
                try (ExactPipeline p = ExactPipeline.prepare(problem, instance[0], instance[1],
                        Configuration.defaults())) {
                    EXACT.put(key(problem, instance), p.run().losing());
                }
            }
        }
    }

    @Test
    void everyVariantIsRunnableInTheTestJvm() {
        assertThat(VectorSupport.isPresent()).as("tests must run with --add-modules jdk.incubator.vector").isTrue();
        // every transform but one that needs a newer JDK than this one (checked in HadamardTransformTest)
        assertThat(Registry.available(TransformVariant.class)).isEqualTo(Registry.all(TransformVariant.class).stream()
                .filter(t -> t.minimumJdk() <= Runtime.version().feature()).collect(java.util.stream.Collectors.toList()));
        assertThat(Registry.available(PowerVariant.class)).isEqualTo(Registry.all(PowerVariant.class));
        assertThat(Registry.available(MultiplierVariant.class)).isEqualTo(Registry.all(MultiplierVariant.class));
        assertThat(Registry.available(CombineVariant.class)).isEqualTo(Registry.all(CombineVariant.class).stream()
                .filter(c -> c.minimumJdk() <= Runtime.version().feature()).collect(java.util.stream.Collectors.toList()));
        assertThat(Registry.all(TransformVariant.class)).isNotEmpty();
        assertThat(Registry.all(PowerVariant.class)).isNotEmpty();
        assertThat(Registry.all(MultiplierVariant.class)).isNotEmpty();
        for (Problem problem : Problem.values()) {
            assertThat(Registry.all(DistributionVariant.class)).anyMatch(d -> d.problem() == problem);
        }
    }

    @Test
    void everyValidConfigurationGivesTheExactCountsAndEveryInvalidOneIsRefused() {
        List<String> failures = new ArrayList<>();
        Map<Skip, Integer> skipped = new HashMap<>();
        Set<String> refusedWithoutRule = new LinkedHashSet<>();
        Set<String> ruleWithoutRefusal = new LinkedHashSet<>();
        int ran = 0;
        for (Combo combo : crossProduct()) {
            Skip skip = skipReason(combo);
            if (skip != null) {
                skipped.merge(skip, 1, Integer::sum);
            }
            if (skip == Skip.COLLAPSED) {
                continue;
            }
            Problem problem = combo.distribution().problem();
            for (int[] instance : INSTANCES.get(problem)) {
                String refusal = predictedRefusal(combo, instance[0]);
                Result result;
                try (Pipeline p = Pipeline.prepare(problem, instance[0], instance[1], combo.modulus(),
                        combo.configuration())) {
                    result = p.run();
                } catch (IllegalArgumentException e) {
                    if (refusal == null) {
                        refusedWithoutRule.add(combo + " n=" + instance[0] + ": " + e.getMessage());
                    }
                    assertThat(e.getMessage()).as(combo.toString()).doesNotContain("\n");
                    continue;
                }
                if (refusal != null) {
                    ruleWithoutRefusal.add(combo + " (" + refusal + ")");
                    continue;
                }
                ran++;
                BigInteger m = BigInteger.valueOf(combo.modulus());
                BigInteger exactLosing = EXACT.get(key(problem, instance));
                if (!result.losing().equals(exactLosing.mod(m))) {
                    failures.add(combo + " n=" + instance[0] + " count=" + instance[1] + ": losing "
                            + result.losing() + ", expected " + exactLosing.mod(m));
                }
                if (!result.config().equals(expectedAsRun(combo))) {
                    failures.add(combo + ": config as run " + result.config());
                }
            }
        }
        assertThat(refusedWithoutRule).as("refused by the pipeline but not skipped by the rule").isEmpty();
        assertThat(ruleWithoutRefusal).as("skipped by the rule but accepted by the pipeline").isEmpty();
        assertThat(failures).as("wrong answers (first 20)").isEmpty();
        assertThat(ran).isGreaterThan(0);
        assertThat(skipped).isEqualTo(expectedSkipCounts());
    }

    @Test
    void collapsedCombinationsRunAsTheirRepresentativeAndAGivenUnusedStageIsRefused() {
        TransformVariant lastTransform = last(Registry.available(TransformVariant.class).toArray(new TransformVariant[0]));
        PowerVariant lastPower = last(PowerVariant.values());
        DistributionVariant d = Registry.all(DistributionVariant.class).get(0);
        Combo collapsed = new Combo(d, lastTransform, MultiplierVariant.values()[0], lastPower,
                CombineVariant.REPEATED_SQUARING, 1, MODULI.get(d.problem())[0]);
        int[] instance = INSTANCES.get(d.problem())[1];
        try (Pipeline p = Pipeline.prepare(d.problem(), instance[0], instance[1], collapsed.modulus(),
                collapsed.configuration())) {
            Result r = p.run();
            assertThat(r.config()).isEqualTo(expectedAsRun(collapsed));
            assertThat(r.losing()).isEqualTo(EXACT.get(key(d.problem(), instance)).mod(
                    BigInteger.valueOf(collapsed.modulus())));
        }
        Configuration given = new Configuration(Map.of(d.problem(), d.id()), lastTransform.id(),
                MultiplierVariant.values()[0].id(), lastPower.id(), CombineVariant.REPEATED_SQUARING.id(), 1);
        assertThatThrownBy(() -> Pipeline.prepare(d.problem(), instance[0], instance[1], collapsed.modulus(), given))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(lastTransform.id()).hasMessageContaining(CombineVariant.REPEATED_SQUARING.id());
    }

    /**
     * The skip counts, computed from the registry sizes independently of the rule's code: the
     * skipped set is exactly the one the contracts imply.
     */
    private static Map<Skip, Integer> expectedSkipCounts() {
        int transforms = Registry.available(TransformVariant.class).size();
        int powers = PowerVariant.values().length;
        int multipliers = MultiplierVariant.values().length;
        int montgomery = (int) Registry.all(MultiplierVariant.class).stream()
                .filter(m -> m.id().contains("montgomery")).count();
        // Combines by (uses the spectrum, needs an odd modulus): wht is (yes, yes),
        // repeated-squaring (no, no), the fused ones (no, yes).
        int spectrumCombines = countCombines(true, true);
        int spectrumAnyModulus = countCombines(true, false);
        int otherOddCombines = countCombines(false, true);
        int otherAnyModulus = countCombines(false, false);
        int otherCombines = otherOddCombines + otherAnyModulus;
        int threads = THREADS.length;
        Map<Skip, Integer> expected = new HashMap<>();
        int distributions = DistributionVariant.values().length;
        int cardBinomial = (int) Registry.all(DistributionVariant.class).stream()
                .filter(d -> d.problem() == Problem.CARD_STACKING && !d.id().equals("brute-force")).count();
        // Every problem has one odd and one even modulus.
        put(expected, Skip.COLLAPSED, distributions * (transforms * powers - 1) * multipliers * otherCombines
                * threads * 2);
        // The even modulus: odd-only combines first (non-spectrum ones only with the first
        // transform and power, the rest collapsed), then Montgomery multipliers, then binomials.
        put(expected, Skip.ODD_MODULUS_COMBINE, distributions * multipliers * threads
                * (transforms * powers * spectrumCombines + otherOddCombines));
        // Combines that fuse the distribution, with a distribution that has no range writer: only
        // the odd modulus and the first transform and power remain (the rest were skipped above).
        int rangeCombines = (int) Registry.available(CombineVariant.class).stream()
                .filter(c -> c.requiresRangeDistribution()).count();
        int withoutRangeWriter = (int) Registry.all(DistributionVariant.class).stream()
                .filter(d -> !(d.create() instanceof RangeHistogram)).count();
        put(expected, Skip.RANGE_DISTRIBUTION, rangeCombines * withoutRangeWriter * multipliers * threads);
        int anyModulusRuns = transforms * powers * spectrumAnyModulus + otherAnyModulus;
        put(expected, Skip.ODD_MODULUS_MULTIPLIER, distributions * montgomery * anyModulusRuns * threads);
        // Card-stacking binomial variants: the even modulus (not prime) with non-Montgomery
        // multipliers under a combine that accepts it (the rest were skipped earlier).
        put(expected, Skip.PRIME_MODULUS_BINOMIALS, cardBinomial * (multipliers - montgomery) * anyModulusRuns
                * threads);
        // The rest, where no stage computes with the multiplier: per (distribution, multiplier,
        // modulus, threads) that passed the rules above, the runs whose combine and power ignore it.
        int unused = 0;
        for (Combo c : crossProduct()) {
            boolean earlier = (!c.combine().usesSpectrum() && (c.transform().ordinal() != 0 || c.power().ordinal() != 0))
                    || ((c.modulus() & 1) == 0 && (c.combine().requiresOddModulus()
                            || c.multiplier().id().contains("montgomery")))
                    || (c.combine().requiresRangeDistribution() && !c.distribution().hasRangeWriter())
                    || (c.distribution().problem() == Problem.CARD_STACKING && !c.distribution().id().equals("brute-force")
                            && !BigInteger.valueOf(c.modulus()).isProbablePrime(50));
            boolean ignored = !c.distribution().usesMultiplier() && !c.combine().usesMultiplier()
                    && !(c.combine().usesSpectrum() && c.power().usesMultiplier());
            if (!earlier && ignored) {
                unused++;
            }
        }
        put(expected, Skip.UNUSED_MULTIPLIER, unused);
        return expected;
    }

    private static int countCombines(boolean usesSpectrum, boolean requiresOddModulus) {
        return (int) Registry.available(CombineVariant.class).stream()
                .filter(c -> c.usesSpectrum() == usesSpectrum
                        && c.requiresOddModulus() == requiresOddModulus)
                .count();
    }

    private static void put(Map<Skip, Integer> map, Skip skip, int count) {
        if (count > 0) {
            map.put(skip, count);
        }
    }

    private static Configuration expectedAsRun(Combo c) {
        boolean spectrum = c.combine().usesSpectrum();
        return new Configuration(Map.of(c.distribution().problem(), c.distribution().id()),
                spectrum ? c.transform().id() : Configuration.NONE, c.multiplier().id(),
                spectrum ? c.power().id() : Configuration.NONE, c.combine().id(), c.threads());
    }

    private static String key(Problem problem, int[] instance) {
        return problem.id() + " " + instance[0] + " " + instance[1];
    }

    private static <T> T last(T[] values) {
        return values[values.length - 1];
    }
}
