package dev.nimbench.bench;

import dev.nimbench.config.Defaults;
import dev.nimbench.distribution.Problem;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The {@code coldstart} profile: {@link ColdPipelineBench} for each cold configuration × JVM
 * option set ({@link ColdJvm}) at the production sizes, {@link #FORKS} forks each (one cold
 * sample per fork), then the whole-process timer ({@link ColdProcessTimer}) in the same run.
 * Its results go to {@code results/coldstart/} so that the warm report's "newest file per JDK"
 * never picks a cold file; the report puts both side by side ({@code report.ColdStartSection}).
 *
 * <p>Configurations per problem: the solver's default at 1 and {@link PipelinePlan#PARALLEL_THREADS}
 * threads (what a user gets without options, on one core and on two) and the one-shot candidate
 * ({@link #oneShotLabel}) at 1 thread. The warm plan's other labels (each stage's baseline) are left
 * out: crossed with three JVM option sets and five forks they would not fit the profile's
 * 5-minute budget, and warm they already lose.
 */
final class ColdStartPlan {

    /** Forks (cold samples) per configuration unless {@code -Djmh.forks} says otherwise: 5 is the fewest a rank test can use. */
    static final int FORKS = 5;
    static final String BENCH = "ColdPipelineBench";
    /** The pseudo-benchmark name {@code -Djmh.include} selects the process timer by. */
    static final String PROCESS = RunGroup.PACKAGE + ".ColdProcess.solve";

    private final BenchOptions options;
    private final PrintStream log;
    private final List<String> launcherOptions;
    private final List<String[]> trained = new ArrayList<>();
    private Path aotCache;
    private AotClassPath aotClassPath;
    private String aotFailure;
    private final Map<String, Object> metadata = new LinkedHashMap<>();

    private ColdStartPlan(BenchOptions options, PrintStream log) {
        this.options = options;
        this.log = log;
        this.launcherOptions = ColdJvm.launcherOptions(options.root);
    }

    /** The one-shot candidate: the solver's own one-shot configuration ({@code Defaults.oneShot}), as a label. */
    static String oneShotLabel(Problem problem) {
        return PipelineLabels.label(Defaults.oneShot(problem), problem);
    }

    /** (label, threads) pairs measured cold for a problem, in report order. */
    static List<Map.Entry<String, Integer>> configurations(Problem problem) {
        return List.of(Map.entry(PipelineLabels.DEFAULT, 1),
                Map.entry(PipelineLabels.DEFAULT, PipelinePlan.PARALLEL_THREADS),
                Map.entry(oneShotLabel(problem), 1));
    }

    /**
     * Plans the cold groups into {@code plan} and returns the plan's cold-start state.
     *
     * @throws IllegalArgumentException a size without a known answer (a cold fork cannot afford a reference run)
     */
    static ColdStartPlan add(BenchPlan plan, BenchOptions options, PrintStream log) {
        ColdStartPlan cold = new ColdStartPlan(options, log);
        if (!options.includes(RunGroup.PACKAGE + "." + BENCH + ".solve")) {
            return cold;
        }
        for (Problem problem : Problem.values()) {
            if (!options.includesProblem(problem)) {
                continue;
            }
            for (int n : PipelinePlan.sizes(options, problem)) {
                if (PipelineLabels.known(problem, n) == null) {
                    throw new IllegalArgumentException("cold-start size " + n + " has no known " + problem.id()
                            + " answer to check a cold run against; valid: 100000, 10000000");
                }
                for (ColdJvm jvm : ColdJvm.values()) {
                    if (!jvm.availableHere()) {
                        String line = "cold JVM option set " + jvm.id() + " skipped: needs JDK " + ColdJvm.AOT_CACHE_FEATURE
                                + "+, this is " + Runtime.version().feature();
                        if (!plan.skipped.contains(line)) {
                            plan.skipped.add(line);
                            log.println("!!! SKIPPED " + line);
                        }
                        continue;
                    }
                    Map<Integer, List<String>> byThreads = new LinkedHashMap<>();
                    for (Map.Entry<String, Integer> c : configurations(problem)) {
                        if (options.includesVariant(c.getKey())) {
                            byThreads.computeIfAbsent(c.getValue(), t -> new ArrayList<>()).add(c.getKey());
                            if (jvm == ColdJvm.LAUNCHER_AOT) {
                                cold.trained.add(new String[] {problem.id(), c.getKey(), Integer.toString(n),
                                        Integer.toString(c.getValue())});
                            }
                        }
                    }
                    byThreads.forEach((threads, labels) -> plan.add(BENCH, List.of("solve"), Map.of(
                            "problem", List.of(problem.id()), "variant", labels, "size", List.of(Integer.toString(n)),
                            "threads", List.of(Integer.toString(threads)), "jvm", List.of(jvm.id())),
                            plan.profile().pipelineIterations, FORKS, 700));
                }
            }
        }
        return cold;
    }

    /** JVM options for a group's forks: its {@code jvm} set, none for other benchmarks. */
    List<String> forkOptions(RunGroup g) {
        List<String> jvm = g.params().get("jvm");
        if (!g.benchmarkClass().equals(BENCH) || jvm == null) {
            return List.of();
        }
        ColdJvm set = ColdJvm.fromId(jvm.get(0));
        return set.forkOptions(launcherOptions, set == ColdJvm.LAUNCHER_AOT ? aotCache() : null);
    }

    /**
     * The AOT cache for the forks, trained once per run: a JVM with the forks' class path and
     * options runs every planned cold configuration once ({@link ColdStartTraining}).
     *
     * @throws IllegalStateException when training fails (the group fails; the others still run)
     */
    private synchronized Path aotCache() {
        if (aotCache != null || aotFailure != null) {
            if (aotFailure != null) {
                throw new IllegalStateException(aotFailure);
            }
            return aotCache;
        }
        Path dir = options.root.toAbsolutePath().resolve("bench/target");
        Path cache = dir.resolve("coldstart-jdk" + Runtime.version().feature() + ".aot");
        List<String> cmd = new ArrayList<>();
        cmd.add(ColdProcessTimer.javaExecutable().toString());
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(launcherOptions);
        cmd.add("-XX:AOTCacheOutput=" + cache);
        cmd.add("-cp");
        cmd.add(ColdStartTraining.class.getName());
        for (String[] t : trained) {
            cmd.addAll(List.of(t));
        }
        log.println("training the AOT cache " + cache + " (" + trained.size() + " solves)");
        long t0 = System.nanoTime();
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(cache);
            AotClassPath cp = AotClassPath.create(System.getProperty("java.class.path"), ColdProcessTimer.javaExecutable(),
                    dir.resolve("coldstart-classpath"));
            cmd.add(cmd.indexOf("-cp") + 1, cp.classPath);
            aotClassPath = cp;
            Path logFile = dir.resolve("coldstart-aot-training.log");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(logFile.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                aotFailure = "AOT cache training timed out after 10 minutes (log: " + logFile + ")";
            } else if (p.exitValue() != 0 || !Files.isRegularFile(cache)) {
                aotFailure = "AOT cache training exited " + p.exitValue() + " without a cache (log: " + logFile + ")";
            }
        } catch (IOException e) {
            aotFailure = "AOT cache training could not run: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            aotFailure = "AOT cache training interrupted";
        }
        if (aotFailure != null) {
            throw new IllegalStateException(aotFailure);
        }
        metadata.put("aotCache", Map.of("file", cache.toString(), "trainingSeconds",
                Math.round((System.nanoTime() - t0) / 1e8) / 10.0, "trainedOn", trained.stream().map(t -> String.join(" ", t)).toList()));
        aotCache = cache;
        return cache;
    }

    /** The java a group's forks run: the AOT class-path wrapper for the AOT cache set, else null (JMH's default). */
    Path forkJvm(RunGroup g) {
        List<String> jvm = g.params().get("jvm");
        if (!g.benchmarkClass().equals(BENCH) || jvm == null || ColdJvm.fromId(jvm.get(0)) != ColdJvm.LAUNCHER_AOT) {
            return null;
        }
        aotCache();
        return aotClassPath.javaWrapper;
    }

    /** After the JMH groups: the whole-process timings, when the include filter selects them. */
    void afterGroups() {
        metadata.put("launcherOptions", launcherOptions);
        metadata.put("jvmOptionSets", jvmOptionSets());
        if (options.includes(PROCESS)) {
            metadata.put("processRuns", new ColdProcessTimer(options.root, log).run(ColdProcessTimer.ROUNDS));
        }
    }

    private Map<String, List<String>> jvmOptionSets() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (ColdJvm j : ColdJvm.values()) {
            if (j.availableHere()) {
                out.put(j.id(), j.forkOptions(launcherOptions, aotCache != null ? aotCache : Path.of("<not trained>")));
            }
        }
        return out;
    }

    /** What goes into the run's metadata under {@code coldStart}. */
    Map<String, Object> metadata() {
        return metadata;
    }
}
