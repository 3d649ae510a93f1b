package dev.nimbench.bench;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runs of one {@code jmh:run}, planned from the registries: every available variant of every
 * stage that the filters select, at the profile's (or the user's) sizes. A variant this JVM cannot
 * run is skipped with a loud line, never replaced by another.
 */
final class BenchPlan {

    final List<RunGroup> groups = new ArrayList<>();
    /** One line per variant skipped as unavailable or limited, for the log and the metadata. */
    final List<String> skipped = new ArrayList<>();
    /** One line per variant whose result disagreed with the reference while sizes were calibrated. */
    final List<String> wrong = new ArrayList<>();
    /** Reference digests of distribution histograms, {@code problem@n} to digest. */
    final Map<String, Long> distributionDigests = new LinkedHashMap<>();
    /** Largest calibrated size per distribution variant, keyed {@code problem@id} (ids repeat across problems). */
    final Map<String, Integer> distributionMaxSize = new LinkedHashMap<>();
    /** References for the forks, system property to key to value ({@link HarnessReference}). */
    final Map<String, Map<String, String>> references = new LinkedHashMap<>();
    /** What each pipeline label resolved to here, problem to label to stage to id (for the metadata). */
    final Map<String, Map<String, Map<String, String>>> pipelineResolved = new LinkedHashMap<>();

    /** What the pipeline plan composed from the stage leaders of an earlier run ({@link Wisdom}), for the metadata. */
    final Map<String, Object> search = new LinkedHashMap<>();

    /**
     * What this machine's previous default run of this JDK measured ({@link Wisdom}), read once for
     * the search and the budget's expectation; null when there is none.
     */
    Wisdom wisdom;

    /** The cold-start profile's state ({@link ColdStartPlan}); null for the other profiles. */
    ColdStartPlan coldStart;

    private final BenchOptions options;
    private final PrintStream log;

    private BenchPlan(BenchOptions options, PrintStream log) {
        this.options = options;
        this.log = log;
    }

    static BenchPlan make(BenchOptions options, PrintStream log) {
        BenchPlan plan = new BenchPlan(options, log);
        if (options.profile == Profile.COLDSTART) {
            plan.coldStart = ColdStartPlan.add(plan, options, log);
            return plan;
        }
        plan.wisdom = Wisdom.read(options.results, options.cpu().key(), Runtime.version().feature());
        plan.planTransform();
        plan.planPower();
        plan.planMultiplier();
        plan.planDistribution();
        PipelinePlan.add(plan, options, log);
        LimitsPlan.add(plan, options);
        // What decides runs first, the curves last: the budget drops from the end (Budget).
        List<RunGroup> ordered = Budget.ordered(plan.groups);
        if (plan.wisdom != null) {
            ordered.replaceAll(plan.wisdom::calibrated);   // the warm-ups this machine measured before
        }
        plan.groups.clear();
        plan.groups.addAll(ordered);
        return plan;
    }

    Profile profile() {
        return options.profile;
    }

    private void planTransform() {
        String transform = RunGroup.PACKAGE + ".TransformBench.transform";
        String copy = RunGroup.PACKAGE + ".TransformBench.copyBaseline";
        if (!options.includes(transform) && !options.includes(copy)) {
            return;
        }
        List<String> ids = selected(TransformVariant.class, "transform");
        if (ids.isEmpty()) {
            // The copy baseline is measured for the transforms it is subtracted from; alone it would
            // turn a variant filter that matches nothing into a run of copies.
            return;
        }
        List<String> sizes = spectrumSizes("transform");
        String baseline = BenchSupport.baseline(TransformVariant.class).id();
        Map<String, Double> baselineMillis = new LinkedHashMap<>();
        if (options.includes(transform)) {
            // The baseline's output digest per P, computed once here rather than in every fork.
            try (ExecutionContext ctx = BenchSupport.context(BenchSupport.MODULUS)) {
                for (String p : sizes) {
                    int[] input = BenchSupport.residues(Integer.parseInt(p), BenchSupport.MODULUS, BenchSupport.SEED);
                    long t0 = System.nanoTime();
                    long digest = TransformBench.referenceDigest(input, ctx);
                    baselineMillis.put(p, (System.nanoTime() - t0) / 1e6);
                    reference(HarnessReference.TRANSFORM, p, Long.toHexString(digest));
                }
            }
            addSized("TransformBench", List.of("transform"), ids, sizes, baseline, baselineMillis);
        }
        if (options.includes(copy)) {
            // The copy does not depend on the variant: one run per size, labelled with the baseline;
            // a reference, not a candidate, so it gets at most 2 forks at the decision size.
            sizes = sizes.stream().distinct().sorted(java.util.Comparator.comparingLong(Long::parseLong)).toList();
            String top = sizes.get(sizes.size() - 1);
            if (sizes.size() > 1) {
                add("TransformBench", List.of("copyBaseline"), Map.of("variant", List.of(baseline),
                        "size", sizes.subList(0, sizes.size() - 1)), profile().otherIterations, profile().otherForks, 0);
            }
            add("TransformBench", List.of("copyBaseline"), Map.of("variant", List.of(baseline), "size", List.of(top)),
                    profile().decisionIterations, Math.min(2, profile().decisionForks), 0);
        }
    }

