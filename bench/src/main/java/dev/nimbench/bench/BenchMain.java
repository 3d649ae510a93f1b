package dev.nimbench.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.nimbench.bench.report.ColdStartSection;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The harness behind {@code jmh:run}: plans the runs from the registries ({@link BenchPlan}), runs
 * JMH group by group (each parameter combination in its own fork), and writes one result file in
 * JMH's JSON format plus its metadata to {@code results/}.
 *
 * <p>Exit status: 0 all planned benchmarks produced a score; 1 some failed or disagreed with the
 * reference (what succeeded is still written, the failures are listed in the metadata); 2 bad
 * options or a filter that matches nothing (nothing written).
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
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
                    options.threads != null ? options.threads : BenchSupport.threads());
            out.println("nimbench: profile " + options.profile.id() + ", options " + options.given);
            out.println("nimbench: CPU " + options.cpu().key() + " (" + options.cpu().modelName() + ")"
                    + (options.isa == null ? "" : ", " + options.isa.describe() + " " + options.isa.jvmFlags()));
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
        if (options.dryRun) {
            out.println("dry run: nothing run, nothing written");
            return plan.wrong.isEmpty() ? 0 : 1;
        }

        Map<String, Object> yardstickRuns = new LinkedHashMap<>();
        if (yardstick != null) {
            yardstickRuns.put("command", yardstick.command());
            out.println("yardstick before: " + yardstick.command());
            yardstickRuns.put("before", yardstick.measure());
            out.println("  " + yardstickRuns.get("before"));
        }
        List<RunResult> results = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        RunProgress progress = RunProgress.start(plan.groups);
        for (RunGroup g : plan.groups) {
            out.println(progress.starting(g));
            try {
                Collection<RunResult> r = new Runner(jmhOptions(g, options, plan).build()).run();
                results.addAll(r);
                failed.addAll(missing(g, r));
            } catch (RunnerException | RuntimeException e) {
                failed.add(g + ": " + e.getMessage());
                err.println("!!! FAILED " + g + ": " + e.getMessage());
            }
        }
        if (plan.coldStart != null) {
            try {
                plan.coldStart.afterGroups();
            } catch (RuntimeException e) {
                failed.add("cold-start process timer: " + e.getMessage());
            }
        }
        out.println(progress.finished());
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
        if (results.isEmpty()) {
            err.println("error: no benchmark produced a score; nothing written");
            return 1;
        }
        try {
            Path written = write(results, options, plan, failed, yardstickRuns, start, args);
            out.println("results: " + written);
        } catch (IOException e) {
            err.println("error: cannot write results to " + options.results + ": " + e.getMessage());
            return 1;
        }
        return failed.isEmpty() && plan.wrong.isEmpty() ? 0 : 1;
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
        List<String> jvmArgs = new ArrayList<>();
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

    private static Path write(List<RunResult> results, BenchOptions options, BenchPlan plan, List<String> failed,
            Map<String, Object> yardstickRuns, Instant start, String[] args) throws IOException {
        // Cold runs in their own folder: the warm report reads the newest file per JDK in results/.
        Path dir = (plan.coldStart != null ? options.results.resolve(ColdStartSection.FOLDER) : options.results).toAbsolutePath().normalize();
        String base = ResultFiles.freeBaseName(dir, start, Runtime.version().feature());
        Path json = dir.resolve(base + ".json");
        Path meta = dir.resolve(base + ".meta.json");

        Map<String, Object> m = new LinkedHashMap<>();
        m.put("formatVersion", 1);
        m.put("resultFile", json.getFileName().toString());
        m.put("timestamp", start.toString());
        m.put("finished", Instant.now().toString());
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
        m.put("pipelineResolved", plan.pipelineResolved);
        m.put("skipped", plan.skipped);
        m.put("wrong", plan.wrong);
        m.put("failed", failed);
        if (!yardstickRuns.isEmpty()) {
            Map<String, Object> y = new LinkedHashMap<>(yardstickRuns);
            y.put("command", paths.scrub(String.valueOf(y.get("command"))));
            m.put("yardstick", y);
        }
        if (plan.coldStart != null) {
            m.put("coldStart", plan.coldStart.metadata());
        }
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        // Metadata first: once the result file is visible, its metadata is already there.
        ResultFiles.writeNew(meta, o -> mapper.writeValue(o, m));
        java.io.ByteArrayOutputStream jmhJson = new java.io.ByteArrayOutputStream();
        PrintStream ps = new PrintStream(jmhJson, false, StandardCharsets.UTF_8);
        ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(results);
        ps.flush();
        // JMH records the fork JVM's absolute path ("jvm"): the JDK is named by vendor and version instead.
        String text = paths.scrub(jmhJson.toString(StandardCharsets.UTF_8));
        ResultFiles.writeNew(json, o -> o.write(text.getBytes(StandardCharsets.UTF_8)));
        return json;
    }

    private static String pattern(Object p) {
        return p == null ? ".*" : p.toString();
    }
}
