package dev.nimbench.bench;

import dev.nimbench.bench.report.ColdStartSection;
import dev.nimbench.bench.report.ExhaustiveSection;
import dev.nimbench.platform.CpuIdentity;
import dev.nimbench.platform.JitGuard;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The harness behind {@code jmh:run}: plans the runs from the registries ({@link BenchPlan}), runs
 * JMH group by group (each parameter combination in its own fork), and writes one result file in
 * JMH's JSON format plus its metadata to {@code results/}. The files are updated after every group
 * and marked partial until the last one ends ({@link PartialResults}); {@code --resume} continues
 * an interrupted run. The harness stops with its parent process and takes its forks with it
 * ({@link Lifeline}).
 *
 * <p>Exit status: 0 all planned benchmarks produced a score; 1 some failed or disagreed with the
 * reference (what succeeded is still written, the failures are listed in the metadata); 2 bad
 * options, a filter that matches nothing (nothing written) or a refused resume; 3 the parent
 * process exited (the groups finished so far are kept, marked partial).
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Lifeline.install(System.err);
        Integer relaunched;
        try {
            relaunched = IsaRelaunch.ifNeeded(args, System.err); // --isa: the harness runs under the forks' flags
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        System.exit(relaunched != null ? relaunched : run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Instant start = Instant.now();
        BenchOptions options;
        BenchPlan plan;
        Yardstick yardstick;
        try {
            options = BenchOptions.parse(args);
            options.flameGraphs = FlameGraphs.forRun(options, start, out);
            yardstick = Yardstick.resolve(options.yardstick, options.root,
                    options.threads != null ? options.threads : BenchSupport.threads(), options.isa);
            out.println("nimbench: profile " + options.profile.id() + ", options " + options.given);
            out.println("nimbench: CPU " + options.cpu().key() + " (" + options.cpu().modelName() + ")"
                    + (options.isa == null ? "" : ", " + options.isa.describe() + " " + options.isa.jvmFlags()));
            if (options.yardstick == null && Yardstick.unavailable(options.isa) != null) {
                out.println("nimbench: yardstick: " + Yardstick.unavailable(options.isa));
            }
            plan = BenchPlan.make(options, out);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        if (plan.groups.isEmpty()) {
            err.println("error: no benchmark matches include '" + pattern(options.include) + "' and variants '"
                    + pattern(options.variants) + "'" + (plan.skipped.isEmpty() ? "" : " (skipped: " + plan.skipped + ")")
                    + "; benchmarks: DistributionBench.histogram, TransformBench.transform, TransformBench.copyBaseline,"
                    + " PowerSumBench.sum, MultiplierBench.dependentChain, MultiplierBench.independentProducts,"
                    + " PipelineBench.solve, LimitsBench.productPeak; nothing written");
            return 2;
        }
        out.printf("plan: %d runs (%d forks) in %d groups, estimated %.0f s of JMH after planning%n", plan.combinations(),
                plan.forks(), plan.groups.size(), plan.estimatedSeconds());
        for (RunGroup g : plan.groups) {
            out.printf("  %s (~%.0f s)%n", g, g.estimatedSeconds());
        }
        Map<String, Object> metadata = metadata(options, plan, start, args);
        PartialResults partial;
        try {
            partial = startOrResume(options, plan, metadata, start, out);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("error: cannot write results to " + options.results + ": " + e.getMessage());
            return 1;
        }
        boolean interleave = plan.coldStart == null && options.flameGraphs == null;
        if (options.dryRun) {
            Budget budget = budget(options, interleave, start, 0, plan, out);
            if (budget != null) {
                budget.describe(plan.groups).forEach(out::println);
            }
            out.println("dry run: nothing run, nothing written");
            return plan.wrong.isEmpty() ? 0 : 1;
        }

        // A resumed run keeps the "before" measured when it started.
        Map<String, Object> yardstickRuns = partial.yardstick();
        double yardstickSeconds = yardstick == null ? 0 : Yardstick.RESERVE_SECONDS;
        if (yardstick != null && !yardstickRuns.containsKey("before")) {
            yardstickRuns.put("command", yardstick.command());
            out.println("yardstick before: " + yardstick.command());
            long t0 = System.nanoTime();
            yardstickRuns.put("before", yardstick.measure());
            yardstickSeconds = (System.nanoTime() - t0) / 1e9;
            out.println("  " + yardstickRuns.get("before"));
        }
        YardstickRounds among = yardstick == null || !interleave ? null : new YardstickRounds(() -> {
            Map<String, Object> m = yardstick.measure();
            out.println("yardstick among the forks: " + m.getOrDefault("medianMs", m.get("error")) + " ms");
            return m.get("medianMs") instanceof Double d ? d : null;
        }, yardstickRuns, System::nanoTime);
        int amongRuns = among == null ? 0 : YardstickRounds.expectedRuns(ForkOrder.sets(plan.groups));
        Budget budget = budget(options, interleave, start, yardstickSeconds * (1 + amongRuns), plan, out);
        List<String> budgetDropped = new ArrayList<>();
        Map<String, Object> budgetRecord = null;
        double expectedSeconds = 0;
        if (budget != null) {
            budget.describe(plan.groups).forEach(out::println);
            Budget.Expected expected = budget.expected(plan.groups);
            expectedSeconds = expected.seconds();
            budgetRecord = budget.metadata(plan.groups, expected);
            budgetDropped = partial.budgetDropped(budgetRecord);
        }
        Map<String, Long> topSizes = Budget.topSizes(plan.groups);
        long benchStart = System.nanoTime();
        List<RunResult> results = new ArrayList<>(); // this process's, for the flame graphs
        RunProgress progress = RunProgress.start(plan.groups);
        long seed = forkSeed(partial);
        // Compared groups run together, their forks interleaved (ForkOrder); the cold-start
        // profile and flame graphs keep JMH's order (their per-group fork options and profiler output).
        List<List<RunGroup>> sets = interleave ? ForkOrder.sets(plan.groups)
                : plan.groups.stream().map(List::of).toList();
        for (List<RunGroup> set : sets) {
            for (RunGroup g : set) {
                String line = progress.starting(g);
                if (g == set.get(0)) {
                    out.println(line + (budget != null ? ", budget " + RunProgress.clock(budget.secondsLeft()) + " left" : "")
                            + (set.size() > 1 ? " (its forks interleaved with the next " + (set.size() - 1)
                            + " group(s))" : ""));
                }
            }
            List<RunGroup> todo = set.stream().filter(g -> !partial.isDone(g)).toList();
            if (todo.isEmpty()) {
                continue;
            }
            Map<RunGroup, List<RunResult>> byGroup = new LinkedHashMap<>();
            Map<RunGroup, List<String>> failures = new LinkedHashMap<>();
            todo.forEach(g -> failures.put(g, new ArrayList<>()));
            try {
                if (interleave && ForkOrder.interleaves(todo)) {
                    byGroup.putAll(runInterleaved(todo, options, plan, seed, failures, out, partial.racedOut(), budget,
                            YardstickRounds.paces(todo) ? among : null));
                } else {
                    for (RunGroup g : todo) {
                        if (budget != null && !budget.runsWhole(Budget.tier(g, topSizes))) {
                            byGroup.put(g, runTail(g, options, plan, budget, failures.get(g), budgetDropped, out));
                            continue;
                        }
                        Collection<RunResult> r = runTimed(g, options, plan, budget);
                        byGroup.put(g, new ArrayList<>(r));
                        failures.get(g).addAll(missing(g, r));
                    }
                }
                byGroup.values().forEach(results::addAll);
            } catch (RunnerException | RuntimeException e) {
                byGroup.clear();
                for (RunGroup g : todo) {
                    failures.get(g).add(g + ": " + e.getMessage());
                    err.println("!!! FAILED " + g + ": " + e.getMessage());
                }
            }
            if (Lifeline.stopping()) {
                // The JVM is shutting down and killed this set's forks: it is measured again on
                // resume; the run stays partial.
                return 1;
            }
            try {
                for (RunGroup g : todo) {
                    partial.groupFinished(g, byGroup.getOrDefault(g, List.of()), failures.get(g));
                }
            } catch (IOException e) {
                err.println("error: cannot write results to " + options.results + ": " + e.getMessage());
                return 1;
            }
        }
        List<String> failed = new ArrayList<>(partial.failed());
        if (plan.coldStart != null) {
            try {
                plan.coldStart.afterGroups();
            } catch (RuntimeException e) {
                failed.add("cold-start process timer: " + e.getMessage());
            }
        }
        out.println(progress.finished());
        if (budget != null) {
            double took = (System.nanoTime() - benchStart) / 1e9;
            budgetRecord.put("tookSeconds", Math.round(took));
            out.println(budget.finished(took, expectedSeconds));
        }
        for (String f : failed) {
            err.println("!!! FAILED (no score): " + f);
        }
        if (options.flameGraphs != null) {
            List<String> noGraph = new ArrayList<>();
            options.flameGraphs.collect(results, noGraph);
            noGraph.forEach(f -> err.println("!!! NO FLAME GRAPH: " + f));
            noGraph.forEach(f -> failed.add("no flame graph: " + f));
        }
        if (yardstick != null) {
            out.println("yardstick after: " + yardstick.command());
            yardstickRuns.put("after", yardstick.measure());
            out.println("  " + yardstickRuns.get("after"));
        }
        try {
            if (!partial.hasResults()) {
                partial.abandon();
                err.println("error: no benchmark produced a score; nothing written");
                return 1;
            }
            Map<String, Object> last = new LinkedHashMap<>();
            last.put("finished", Instant.now().toString());
            last.put("failed", failed);
            if (!yardstickRuns.isEmpty()) {
                Map<String, Object> y = new LinkedHashMap<>(yardstickRuns);
                y.put("command", RelativePaths.of(options.root).scrub(String.valueOf(y.get("command"))));
                last.put("yardstick", y);
            }
            if (plan.coldStart != null) {
                // the process timer's commands name the launcher and the jar by their paths
                last.put("coldStart", RelativePaths.of(options.root).scrubAll(plan.coldStart.metadata()));
            }
            out.println("results: " + partial.complete(last));
        } catch (IOException e) {
            err.println("error: cannot write results to " + options.results + ": " + e.getMessage());
            return 1;
        }
        return failed.isEmpty() && plan.wrong.isEmpty() ? 0 : 1;
    }

    /**
     * Runs the forks of a set of compared groups in interleaved rounds ({@link ForkOrder}): one JMH
     * invocation per fork, one combination each, in the seeded order; each group's forks merged
     * back into one result per combination. A combination without a score in some fork is added
     * to its group's {@code failures}.
     */
    private static Map<RunGroup, List<RunResult>> runInterleaved(List<RunGroup> set, BenchOptions options,
            BenchPlan plan, long seed, Map<RunGroup, List<String>> failures, PrintStream out, List<String> racedOut,
            Budget budget, YardstickRounds among) throws RunnerException {
        List<List<ForkOrder.Slot>> rounds = ForkOrder.rounds(set, seed);
        out.println("nimbench forks interleaved: " + set.size() + " group(s), " + rounds.size() + " rounds, order "
                + ForkOrder.describe(set, rounds));
        Map<RunGroup, List<RunResult>> forks = new LinkedHashMap<>();
        ForkRace race = new ForkRace();
        for (int r = 0; r < rounds.size(); r++) {
            for (ForkOrder.Slot slot : rounds.get(r)) {
                if (Lifeline.stopping()) {
                    return forks;
                }
                if (race.isOut(slot.fork())) {
                    continue;
                }
                if (among != null) {
                    among.beforeFork();
                }
                Collection<RunResult> result = runTimed(slot.fork(), options, plan, budget);
                if (among != null) {
                    among.afterFork(slot.fork(), result);
                }
                forks.computeIfAbsent(slot.group(), k -> new ArrayList<>()).addAll(result);
                race.record(slot.fork(), result);
                for (String m : missing(slot.fork(), result)) {
                    if (!failures.get(slot.group()).contains(m)) {
                        failures.get(slot.group()).add(m);
                    }
                }
            }
            for (ForkRace.Out o : race.afterRound()) {
                out.println("nimbench racing: " + o.describe());
                racedOut.add(o.describe());
            }
            // past the point where the set's remaining forks end by the deadline, only leaders and the default go on;
            // where even the next round would end past it, a one-fork candidate beyond the two-fork margin stops too
            if (budget != null && ForkOrder.remainingSeconds(rounds, r + 1, rounds.size(), race::isOut) * budget.pace() > budget.secondsLeft()) {
                boolean nextRoundShort = ForkOrder.remainingSeconds(rounds, r + 1, r + 2, race::isOut) * budget.pace() > budget.secondsLeft();
                for (ForkRace.Out o : race.overBudget(nextRoundShort)) {
                    out.println("nimbench budget: " + o.describe());
                    racedOut.add(o.describe());
                }
            }
        }
        if (among != null) {
            among.endSet();
        }
        Map<RunGroup, List<RunResult>> merged = new LinkedHashMap<>();
        forks.forEach((g, rs) -> merged.put(g, ForkOrder.merge(rs)));
        return merged;
    }

    /** One JMH invocation, its time recorded for the budget's pace (null: no budget). */
    private static Collection<RunResult> runTimed(RunGroup g, BenchOptions options, BenchPlan plan, Budget budget)
            throws RunnerException {
        long t0 = System.nanoTime();
        Collection<RunResult> r = new Runner(jmhOptions(g, options, plan).build()).run();
        if (budget != null) {
            budget.ran(g.estimatedSeconds(), (System.nanoTime() - t0) / 1e9);
        }
        return r;
    }

    /**
     * Runs a group of the budget's tail combination by combination while the budget admits each
     * ({@link Budget#admits}); a dropped combination is listed in {@code dropped} and printed, not
     * counted as a failure.
     */
    private static List<RunResult> runTail(RunGroup g, BenchOptions options, BenchPlan plan, Budget budget,
            List<String> failures, List<String> dropped, PrintStream out) throws RunnerException {
        List<RunResult> results = new ArrayList<>();
        Set<String> droppedKeys = new LinkedHashSet<>();
        for (RunGroup c : ForkOrder.combinations(g)) {
            RunGroup fork = c.withForks(g.forks());
            if (Lifeline.stopping()) {
                break;
            }
            boolean wasCut = budget.isCut();
            if (!budget.admits(fork.toString(), fork.estimatedSeconds())) {
                if (!wasCut) {
                    out.printf(Locale.ROOT, "nimbench budget: %s left, and the next fork needs ~%s at this run's pace"
                            + " (%.2f x the plan): the rest of the tail is dropped%n", RunProgress.clock(budget.secondsLeft()),
                            RunProgress.clock(fork.estimatedSeconds() * budget.pace()), budget.pace());
                }
                out.println("nimbench budget: dropped " + fork);
                dropped.add(fork.toString());
                droppedKeys.addAll(fork.expectedKeys());
                continue;
            }
            results.addAll(runTimed(fork, options, plan, budget));
        }
        for (String m : missing(g, results)) {
            if (!droppedKeys.contains(m)) {
                failures.add(m);
            }
        }
        return results;
    }

    /**
     * The run's budget ({@link Budget}): {@code --budget} or the profile's, from {@code --started}
     * (Maven's start) or this run's; null when there is none, or the run keeps JMH's order (cold
     * start, flame graphs), which the budget's tail needs.
     */
    private static Budget budget(BenchOptions options, boolean interleave, Instant start, double yardstickSeconds,
            BenchPlan plan, PrintStream out) {
        if (options.budget() <= 0) {
            out.println("budget: none (" + (options.budgetMinutes != null ? "-Djmh.budget=0" : "profile "
                    + options.profile.id()) + "): every planned fork runs");
            return null;
        }
        if (!interleave) {
            out.println("budget: not applied to a run that keeps JMH's order (cold start, flame graphs)");
            return null;
        }
        Instant started = options.startedMillis != null ? Instant.ofEpochMilli(options.startedMillis) : start;
        Budget b = new Budget(started, options.budget() * 60.0, Budget.AFTER_SECONDS + yardstickSeconds, Instant.now(),
                System::nanoTime);
        if (plan.wisdom != null && plan.profile() == Profile.DEFAULT) {
            b.expectRacing(plan.wisdom.file(), plan.wisdom.racedOut());
        }
        if (!plan.profile().decides()) {
            b.decisionsDecideNothing();
        }
        return b;
    }

    /** The seed of the fork order: the interrupted run's when resuming (same order), else a fresh one. */
    private static long forkSeed(PartialResults partial) {
        Object fo = partial.metadataValue(FORK_ORDER);
        if (fo instanceof Map<?, ?> m && m.get("seed") != null) {
            return Long.parseLong(String.valueOf(m.get("seed")));
        }
        // an interrupted run started before the fork order was recorded: a seed of its own start time, the same on every resume
        return String.valueOf(partial.metadataValue("timestamp")).hashCode();
    }

    /** Metadata key of the fork order: {@code {"seed": ..., "rule": ...}}. */
    static final String FORK_ORDER = "forkOrder";

    /**
     * The run's files: a new partial run, or (with {@code --resume}) the interrupted one it
     * continues. Says so when an interrupted run is left behind and not resumed.
     */
    private static PartialResults startOrResume(BenchOptions options, BenchPlan plan, Map<String, Object> metadata,
            Instant start, PrintStream out) throws IOException {
        // Cold and exhaustive runs in folders of their own: the warm report reads the newest file per
        // machine in results/.
        Path dir = (plan.coldStart != null ? options.results.resolve(ColdStartSection.FOLDER)
                : plan.profile() == Profile.EXHAUSTIVE ? options.results.resolve(ExhaustiveSection.FOLDER) : options.results)
                .toAbsolutePath().normalize();
        List<RunGroup> groups = plan.groups;
        if (options.resume != null) {
            PartialResults p = PartialResults.resume(dir, options.resume, metadata, groups)
                    .scrubbing(RelativePaths.of(options.root)::scrub);
            out.printf("resuming %s: %d of %d groups measured, %d to run%n", p.resultFile().getFileName(),
                    p.doneCount(), groups.size(), groups.size() - p.doneCount());
            return p;
        }
        Path interrupted = PartialResults.newestInterrupted(dir);
        if (interrupted != null) {
            out.println("note: " + interrupted.getFileName() + " is an interrupted run (" + PartialResults.progress(interrupted)
                    + "); -Djmh.resume (--resume) continues it instead of starting over");
        }
        if (options.dryRun) {
            return null;
        }
        return PartialResults.begin(dir, start, metadata, groups).scrubbing(RelativePaths.of(options.root)::scrub);
    }

    static ChainedOptionsBuilder jmhOptions(RunGroup g, BenchOptions options, BenchPlan plan) {
        Profile.Iterations it = g.iterations();
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include(g.includeRegex())
                .forks(g.forks())
                .warmupIterations(options.warmupIterations != null ? options.warmupIterations : it.warmup())
                .warmupTime(TimeValue.milliseconds(it.warmupMillis()))
                .measurementIterations(options.iterations != null ? options.iterations : it.measurement())
                .measurementTime(TimeValue.milliseconds(it.measurementMillis()))
                .shouldFailOnError(false);
        List<String> jvmArgs = new ArrayList<>(JitGuard.OPTIONS); // every fork: no kernel compiled boxed
        if (options.isa != null) {
            jvmArgs.addAll(options.isa.jvmFlags());
        }
        plan.references.forEach((property, values) -> jvmArgs.add("-D" + property + "=" + HarnessReference.format(values)));
        if (!plan.distributionDigests.isEmpty()) {
            jvmArgs.add("-D" + DistributionReference.PROPERTY + "=" + DistributionReference.format(plan.distributionDigests));
        }
        if (options.flameGraphs != null) {
            jvmArgs.addAll(FlameGraphs.FORK_FLAGS);
        }
        if (plan.coldStart != null) {
            jvmArgs.addAll(plan.coldStart.forkOptions(g));
            if (plan.coldStart.forkJvm(g) != null) {
                b.jvm(plan.coldStart.forkJvm(g).toString());
            }
        }
        b.jvmArgsAppend(jvmArgs.toArray(new String[0]));
        for (Map.Entry<String, List<String>> p : g.params().entrySet()) {
            b.param(p.getKey(), p.getValue().toArray(new String[0]));
        }
        b.addProfiler(SettleProfiler.class); // whether each fork's warm-up reached steady state (Settle)
        for (String prof : Profilers.effective(options.profilers, options.flameGraphs)) {
            int colon = prof.indexOf(':');
            if (colon > 0) {
                b.addProfiler(prof.substring(0, colon), prof.substring(colon + 1));
            } else {
                b.addProfiler(prof);
            }
        }
        return b;
    }

    /** Planned combinations of g that produced no result (their failure was printed by JMH). */
    static List<String> missing(RunGroup g, Collection<RunResult> results) {
        Set<String> got = new LinkedHashSet<>();
        for (RunResult r : results) {
            Map<String, String> params = new LinkedHashMap<>();
            for (String key : g.params().keySet()) {
                params.put(key, r.getParams().getParam(key));
            }
            got.add(RunGroup.key(r.getParams().getBenchmark(), params));
        }
        List<String> out = new ArrayList<>();
        for (String k : g.expectedKeys()) {
            if (!got.contains(k)) {
                out.add(k);
            }
        }
        return out;
    }

    /** What the run's .meta.json says from the start (the final fields are added when it completes). */
    private static Map<String, Object> metadata(BenchOptions options, BenchPlan plan, Instant start, String[] args) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("formatVersion", 1);
        m.put("resultFile", null);
        m.put("timestamp", start.toString());
        m.put("finished", null);
        m.put("gitRevision", RunMetadata.gitRevision(options.root));
        m.putAll(RunMetadata.machine(options.cpu()));
        RelativePaths paths = RelativePaths.of(options.root);
        m.put("command", paths.scrub(options.command != null ? options.command
                : String.join(" ", RunMetadata.harnessCommand(args))));
        m.put("harnessCommand", paths.scrub(RunMetadata.harnessCommand(args)));
        m.put("profile", options.profile.id());
        Map<String, String> given = new LinkedHashMap<>();
        options.given.forEach((k, v) -> given.put(k, paths.scrub(v)));
        m.put("options", given);
        m.put("profilers", Profilers.effective(options.profilers, options.flameGraphs));
        if (options.flameGraphs != null) {
            m.put("flameGraphs", options.flameGraphs.index());
        }
        m.put("threads", options.threads != null ? options.threads : BenchSupport.threads());
        List<String> groups = new ArrayList<>();
        plan.groups.forEach(g -> groups.add(g.toString()));
        m.put("plan", groups);
        m.put("estimatedSeconds", Math.round(plan.estimatedSeconds()));
        Map<String, Object> order = new LinkedHashMap<>();
        order.put("seed", new java.security.SecureRandom().nextLong());
        order.put("rule", "a group with several combinations and several forks runs in rounds: each round one fork of"
                + " every combination, in an order shuffled per round from the seed, the group and the round"
                + " (ForkOrder); other groups run combination by combination");
        m.put(FORK_ORDER, order);
        m.put("pipelineResolved", plan.pipelineResolved);
        // what the labels were resolved under: the report trusts pipelineResolved of an --isa run only when it is the run's key
        m.put(dev.nimbench.bench.report.Recommender.HARNESS_CPU_KEY, CpuIdentity.current().withIsaLimit(IsaRelaunch.limitOfThisJvm()).key());
        m.put("search", plan.search);
        m.put("skipped", plan.skipped);
        m.put("wrong", plan.wrong);
        m.put("failed", new ArrayList<String>());
        if (plan.coldStart != null) {
            m.put("coldStart", plan.coldStart.metadata());
        }
        return m;
    }

    private static String pattern(Object p) {
        return p == null ? ".*" : p.toString();
    }
}
