package dev.nimbench.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
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
        Lifeline.install(System.err);
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Instant start = Instant.now();
        BenchOptions options;
        BenchPlan plan;
        Yardstick yardstick;
        try {
            options = BenchOptions.parse(args);
            yardstick = Yardstick.resolve(options.yardstick, options.root,
                    options.threads != null ? options.threads : BenchSupport.threads());
            out.println("nimbench: profile " + options.profile.id() + ", options " + options.given);
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
                    + " PipelineBench.solve; nothing written");
            return 2;
        }
        int forks = options.forks != null ? options.forks : 1;
        out.printf("plan: %d runs in %d groups, estimated %.0f s%n", plan.combinations(), plan.groups.size(),
                plan.estimatedSeconds(forks));
        for (RunGroup g : plan.groups) {
            out.println("  " + g);
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
        for (RunGroup g : plan.groups) {
            try {
                Collection<RunResult> r = new Runner(jmhOptions(g, options, plan, forks).build()).run();
                results.addAll(r);
                failed.addAll(missing(g, r));
            } catch (RunnerException | RuntimeException e) {
                failed.add(g + ": " + e.getMessage());
                err.println("!!! FAILED " + g + ": " + e.getMessage());
            }
        }
        for (String f : failed) {
            err.println("!!! FAILED (no score): " + f);
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

    static ChainedOptionsBuilder jmhOptions(RunGroup g, BenchOptions options, BenchPlan plan, int forks) {
        Profile.Iterations it = g.iterations();
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include(g.includeRegex())
                .forks(forks)
                .warmupIterations(options.warmupIterations != null ? options.warmupIterations : it.warmup())
                .warmupTime(TimeValue.milliseconds(it.warmupMillis()))
                .measurementIterations(options.iterations != null ? options.iterations : it.measurement())
                .measurementTime(TimeValue.milliseconds(it.measurementMillis()))
                .shouldFailOnError(false);
        List<String> jvmArgs = new ArrayList<>();
        jvmArgs.add("-D" + BenchSupport.THREADS_PROPERTY + "=" + (options.threads != null ? options.threads : BenchSupport.threads()));
        if (!plan.distributionDigests.isEmpty()) {
            jvmArgs.add("-D" + DistributionReference.PROPERTY + "=" + DistributionReference.format(plan.distributionDigests));
        }
        b.jvmArgsAppend(jvmArgs.toArray(new String[0]));
        for (Map.Entry<String, List<String>> p : g.params().entrySet()) {
            b.param(p.getKey(), p.getValue().toArray(new String[0]));
        }
        for (String prof : options.profilers) {
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
        Path dir = options.results.toAbsolutePath().normalize();
        String base = ResultFiles.freeBaseName(dir, start, Runtime.version().feature());
        Path json = dir.resolve(base + ".json");
        Path meta = dir.resolve(base + ".meta.json");

        Map<String, Object> m = new LinkedHashMap<>();
        m.put("formatVersion", 1);
        m.put("resultFile", json.getFileName().toString());
        m.put("timestamp", start.toString());
        m.put("finished", Instant.now().toString());
        m.put("gitRevision", RunMetadata.gitRevision(options.root));
        m.putAll(RunMetadata.machine());
        m.put("command", options.command != null ? options.command : String.join(" ", RunMetadata.harnessCommand(args)));
        m.put("harnessCommand", RunMetadata.harnessCommand(args));
        m.put("profile", options.profile.id());
        m.put("options", options.given);
        m.put("threads", options.threads != null ? options.threads : BenchSupport.threads());
        List<String> groups = new ArrayList<>();
        plan.groups.forEach(g -> groups.add(g.toString()));
        m.put("plan", groups);
        m.put("skipped", plan.skipped);
        m.put("wrong", plan.wrong);
        m.put("failed", failed);
        if (!yardstickRuns.isEmpty()) {
            m.put("yardstick", yardstickRuns);
        }
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        // Metadata first: once the result file is visible, its metadata is already there.
        ResultFiles.writeNew(meta, o -> mapper.writeValue(o, m));
        ResultFiles.writeNew(json, o -> {
            PrintStream ps = new PrintStream(o, false, StandardCharsets.UTF_8);
            ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(results);
            ps.flush();
        });
        return json;
    }

    private static String pattern(Object p) {
        return p == null ? ".*" : p.toString();
    }
}