    /**
     * Groups for a stage measured over {@code sizes} (ascending): the sizes below the largest with
     * the profile's other forks and iterations; the largest, where decisions are made, with its
     * decision forks — fewer for a variant known to be slow there ({@code millisAtSize} has the
     * baseline's call time per size, measured by the harness).
     */
    private void addSized(String benchClass, List<String> methods, List<String> ids, List<String> given, String baselineId,
            Map<String, Double> baselineMillis) {
        List<String> sizes = given.stream().distinct().sorted(java.util.Comparator.comparingLong(Long::parseLong)).toList();
        String top = sizes.get(sizes.size() - 1);
        if (sizes.size() > 1) {
            // The baseline's mean call time over these sizes: a rough figure for the time model only.
            double op = sizes.subList(0, sizes.size() - 1).stream().mapToDouble(p -> baselineMillis.getOrDefault(p, 0.0))
                    .average().orElse(0);
            add(benchClass, methods, Map.of("variant", ids, "size", sizes.subList(0, sizes.size() - 1)),
                    profile().otherIterations, profile().otherForks, op);
        }
        double baseOp = baselineMillis.getOrDefault(top, 0.0);
        List<String> fast = new ArrayList<>(ids);
        if (ids.contains(baselineId) && profile().decisionForks(baseOp) != profile().decisionForks) {
            fast.remove(baselineId);
            add(benchClass, methods, Map.of("variant", List.of(baselineId), "size", List.of(top)),
                    profile().decisionIterations, profile().decisionForks(baseOp), baseOp);
        }
        if (!fast.isEmpty()) {
            // Unknown call times for the others: a fifth of the baseline's (as measured for the transform
            // and power sum, whose faster variants take 3-50% of the baseline's time), for the time model only.
            add(benchClass, methods, Map.of("variant", fast, "size", List.of(top)), profile().decisionIterations,
                    profile().decisionForks, fast.contains(baselineId) ? baseOp : baseOp / 5);
        }
    }

    private void reference(String property, String key, String value) {
        references.computeIfAbsent(property, k -> new LinkedHashMap<>()).put(key, value);
    }

    private void planPower() {
        if (!options.includes(RunGroup.PACKAGE + ".PowerSumBench.sum")) {
            return;
        }
        List<String> ids = selected(PowerVariant.class, "power");
        if (!ids.isEmpty()) {
            List<String> sizes = spectrumSizes("power");
            Map<String, Double> baselineMillis = new LinkedHashMap<>();
            try (ExecutionContext ctx = BenchSupport.context(BenchSupport.MODULUS)) {
                for (String p : sizes) {
                    int[] x = BenchSupport.residues(Integer.parseInt(p), BenchSupport.MODULUS, BenchSupport.SEED);
                    long t0 = System.nanoTime();
                    long sum = BenchSupport.baseline(PowerVariant.class).create().sum(x, PowerSumBench.EXPONENT, ctx);
                    baselineMillis.put(p, (System.nanoTime() - t0) / 1e6);
                    reference(HarnessReference.POWER, p, Long.toString(sum));
                }
            }
            addSized("PowerSumBench", List.of("sum"), ids, sizes, BenchSupport.baseline(PowerVariant.class).id(),
                    baselineMillis);
        }
    }

