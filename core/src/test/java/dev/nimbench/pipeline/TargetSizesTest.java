package dev.nimbench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.config.Defaults;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The budgeted subset of {@link TargetSizesCheck} that CI runs: every variant of every stage (all
 * registries, so a new variant is covered with no change here) at the target sizes of both
 * problems, each through the fastest configuration that contains it: the default configuration
 * (the {@link Defaults} preference lists) with that one variant substituted, and where the contract
 * forbids that combination, the next combine and distribution in preference order that it allows.
 * For transform and power variants only combines that run those stages count. Identical
 * configurations run once. Every answer must be the known one, and a variant the contract refuses
 * at the target size (brute-force and per-k-tail-sums by their n limit, repeated-squaring at
 * P = 2^24) must be refused, in one line, with the reason the contract predicts.
 *
 * <p>Cost, measured on 2 shared cores (AMD EPYC, JDK 17, one configuration at a time): see
 * {@code docs/testing.md}; the slowest single runs are the scalar power sum and the scalar-mod
 * transform at P = 2^24.
 */
class TargetSizesTest {

    /** Stages by name, each with its registry (iterated, never listed). */
    private static final Map<String, Class<? extends Enum<?>>> STAGES = new LinkedHashMap<>();

    static {
        STAGES.put("distribution", DistributionVariant.class);
        STAGES.put("transform", TransformVariant.class);
        STAGES.put("multiplier", MultiplierVariant.class);
        STAGES.put("power", PowerVariant.class);
        STAGES.put("combine", CombineVariant.class);
    }

