package dev.nimbench.bench;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.config.Configuration;
import dev.nimbench.config.ConfigurationResolver;
import dev.nimbench.config.ResolvedConfiguration;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.pipeline.Pipeline;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.transform.TransformVariant;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pipeline configurations to benchmark, per problem: the default, every stage at its baseline
 * ({@link #allBaselines}), and the default with one
 * stage swapped for its baseline (the registry's first
 * constant), single-threaded ({@link #ONE_THREAD_DEFAULT_FORKS}, {@link #BASELINE_FORKS} forks), plus the default and every other
 * combine variant with 2 threads (the {@code threads} @Param) and the decision forks, and the
 * stage leaders of an earlier run composed into candidates ({@link #composed}), and that run's fastest
 * pipeline with one choice changed at a time ({@link #neighbours}). Labels that resolve to the
 * same variants as one already planned are dropped; a configuration that cannot run at the target
 * n (the repeated-squaring combine at P = 2^24, a distribution that calibration found too slow or
 * limited there) is skipped with a loud line.
 */
final class PipelinePlan {

    /** The thread count the default configuration is also measured at. */
    static final int PARALLEL_THREADS = 2;

    /**
     * Forks of the one-thread default: the base of the "what each technique buys" figures and of the
     * thread speed-up, never of the recommendation, which the default and the other combines at
     * {@link #PARALLEL_THREADS} decide (4 forks until 2026-12-01: 20 s of the default profile for a
     * row that never wins on 2 cores).
     */
    static final int ONE_THREAD_DEFAULT_FORKS = 2;

    /**
     * Forks of a one-thread baseline swap (the default with one stage at its textbook variant): one.
     * A swap decides nothing (its rows are untested), its factor against the one-thread default is
     * what the report shows; two forks each took about 30 s of the default profile, and a slow swap
     * ({@link Profile#slow}: 2.5× the default's call or more, 1.6-4 s calls) had one already.
     */
    static final int BASELINE_FORKS = 1;

    private PipelinePlan() {
    }

    static void add(BenchPlan plan, BenchOptions options, PrintStream log) {
        if (!options.includes(RunGroup.PACKAGE + ".PipelineBench.solve")) {
            return;
        }
        Wisdom wisdom = plan.profile().decides() ? plan.wisdom : null; // a profile that decides nothing searches nothing
        if (!plan.profile().decides()) {
            log.println("search: none in the " + plan.profile().id() + " profile (one fork per configuration decides nothing)");
        } else if (wisdom == null) {
            log.println("search: no complete default run of " + options.cpu().key() + " on JDK " + Runtime.version().feature()
                    + " in " + options.results + ": no stage leaders to compose");
        } else {
            log.println("search: composing the stage leaders of " + wisdom.file() + " " + wisdom.leaders());
        }
        for (Problem problem : Problem.values()) {
            if (!options.includesProblem(problem)) {
                continue;
            }
            List<String> composed = new ArrayList<>(composed(problem, wisdom, log));
            List<String> neighbours = neighbours(problem, wisdom, log);
            if (wisdom != null) {
                plan.search.put("wisdom", wisdom.file());
                plan.search.put("leaders", wisdom.leaders());
                plan.search.put("contenders", wisdom.contenders());
                plan.search.put("composed/" + problem.id(), List.copyOf(composed));
                if (wisdom.incumbent(problem.id()) != null) {
                    plan.search.put("incumbent/" + problem.id(), PipelineLabels.label(wisdom.incumbent(problem.id())));
                    plan.search.put("neighbours/" + problem.id(), neighbours);
                    log.println("search: " + problem.id() + " incumbent '" + PipelineLabels.label(wisdom.incumbent(problem.id()))
                            + "', " + (neighbours.size() - 1) + " neighbour(s) with one choice changed");
                }
            }
            neighbours.stream().filter(l -> !composed.contains(l)).forEach(composed::add);
            for (int n : sizes(options, problem)) {
                Map<String, Double> millis = new LinkedHashMap<>();
                if (plan.profile() == Profile.EXHAUSTIVE) {
                    List<String> every = feasibleLabels(plan, options, log, problem, n, millis,
                            exhaustive(problem, reaching(plan, problem, n, log)), Set.of());
                    log.println("exhaustive: " + problem.id() + " n = " + n + ": " + every.size()
                            + " distinct configurations, each with " + plan.profile().decisionForks + " forks");
                    plan.search.put("exhaustive/" + problem.id(), every.size());
                    addGroups(plan, problem, n, every, PARALLEL_THREADS, millis);
                    continue;
                }
                List<String> candidates = new ArrayList<>(candidates(problem));
                int builtIn = candidates.size();
                composed.stream().filter(l -> !candidates.contains(l)).forEach(candidates::add);
                List<String> labels = feasibleLabels(plan, options, log, problem, n, millis, candidates,
                        Set.copyOf(candidates.subList(builtIn, candidates.size())));
                List<String> parallel = parallelLabels(labels);
                labels.stream().filter(composed::contains).filter(l -> !parallel.contains(l)).forEach(parallel::add);
                List<String> single = new ArrayList<>(labels);
                single.removeIf(l -> !l.equals(PipelineLabels.DEFAULT) && (parallel.contains(l) || !plan.profile().baselineSwaps()));
                addGroups(plan, problem, n, single, 1, millis);
                addGroups(plan, problem, n, parallel, PARALLEL_THREADS, millis);
            }
        }
        if (!plan.profile().decides()) {
            alternateProblems(plan.groups);
        }
    }

    /**
     * Puts the pipeline groups of every problem in turn (each problem's default first, then each
     * one's next candidate), in the places the pipeline groups held. A profile that decides nothing
     * lets the budget drop its decision-size forks from the end ({@link Budget#decisionsDecideNothing}):
     * in problem order, a cut took the divisor game's every pipeline and left card stacking's whole
     * (quick on AMD Zen 5, JDK 17, 2026-12-07); in turn, a cut takes the least of both.
     */
    static void alternateProblems(List<RunGroup> groups) {
        Map<String, java.util.ArrayDeque<RunGroup>> byProblem = new LinkedHashMap<>();
        List<Integer> places = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            RunGroup g = groups.get(i);
            if (g.benchmarkClass().equals("PipelineBench")) {
                places.add(i);
                byProblem.computeIfAbsent(String.valueOf(g.params().get("problem")), k -> new java.util.ArrayDeque<>()).add(g);
            }
        }
        List<RunGroup> turns = new ArrayList<>();
        while (turns.size() < places.size()) {
            byProblem.values().stream().filter(q -> !q.isEmpty()).forEach(q -> turns.add(q.poll()));
        }
        for (int k = 0; k < places.size(); k++) {
            groups.set(places.get(k), turns.get(k));
        }
    }

    /**
     * One group per label, so that each gets its own fork count and time estimate: a slow
     * configuration gets the profile's slow forks (see {@link Profile}); the default never does,
     * since every decision compares with it.
     */
    private static void addGroups(BenchPlan plan, Problem problem, int n, List<String> labels, int threads,
            Map<String, Double> millis) {
        double reference = millis.getOrDefault(PipelineLabels.DEFAULT, 0.0) / threads;
        for (String label : labels) {
            double op = millis.getOrDefault(label, 0.0) / threads;
            // The default and the other combines compete at the production thread count (the default,
            // being the reference, is never slow beside itself); at one thread the default and its
            // baseline swaps only show what a stage's technique buys (untested).
            int forks = threads == 1
                    ? Math.min(label.equals(PipelineLabels.DEFAULT) ? ONE_THREAD_DEFAULT_FORKS : BASELINE_FORKS,
                            plan.profile().decisionForks)
                    : plan.profile().decisionForks(op, reference);
            plan.add("PipelineBench", List.of("solve"), Map.of("problem", List.of(problem.id()), "variant", List.of(label),
                    "size", List.of(Integer.toString(n)), "threads", List.of(Integer.toString(threads))),
                    plan.profile().pipelineIterations, forks, op);
        }
    }

    /**
     * Labels also measured at {@link #PARALLEL_THREADS}: the default and every other combine (the
     * fused combines are whole-pipeline techniques whose point is to keep both cores busy).
     */
    static List<String> parallelLabels(List<String> feasible) {
        List<String> out = new ArrayList<>();
        for (String label : feasible) {
            if (label.equals(PipelineLabels.DEFAULT) || (label.startsWith("combine=") && !label.contains(","))) {
                out.add(label);
            }
        }
        return out;
    }

    /**
     * Pipeline candidates composed from the stage leaders of {@code wisdom} (null: none), at
     * {@link #PARALLEL_THREADS}: the leaders of the distribution, transform and power stages
     * together under the combine that runs the transform and power stages, and the leading
     * distribution under every fused combine (which runs its own transform and power). A
     * composition that does not resolve here (a leader unavailable in this JVM, a distribution a
     * fused combine cannot take) is left out with a line; one that resolves to a configuration
     * already planned is measured once ({@link #feasibleLabels}).
     */
    static List<String> composed(Problem problem, Wisdom wisdom, PrintStream log) {
        List<String> out = new ArrayList<>();
        if (wisdom == null) {
            return out;
        }
        String distribution = wisdom.leader("distribution/" + problem.id());
        String transform = wisdom.leader("transform");
        String power = wisdom.leader("power");
        List<String> labels = new ArrayList<>();
        String prefix = stagedPrefix(problem);
        java.util.StringJoiner unfused = new java.util.StringJoiner(",");
        unfused.add(prefix.isEmpty() ? "combine=" + ConfigurationResolver.resolve(Configuration.defaults(), problem,
                problem.defaultModulus()).combine().id() : prefix.substring(0, prefix.length() - 1));
        for (String[] stage : new String[][] {{"distribution", distribution}, {"transform", transform}, {"power", power}}) {
            if (stage[1] != null) {
                unfused.add(stage[0] + "=" + stage[1]);
            }
        }
        labels.add(unfused.toString());
        if (distribution != null) {
            for (CombineVariant c : CombineVariant.values()) {
                if (c.isAvailable() && !c.usesSpectrum()) {
                    labels.add("combine=" + c.id() + ",distribution=" + distribution);
                }
            }
        }
        for (String label : labels) {
            String refused = refusal(problem, label);
            if (refused == null) {
                out.add(label);
            } else {
                log.println("search: " + problem.id() + " '" + label + "' not composed: " + refused);
            }
        }
        return out;
    }

    /**
     * The search's local step: the incumbent of {@code wisdom} (the fastest pipeline of this
     * machine's previous default run, by the stages it ran) with one choice changed at a time. Each
     * of its distribution, transform, power and multiplier is replaced by each contender of that
     * stage (a variant within {@link Wisdom#CONTENDER_MARGIN} of the stage's leader on its own), the
     * transform and power only under a combine that runs them; and its combine by every other
     * available one, keeping its distribution (and its transform and power under a combine that
     * runs them). The incumbent itself is a candidate too. A neighbour that does not resolve here is
     * left out with a line; one that resolves to a configuration already planned is measured once
     * ({@link #feasibleLabels}), which is what most combine changes are. One run takes one step; the
     * next run starts from the pipeline this one found fastest, so the search moves while something
     * wins and stops where the incumbent stays fastest. Empty without wisdom or an incumbent.
     */
    static List<String> neighbours(Problem problem, Wisdom wisdom, PrintStream log) {
        List<String> out = new ArrayList<>();
        Map<String, String> incumbent = wisdom == null ? null : wisdom.incumbent(problem.id());
        if (incumbent == null) {
            return out;
        }
        List<Map<String, String>> changed = new ArrayList<>();
        changed.add(incumbent);
        for (String stage : List.of("distribution", "transform", "power", "multiplier")) {
            String now = incumbent.get(stage);
            if (PipelineLabels.NONE.equals(now)) {
                continue; // the incumbent's combine runs no such stage (or needs no multiplier)
            }
            for (String v : wisdom.contenders(stage.equals("distribution") ? "distribution/" + problem.id() : stage)) {
                if (!v.equals(now)) {
                    Map<String, String> n = new LinkedHashMap<>(incumbent);
                    n.put(stage, v);
                    changed.add(n);
                }
            }
        }
        for (CombineVariant c : Registry.available(CombineVariant.class)) {
            if (!c.id().equals(incumbent.get("combine"))) {
                Map<String, String> n = new LinkedHashMap<>();
                n.put("combine", c.id());
                n.put("distribution", incumbent.get("distribution"));
                if (c.usesSpectrum()) {
                    n.put("transform", incumbent.get("transform"));
                    n.put("power", incumbent.get("power"));
                }
                changed.add(n);
            }
        }
        for (Map<String, String> stages : changed) {
            String label = PipelineLabels.label(stages);
            String refused = refusal(problem, label);
            if (refused != null) {
                log.println("search: " + problem.id() + " neighbour '" + label + "' not planned: " + refused);
            } else if (!out.contains(label)) {
                out.add(label);
            }
        }
        return out;
    }

    /** Why the resolver refuses {@code label} at {@link #PARALLEL_THREADS} threads, or null when it resolves. */
    private static String refusal(Problem problem, String label) {
        try {
            ConfigurationResolver.resolve(PipelineLabels.parse(label, problem, PARALLEL_THREADS), problem,
                    problem.defaultModulus());
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /**
     * Every configuration label of {@code problem} ({@link Profile#EXHAUSTIVE}): {@code default}
     * first, then every available combine with each of {@code distributions} and every multiplier
     * (or none named, for the vector stages that take none),
     * and under a combine that runs the transform and power stages ({@code usesSpectrum}) every
     * available transform and power sum. Labels that the resolver refuses at
     * {@link #PARALLEL_THREADS} threads are left out here; those resolving to one configuration are
     * measured once ({@link #feasibleLabels}).
     */
    static List<String> exhaustive(Problem problem, List<String> distributions) {
        List<String> out = new ArrayList<>();
        out.add(PipelineLabels.DEFAULT);
        List<String> transforms = Registry.available(TransformVariant.class).stream().map(TransformVariant::id).toList();
        List<String> powers = Registry.available(PowerVariant.class).stream().map(PowerVariant::id).toList();
        // "": no multiplier named (the stages that take none run without; the others get the default)
        List<String> multipliers = new ArrayList<>(List.of(""));
        Registry.available(MultiplierVariant.class).forEach(m -> multipliers.add(m.id()));
        for (CombineVariant c : Registry.available(CombineVariant.class)) {
            for (String d : distributions) {
                for (String m : multipliers) {
                    String base = "combine=" + c.id() + ",distribution=" + d + (m.isEmpty() ? "" : ",multiplier=" + m);
                    if (!c.usesSpectrum()) {
                        addIfResolves(out, problem, base);
                        continue;
                    }
                    for (String t : transforms) {
                        for (String p : powers) {
                            addIfResolves(out, problem, base + ",transform=" + t + ",power=" + p);
                        }
                    }
                }
            }
        }
        return out;
    }

    private static void addIfResolves(List<String> out, Problem problem, String label) {
        if (refusal(problem, label) == null) { // a refused label (see solve's rules) is no valid configuration
            out.add(label);
        }
    }

    /**
     * The available distributions of {@code problem} that calibration found to reach n; the others
     * are named in one line each, instead of one skipped line per configuration that holds them.
     */
    private static List<String> reaching(BenchPlan plan, Problem problem, int n, PrintStream log) {
        List<String> out = new ArrayList<>();
        for (DistributionVariant d : Registry.available(DistributionVariant.class)) {
            if (d.problem() != problem) {
                continue;
            }
            Integer reach = plan.distributionMaxSize.get(DistributionReference.key(problem, d.id()));
            if (reach != null && reach >= n) {
                out.add(d.id());
            } else {
                log.println("exhaustive: " + problem.id() + " n = " + n + ": distribution " + d.id() + " left out: "
                        + (reach == null ? "not calibrated (unavailable or wrong)" : "reaches only n = " + reach
                        + " within the calibration budget"));
            }
        }
        return out;
    }

    /** n values: the user's sizes, or the profile's target. */
    static List<Integer> sizes(BenchOptions options, Problem problem) {
        List<Integer> sizes = new ArrayList<>();
        if (options.sizes != null) {
            options.sizes.forEach(s -> sizes.add((int) (long) s));
        } else {
            sizes.add(problem == Problem.CARD_STACKING ? options.profile.pipelineCardStackingN
                    : options.profile.pipelineDivisorGameN);
        }
        return sizes;
    }

    /** Candidate labels in planning order. */
    static List<String> candidates(Problem problem) {
        Set<String> labels = new LinkedHashSet<>();
        labels.add(PipelineLabels.DEFAULT);
        labels.add("distribution=" + BenchSupport.baseline(problem).id());
        // Transform and power swaps only mean something under a combine that runs those stages:
        // when the default combine fuses them away, swap them under the first one that does not.
        String staged = stagedPrefix(problem);
        labels.add(staged + "transform=" + BenchSupport.baseline(TransformVariant.class).id());
        labels.add("multiplier=" + BenchSupport.baseline(MultiplierVariant.class).id());
        labels.add(staged + "power=" + BenchSupport.baseline(PowerVariant.class).id());
        // Every stage at its baseline: what the report's summary states the recommendation's speed-up against.
        labels.add(allBaselines(problem));
        boolean rangeWriter = defaultDistributionHasRangeWriter(problem);
        for (CombineVariant c : CombineVariant.values()) {
            // A combine that fuses the distribution is no candidate where the distribution cannot be fused.
            if (rangeWriter || !c.isAvailable() || !c.requiresRangeDistribution()) {
                labels.add("combine=" + c.id());
            }
        }
        return new ArrayList<>(labels);
    }

    /**
     * The configuration with every stage's baseline (each registry's first constant) under the
     * first combine that runs the transform and power stages; skipped like any other label where
     * the baseline distribution cannot reach the size (the divisor game's brute force at 10^7).
     */
    static String allBaselines(Problem problem) {
        String staged = stagedPrefix(problem);
        return "distribution=" + BenchSupport.baseline(problem).id() + "," + (staged.isEmpty()
                ? "" : staged) + PipelineLabels.baselinesLabel();
    }

    private static boolean defaultDistributionHasRangeWriter(Problem problem) {
        ResolvedConfiguration d = ConfigurationResolver.resolve(Configuration.defaults(), problem, problem.defaultModulus());
        return d.distribution().hasRangeWriter();
    }

    /** "" when the default combine runs the transform and power stages, else "combine=<first that does>,". */
    static String stagedPrefix(Problem problem) {
        ResolvedConfiguration d = ConfigurationResolver.resolve(Configuration.defaults(), problem, problem.defaultModulus());
        if (d.combine().usesSpectrum()) {
            return "";
        }
        for (CombineVariant c : CombineVariant.values()) {
            if (c.isAvailable() && c.usesSpectrum()) {
                return "combine=" + c.id() + ",";
            }
        }
        return "";
    }

    /**
     * The labels that can run at n, each run twice here (one thread): the second call's time goes
     * to {@code millis} (for the fork count and the time model), its answer is cross-checked with the
     * known one or the default's (a disagreeing label is WRONG, not benchmarked), and the answer
     * becomes the forks' reference, so no fork runs another configuration in its set-up. A label
     * in {@code searched} (composed or a neighbour, beyond the built-in list) that cannot run here or
     * is a configuration already planned is no skipped candidate: one line per problem counts them
     * and gives the first reason, and the metadata's {@code search.notRun/<problem>} lists each.
     * A wrong answer is loud whatever the label's origin.
     */
    private static List<String> feasibleLabels(BenchPlan plan, BenchOptions options, PrintStream log, Problem problem, int n,
            Map<String, Double> millis, List<String> candidates, Set<String> searched) {
        Map<String, String> searchSkipped = new LinkedHashMap<>();
        int searchSame = 0;
        java.math.BigInteger expected = PipelineLabels.known(problem, n);
        Map<String, String> byResolved = new LinkedHashMap<>();
        List<String> out = new ArrayList<>();
        int m = problem.defaultModulus();
        for (String label : candidates) {
            if (!options.includesVariant(label)) {
                continue;
            }
            String why = null;
            String resolvedKey = null;
            try {
                Configuration config = PipelineLabels.parse(label, problem, 1);
                ResolvedConfiguration resolved = ConfigurationResolver.resolve(config, problem, m);
                resolvedKey = resolved.asRun().toString();
                Integer reach = plan.distributionMaxSize.get(DistributionReference.key(problem, resolved.distribution().id()));
                if (reach != null && reach < n) {
                    why = "distribution " + resolved.distribution().id() + " reaches only n = " + reach
                            + " within the calibration budget";
                } else if (reach == null) {
                    why = "distribution " + resolved.distribution().id() + " was not calibrated (unavailable or wrong)";
                } else {
                    // Validates P against the combine's limit, the modulus, the heap; then one run.
                    try (Pipeline p = Pipeline.prepare(problem, n, PipelineLabels.count(problem), m, config)) {
                        resolvedKey = p.resolved().asRun().toString();
                        if (!byResolved.containsKey(resolvedKey)) {
                            // Two runs, the second timed: the first is mostly JIT warm-up.
                            java.math.BigInteger answer = p.run().answer();
                            long t0 = System.nanoTime();
                            java.math.BigInteger again = p.run().answer();
                            millis.put(label, (System.nanoTime() - t0) / 1e6);
                            if (!again.equals(answer)) {
                                String line = "WRONG: pipeline " + problem.id() + " n = " + n + " '" + label
                                        + "' answered " + answer + ", then " + again + "; not benchmarked";
                                plan.wrong.add(line);
                                log.println("!!! " + line);
                                continue;
                            }
                            if (expected == null) {
                                expected = answer;
                            } else if (!expected.equals(answer)) {
                                String line = "WRONG: pipeline " + problem.id() + " n = " + n + " '" + label + "' answers "
                                        + answer + ", expected " + expected + "; not benchmarked";
                                plan.wrong.add(line);
                                log.println("!!! " + line);
                                continue;
                            }
                            record(plan, problem, label, p.resolved().asRun());
                        }
                    }
                }
            } catch (IllegalArgumentException e) {
                why = e.getMessage();
            }
            if (why != null && searched.contains(label)) {
                searchSkipped.put(label, why); // a composition that does not fit is the search's, not a skipped candidate
                continue;
            }
            if (why != null) {
                String line = "pipeline " + problem.id() + " n = " + n + " '" + label + "' skipped: " + why;
                plan.skipped.add(line);
                log.println("!!! SKIPPED " + line);
                continue;
            }
            String same = byResolved.putIfAbsent(resolvedKey, label);
            if (same != null && searched.contains(label)) {
                searchSame++;
            } else if (same != null) {
                log.println("pipeline " + problem.id() + " '" + label + "' is the same configuration as '" + same + "'; measured once");
            } else {
                out.add(label);
            }
        }
        if (!searched.isEmpty()) {
            log.println("search: " + problem.id() + " n = " + n + ": " + searched.size() + " label(s) beyond the built-in list, "
                    + searchSame + " of them a configuration already planned (measured once), " + searchSkipped.size()
                    + " not run here" + (searchSkipped.isEmpty() ? "" : " (each with its reason in the metadata's search.notRun/"
                            + problem.id() + "; the first: '" + searchSkipped.keySet().iterator().next() + "': "
                            + searchSkipped.values().iterator().next() + ")"));
            plan.search.put("notRun/" + problem.id(), searchSkipped);
        }
        if (expected != null && !out.isEmpty()) {
            plan.references.computeIfAbsent(HarnessReference.PIPELINE, k -> new LinkedHashMap<>())
                    .put(problem.id() + "@" + n, expected.toString());
        }
        return out;
    }

    /**
     * What a label ran, for the metadata: re-rendering under changed defaults reads this, not today's
     * resolution (the report's reader, {@code Recommender.resolve}, reads the same stage keys).
     */
    private static void record(BenchPlan plan, Problem problem, String label, Configuration run) {
        plan.pipelineResolved.computeIfAbsent(problem.id(), k -> new LinkedHashMap<>())
                .put(label, dev.nimbench.bench.report.Recommender.stagesOf(run, problem));
    }
}