    private void planMultiplier() {
        List<String> methods = new ArrayList<>();
        for (String m : List.of("independentProducts", "pow")) {
            if (options.includes(RunGroup.PACKAGE + ".MultiplierBench." + m)) {
                methods.add(m);
            }
        }
        if (methods.isEmpty()) {
            return;
        }
        List<String> ids = selected(MultiplierVariant.class, "multiplier");
        if (!ids.isEmpty()) {
            List<String> sizes = options.sizes != null ? strings(options.sizes) : strings(profile().multiplierSizes);
            addSized("MultiplierBench", methods, ids, sizes, "", Map.of());
        }
    }

    private void planDistribution() {
        boolean histogram = options.includes(RunGroup.PACKAGE + ".DistributionBench.histogram");
        boolean pipeline = options.includes(RunGroup.PACKAGE + ".PipelineBench.solve");
        if (histogram || pipeline) {
            calibrateDistributions(histogram, pipeline);
        }
    }

    /**
     * Calibrates every available distribution variant (see {@link SizeCalibration}) — also those
     * the variant filter leaves out, since the pipeline needs to know how far each reaches —
     * cross-checks their histograms at every common n, and plans one group per selected variant at
     * its sizes when {@code addGroups}.
     */
    private void calibrateDistributions(boolean addGroups, boolean forPipeline) {
        for (Problem problem : Problem.values()) {
            if (!options.includesProblem(problem)) {
                continue;
            }
            List<Integer> targets = targetSizes(problem);
            List<Integer> walk = new ArrayList<>(targets);
            if (forPipeline) {
                walk.addAll(PipelinePlan.sizes(options, problem));
            }
            Map<Integer, Long> reference = new LinkedHashMap<>();
            Map<Integer, String> referenceId = new LinkedHashMap<>();
            // Call times at the largest n, per variant: its decision group is added once all are
            // calibrated, so that a slow variant is slow relative to the fastest (Profile.SLOW_FACTOR).
            Map<String, Double> topMillis = new LinkedHashMap<>();
            try (ExecutionContext ctx = BenchSupport.context(problem.defaultModulus())) {
                for (DistributionVariant v : DistributionVariant.values()) {
                    if (v.problem() != problem || !available(v, "distribution")) {
                        continue;
                    }
                    long t0 = System.nanoTime();
                    SizeCalibration c = SizeCalibration.run(v, walk, profile().calibrationBudgetMillis, ctx);
                    List<Integer> chosen = c.chosen(targets);
                    log.printf("calibrated distribution %s/%s in %.1f s: sizes %s%s%n", problem.id(), v.id(),
                            (System.nanoTime() - t0) / 1e9, chosen,
                            c.stopReason == null ? "" : " (stopped: " + c.stopReason + ")");
                    boolean ok = true;
                    if (c.failure != null) {
                        ok = false;
                        String line = "WRONG: distribution " + problem.id() + "/" + v.id() + " failed at " + c.failure
                                + "; not benchmarked";
                        wrong.add(line);
                        log.println("!!! " + line);
                    }
                    for (Map.Entry<Integer, Long> e : c.digests.entrySet()) {
                        Long ref = reference.putIfAbsent(e.getKey(), e.getValue());
                        referenceId.putIfAbsent(e.getKey(), v.id());
                        if (ok && ref != null && !ref.equals(e.getValue())) {
                            ok = false;
                            String line = "WRONG: distribution " + problem.id() + "/" + v.id() + " at n = " + e.getKey()
                                    + " disagrees with " + referenceId.get(e.getKey()) + "; not benchmarked";
                            wrong.add(line);
                            log.println("!!! " + line);
                        }
                    }
                    if (!ok) {
                        continue;
                    }
                    distributionMaxSize.put(DistributionReference.key(problem, v.id()), c.digests.keySet().stream().mapToInt(Integer::intValue).max().orElse(0));
                    if (!addGroups || !options.includesVariant(v.id())) {
                        continue;
                    }
                    if (chosen.isEmpty()) {
                        String line = "distribution " + problem.id() + "/" + v.id() + " skipped: no size within the "
                                + profile().calibrationBudgetMillis + " ms budget (" + c.stopReason + ")";
                        skipped.add(line);
                        log.println("!!! SKIPPED " + line);
                        continue;
                    }
                    for (int n : chosen) {
                        distributionDigests.put(DistributionReference.key(problem, n), reference.get(n));
                    }
                    // The profile's largest n is where the distribution is decided; smaller n draw the curve.
                    int top = targets.stream().mapToInt(Integer::intValue).max().orElse(0);
                    List<Integer> below = chosen.stream().filter(n -> n != top).toList();
                    if (!below.isEmpty()) {
                        double slowest = below.stream().mapToDouble(n -> c.millis.getOrDefault(n, 0.0)).max().orElse(0);
                        add("DistributionBench", List.of("histogram"), Map.of("problem", List.of(problem.id()),
                                "variant", List.of(v.id()), "size", strings(below)), profile().otherIterations,
                                profile().otherForks, slowest);
                    }
                    if (chosen.contains(top)) {
                        topMillis.put(v.id(), c.millis.getOrDefault(top, 0.0));
                    }
                }
            }
            int top = targets.stream().mapToInt(Integer::intValue).max().orElse(0);
            double fastest = topMillis.values().stream().mapToDouble(Double::doubleValue).filter(x -> x > 0).min().orElse(0);
            topMillis.forEach((id, op) -> add("DistributionBench", List.of("histogram"), Map.of("problem",
                    List.of(problem.id()), "variant", List.of(id), "size", List.of(Integer.toString(top))),
                    profile().decisionIterations, profile().decisionForks(op, fastest), op));
        }
    }