    @Test
    void everyVariantOfEveryStageGivesTheKnownAnswerAtTheTargetSizes() {
        List<String> problems = new ArrayList<>();
        Set<String> covered = new LinkedHashSet<>();
        Set<String> ran = new LinkedHashSet<>();
        Map<String, String> refusedBecause = new LinkedHashMap<>();
        long t0 = System.nanoTime();
        for (Problem problem : Problem.values()) {
            TargetSizes.Target target = TargetSizes.of(problem);
            Map<String, CrossProductTest.Combo> plan = plan(target);
            Map<String, List<String>> coveredBy = new LinkedHashMap<>();
            for (Map.Entry<String, CrossProductTest.Combo> e : plan.entrySet()) {
                coveredBy.computeIfAbsent(e.getValue().toString(), k -> new ArrayList<>()).add(e.getKey());
            }
            Set<String> done = new LinkedHashSet<>();
            for (CrossProductTest.Combo c : plan.values()) {
                if (!done.add(c.toString())) {
                    continue;
                }
                TargetSizes.Outcome o = TargetSizes.run(target, c);
                System.out.println(o.line() + "  [for " + String.join(", ", coveredBy.get(c.toString())) + "]");
                problems.addAll(o.problems());
                if (o.problems().isEmpty()) {
                    coveredBy.get(c.toString()).forEach(v -> covered.add(problem.id() + " " + v));
                }
                for (String v : coveredBy.get(c.toString())) {
                    v = key(problem, v);
                    if (o.answer() != null) {
                        ran.add(v);
                    } else {
                        refusedBecause.merge(v, problem.id() + ": " + o.predictedRefusal(), (a, b) -> a + "; " + b);
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "target-size subset: %.1f s%n", (System.nanoTime() - t0) / 1e9);
        assertThat(problems).as("wrong answers or refusals the contract does not predict").isEmpty();
        for (Problem problem : Problem.values()) {
            for (String v : variants(problem)) {
                assertThat(covered).as("covered at the %s target", problem.id()).contains(problem.id() + " " + v);
                String k = key(problem, v);
                if (!ran.contains(k)) {
                    // Never run at a target: only a documented size limit may be the reason.
                    System.out.println("not run at any target size, by its documented limit: " + k + " ("
                            + refusedBecause.get(k) + ")");
                    assertThat(refusedBecause.get(k)).as(k).contains("allows").doesNotContain("null");
                }
            }
        }
    }

    /** Distribution ids repeat across problems (brute-force): qualified by the problem; the other stages are shared. */
    private static String key(Problem problem, String stageVariant) {
        return stageVariant.startsWith("distribution ") ? problem.id() + " " + stageVariant : stageVariant;
    }

    /** "stage variant-id" for every variant that applies to this problem. */
    private static List<String> variants(Problem problem) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Class<? extends Enum<?>>> s : STAGES.entrySet()) {
            for (Enum<?> e : s.getValue().getEnumConstants()) {
                if (e instanceof DistributionVariant && ((DistributionVariant) e).problem() != problem) {
                    continue;
                }
                if (((Variant) e).minimumJdk() > Runtime.version().feature()) {
                    continue; // needs a newer JDK: HadamardTransformTest checks that it is refused, with the reason
                }
                out.add(s.getKey() + " " + ((Variant) e).id());
            }
        }
        return out;
    }

    /** "stage variant-id" to the configuration that runs it (many variants share one). */
    static Map<String, CrossProductTest.Combo> plan(TargetSizes.Target target) {
        Map<String, CrossProductTest.Combo> plan = new LinkedHashMap<>();
        for (String sv : variants(target.problem())) {
            String[] parts = sv.split(" ", 2);
            plan.put(sv, fastestWith(target, parts[0], parts[1]));
        }
        return plan;
    }

    /**
     * The first configuration in preference order that contains the variant, runs it, and is
     * allowed by the contract at the target size; if there is none, the first one that only the
     * size limit forbids, else the first one (the contract then predicts its refusal, which the
     * test checks).
     */
    static CrossProductTest.Combo fastestWith(TargetSizes.Target t, String stage, String id) {
        CrossProductTest.Combo fallback = null;
        CrossProductTest.Combo firstAny = null;
        for (CombineVariant combine : preferred(CombineVariant.class, Defaults.COMBINE_ODD)) {
            if ((stage.equals("transform") || stage.equals("power")) && !combine.usesSpectrum()) {
                continue; // the variant would not run
            }
            for (DistributionVariant d : preferred(DistributionVariant.class, Defaults.distribution(t.problem()))) {
                if (d.problem() != t.problem()) {
                    continue;
                }
                CrossProductTest.Combo c = new CrossProductTest.Combo(
                        stage.equals("distribution") ? find(DistributionVariant.class, id, t.problem()) : d,
                        stage.equals("transform") ? find(TransformVariant.class, id, null) : first(TransformVariant.class, Defaults.TRANSFORM),
                        stage.equals("multiplier") ? find(MultiplierVariant.class, id, null) : first(MultiplierVariant.class, Defaults.MULTIPLIER),
                        stage.equals("power") ? find(PowerVariant.class, id, null) : first(PowerVariant.class, Defaults.POWER),
                        stage.equals("combine") ? find(CombineVariant.class, id, null) : combine,
                        Defaults.threads(), t.modulus());
                if (firstAny == null) {
                    firstAny = c; // the variant cannot take part in this problem (e.g. a fused distribution without a range writer)
                }
                if (fallback == null && CrossProductTest.contractRefusal(c) == null) {
                    fallback = c; // refused, if at all, only for its size
                }
                if (CrossProductTest.predictedRefusal(c, t.n()) == null) {
                    return c;
                }
            }
        }
        return fallback != null ? fallback : firstAny;
    }

    /** The registry's constants: those in the preference list first, in its order, then the rest. */
    private static <E extends Enum<E> & Variant> List<E> preferred(Class<E> registry, List<String> order) {
        List<E> out = new ArrayList<>();
        for (String id : order) {
            for (E e : Registry.all(registry)) {
                if (e.id().equals(id) && !out.contains(e)) {
                    out.add(e);
                }
            }
        }
        for (E e : Registry.all(registry)) {
            if (!out.contains(e)) {
                out.add(e);
            }
        }
        return out;
    }

    private static <E extends Enum<E> & Variant> E first(Class<E> registry, List<String> order) {
        return preferred(registry, order).get(0);
    }

    private static <E extends Enum<E> & Variant> E find(Class<E> registry, String id, Problem problem) {
        for (E e : Registry.all(registry)) {
            if (e.id().equals(id) && (problem == null || ((DistributionVariant) e).problem() == problem)) {
                return e;
            }
        }
        throw new IllegalStateException("no " + registry.getSimpleName() + " " + id);
    }
}