    private List<Integer> targetSizes(Problem problem) {
        if (options.sizes != null) {
            List<Integer> out = new ArrayList<>();
            for (long s : options.sizes) {
                out.add((int) s);
            }
            return out;
        }
        return problem == Problem.CARD_STACKING ? profile().cardStackingSizes : profile().divisorGameSizes;
    }

    /** P values: 2^L for the profile's L, or the user's sizes, which must be powers of two. */
    private List<String> spectrumSizes(String stage) {
        List<String> out = new ArrayList<>();
        if (options.sizes != null) {
            for (long s : options.sizes) {
                if (Long.bitCount(s) != 1 || s > (1 << 30)) {
                    throw new IllegalArgumentException("--sizes value " + s + " is not valid for the " + stage
                            + " stage; valid: powers of two 1 .. 2^30 (use -Djmh.include to select other stages)");
                }
                out.add(Long.toString(s));
            }
            return out;
        }
        for (int log2 : profile().spectrumLogSizes) {
            out.add(Integer.toString(1 << log2));
        }
        return out;
    }

    /** Ids of the variants that pass the filter and can run here; the others are reported. */
    <E extends Enum<E> & Variant> List<String> selected(Class<E> registry, String stage) {
        List<String> ids = new ArrayList<>();
        for (E v : registry.getEnumConstants()) {
            if (options.includesVariant(v.id()) && available(v, stage)) {
                ids.add(v.id());
            }
        }
        return ids;
    }

    private boolean available(Variant v, String stage) {
        if (v.isAvailable()) {
            return true;
        }
        String line = stage + " variant " + v.id() + " skipped: " + v.unavailableReason();
        skipped.add(line);
        log.println("!!! SKIPPED " + line);
        return false;
    }

    /**
     * Adds a group; the stage benchmarks (not the pipeline, whose threads are its configuration's)
     * get the {@code threads} parameter: {@code --threads}, default this machine's processors.
     */
    void add(String benchClass, List<String> methods, Map<String, List<String>> params, Profile.Iterations iterations,
            int forks, double opMillis) {
        Map<String, List<String>> p = new LinkedHashMap<>(params);
        if (!benchClass.equals("PipelineBench") && !benchClass.equals("MultiplierBench")) {
            p.putIfAbsent("threads", List.of(Integer.toString(threads())));
        }
        groups.add(new RunGroup(benchClass, methods, p, iterations.forCall(opMillis), options.forks != null ? options.forks : forks,
                opMillis));
    }

    /** The thread count the stage benchmarks offer parallel variants. */
    int threads() {
        return options.threads != null ? options.threads : BenchSupport.threads();
    }

    static List<String> strings(List<? extends Number> values) {
        List<String> out = new ArrayList<>();
        for (Number v : values) {
            out.add(v.toString());
        }
        return out;
    }

    int combinations() {
        return groups.stream().mapToInt(RunGroup::combinations).sum();
    }

    double estimatedSeconds() {
        return groups.stream().mapToDouble(RunGroup::estimatedSeconds).sum();
    }

    /** Forks in all groups together. */
    int forks() {
        return groups.stream().mapToInt(g -> g.combinations() * g.forks()).sum();
    }
}
