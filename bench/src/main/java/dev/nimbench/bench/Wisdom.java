package dev.nimbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nimbench.bench.report.BadInputException;
import dev.nimbench.bench.report.ForkStats;
import dev.nimbench.bench.report.Measurement;
import dev.nimbench.bench.report.ResultFile;
import dev.nimbench.bench.report.ResultReader;
import dev.nimbench.distribution.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the newest complete default-profile run of this CPU key and JDK measured, read by the
 * planner: each stage's leader (lowest median over forks) at its largest size. FFTW keeps what its
 * planner learnt on a machine as "wisdom"; here the committed results are the wisdom, and
 * {@link PipelinePlan} composes the stage leaders into pipeline candidates, so that a pair of
 * choices that the built-in list never puts together is measured together. It also keeps each
 * stage's contenders (the variants within {@link #CONTENDER_MARGIN} of its leader) and each
 * problem's incumbent (that run's fastest pipeline at {@link PipelinePlan#PARALLEL_THREADS}
 * threads, by the stages it ran), from which the planner changes one choice at a time
 * ({@link PipelinePlan#neighbours}). A machine without such a run composes nothing (its first
 * default run is the wisdom of the next).
 *
 * @param file the results file the leaders come from
 * @param leaders stage to variant id: {@code transform}, {@code power}, {@code multiplier}, and
 *     {@code distribution/<problem>} per problem
 * @param contenders the same stage keys to the variants within {@link #CONTENDER_MARGIN} of the
 *     leader at its largest size, fastest first (the leader among them)
 * @param incumbents problem id to the stages ({@code combine}, {@code distribution},
 *     {@code transform}, {@code power}, {@code multiplier}; {@code none} where the configuration runs
 *     no such stage) of that run's fastest pipeline
 * @param racedOut each combination that run's racing dropped ({@link ForkRace#label}) to the forks
 *     it had run: what the budget expects it to run again ({@link Budget#expectedSeconds})
 * @param settleSeconds each combination that run measured ({@link #settleKey}) to the median over its
 *     forks of the warm-up to steady state ({@link SettleProfiler#SETTLE_MILLIS}), in seconds: what
 *     the plan expects a fork of it to take again ({@link #calibrated})
 */
record Wisdom(String file, Map<String, String> leaders, Map<String, List<String>> contenders,
        Map<String, Map<String, String>> incumbents, Map<String, Integer> racedOut, Map<String, Double> settleSeconds) {

    /**
     * How far behind its stage's leader a variant may be and still be tried in the incumbent's
     * place: 10%. A stage variant that loses by more on its own rarely wins inside a pipeline, and
     * each neighbour costs the run a decision group (about 16-45 s on 2 cores).
     */
    static final double CONTENDER_MARGIN = 1.10;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Wisdom of stage leaders alone (no contenders, no incumbents). */
    Wisdom(String file, Map<String, String> leaders) {
        this(file, leaders, Map.of(), Map.of(), Map.of(), Map.of());
    }

    /**
     * {@code g} with the warm-up that this run measured for its combinations ({@link
     * RunGroup#settleSeconds}: their mean, a combination it did not measure counting at the model's
     * estimate); {@code g} itself when it measured none of them. The model's warm-up is a least
     * ({@link Settle#estimatedSeconds}): a card-stacking pipeline fork at n = 10^7 settled in 7-12 s
     * on AMD Zen 3 (JDK 25, results/20261207T155752Z-jdk25.json) against about 3 s modelled, so a
     * plan from the model alone ran 18% past its estimate.
     */
    RunGroup calibrated(RunGroup g) {
        List<RunGroup> combos = ForkOrder.combinations(g);
        double sum = 0;
        int known = 0;
        for (RunGroup c : combos) {
            Double s = settleSeconds.get(settleKey(c.benchmarkClass(), c.methods().get(0), single(c.params())));
            if (s != null) {
                sum += s;
                known++;
            } else {
                sum += c.modelSettleSeconds();
            }
        }
        return known == 0 ? g : g.withSettleSeconds(sum / combos.size());
    }

    private static Map<String, String> single(Map<String, List<String>> params) {
        Map<String, String> out = new LinkedHashMap<>();
        params.forEach((k, v) -> out.put(k, v.get(0)));
        return out;
    }

    /** The key of one measured combination: class, method and its parameters in name order. */
    static String settleKey(String className, String method, Map<String, String> params) {
        return className + "." + method + " " + new TreeMap<>(params);
    }

    /**
     * Per combination of a results file ({@link #settleKey}), the median over its forks of
     * {@link SettleProfiler#SETTLE_MILLIS}, in seconds; combinations without it are absent.
     */
    static Map<String, Double> settleSeconds(JsonNode entries) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (JsonNode e : entries) {
            JsonNode raw = e.path("secondaryMetrics").path(SettleProfiler.SETTLE_MILLIS).path("rawData");
            List<Double> forks = new ArrayList<>();
            for (JsonNode fork : raw) {
                if (fork.size() > 0 && fork.get(0).isNumber()) {
                    forks.add(fork.get(0).asDouble() / 1000.0);
                }
            }
            String benchmark = e.path("benchmark").asText();
            int dot = benchmark.lastIndexOf('.');
            int classDot = benchmark.lastIndexOf('.', dot - 1);
            if (forks.isEmpty() || dot < 0) {
                continue;
            }
            Map<String, String> params = new LinkedHashMap<>();
            e.path("params").fields().forEachRemaining(p -> params.put(p.getKey(), p.getValue().asText()));
            out.put(settleKey(benchmark.substring(classDot + 1, dot), benchmark.substring(dot + 1), params),
                    ForkStats.median(forks.stream().mapToDouble(Double::doubleValue).toArray()));
        }
        return out;
    }

    /** The variants within the margin of a stage's leader, fastest first; empty when none was measured. */
    List<String> contenders(String stage) {
        return contenders.getOrDefault(stage, List.of());
    }

    /** The stages of a problem's incumbent pipeline, or null. */
    Map<String, String> incumbent(String problem) {
        return incumbents.get(problem);
    }

    /** The leader of a stage ({@code transform}, {@code power}) or of a problem's distribution, or null. */
    String leader(String stage) {
        return leaders.get(stage);
    }

    /**
     * The wisdom of the newest complete default-profile run in {@code results} whose CPU key is
     * {@code cpuKey} and whose file name says JDK {@code jdkFeature}, not {@link #narrowed}; null when there is none or it
     * cannot be read (the plan then composes nothing and says so).
     */
    static Wisdom read(Path results, String cpuKey, int jdkFeature) {
        if (!Files.isDirectory(results)) {
            return null;
        }
        try (Stream<Path> files = Files.list(results)) {
            List<Path> metas = files.filter(p -> p.getFileName().toString().endsWith("-jdk" + jdkFeature + ".meta.json"))
                    .sorted(Comparator.reverseOrder()).toList();
            for (Path meta : metas) {
                JsonNode m = JSON.readTree(meta.toFile());
                if (cpuKey.equals(m.path("cpu").path("key").asText()) && "default".equals(m.path("profile").asText())
                        && m.path("complete").asBoolean(false) && !narrowed(m.path("options"))) {
                    String name = meta.getFileName().toString();
                    Path json = meta.resolveSibling(name.substring(0, name.length() - ".meta.json".length()) + ".json");
                    return of(ResultReader.read(json), m, settleSeconds(JSON.readTree(json.toFile())));
                }
            }
        } catch (IOException | BadInputException e) {
            return null;
        }
        return null;
    }

    /**
     * Options that narrow a run to part of the plan or change its forks and iterations: such a run
     * (a re-measure of one row, say) is no machine's default run, so it is nobody's wisdom.
     */
    static final List<String> NARROWING = List.of("include", "variants", "problem", "sizes", "forks",
            "warmup-iterations", "iterations", "threads");

    /** Whether a run's recorded options ({@code options} of its metadata) narrow it ({@link #NARROWING}). */
    static boolean narrowed(JsonNode options) {
        return NARROWING.stream().anyMatch(options::has);
    }

    /**
     * The wisdom of one results file and its metadata (stages it did not measure are absent): the
     * metadata's {@code pipelineResolved} (problem to label to stages) is the only place that says
     * what a label such as {@code default} ran then, its {@code racing.out} what racing dropped;
     * {@code settleSeconds} is the file's measured warm-ups ({@link #settleSeconds(JsonNode)}).
     */
    static Wisdom of(ResultFile f, JsonNode meta, Map<String, Double> settleSeconds) {
        JsonNode resolved = meta.path("pipelineResolved");
        Map<String, List<String>> contenders = new LinkedHashMap<>();
        contenders.put("transform", ranked(f, "TransformBench", "transform", null));
        contenders.put("power", ranked(f, "PowerSumBench", "sum", null));
        contenders.put("multiplier", ranked(f, "MultiplierBench", "independentProducts", null));
        Map<String, Map<String, String>> incumbents = new LinkedHashMap<>();
        for (Problem problem : Problem.values()) {
            contenders.put("distribution/" + problem.id(), ranked(f, "DistributionBench", "histogram", problem.id()));
            incumbent(f, problem.id(), resolved.path(problem.id())).ifPresent(s -> incumbents.put(problem.id(), s));
        }
        contenders.values().removeIf(List::isEmpty);
        Map<String, String> leaders = new LinkedHashMap<>();
        contenders.forEach((stage, ranked) -> leaders.put(stage, ranked.get(0)));
        return new Wisdom(f.name(), leaders, contenders, incumbents, racedOut(meta.path("racing").path("out")),
                settleSeconds);
    }

    /** " out after 3 fork(s)": where a racing line's combination ends and how many forks it had run. */
    private static final Pattern OUT_AFTER = Pattern.compile("^(.*) out after (\\d+) fork\\(s\\)");

    /**
     * What the line of a combination says that the spent budget stopped without a margin
     * ({@link ForkRace#overBudget}) after its fork count.
     */
    private static final String BUDGET_STOP = "): the budget is spent";

    /**
     * The racing record's lines ({@link ForkRace.Out#describe}) as combination to forks run. A
     * combination that the spent budget stopped without a margin is left out: that depends on
     * that run's budget, not on its speed, and is forecast afresh ({@link DecisionForecast}); one
     * stopped beyond the racing margin at one fork is in, as racing's own are.
     */
    static Map<String, Integer> racedOut(JsonNode lines) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (JsonNode line : lines) {
            Matcher m = OUT_AFTER.matcher(line.asText());
            if (m.find() && !line.asText().contains(BUDGET_STOP)) {
                out.put(m.group(1), Integer.parseInt(m.group(2)));
            }
        }
        return out;
    }

    /**
     * The variants of one benchmark method at its largest size in the file that lie within
     * {@link #CONTENDER_MARGIN} of the fastest, fastest first.
     */
    private static List<String> ranked(ResultFile f, String className, String method, String problem) {
        List<Measurement> rows = f.measurements().stream().filter(m -> className.equals(m.className())
                && method.equals(m.method()) && (problem == null || problem.equals(m.problem())) && m.variant() != null)
                .toList();
        long top = rows.stream().mapToLong(Measurement::size).max().orElse(-1);
        List<Measurement> atTop = rows.stream().filter(m -> m.size() == top)
                .sorted(Comparator.comparingDouble(Measurement::score)).toList();
        if (atTop.isEmpty()) {
            return List.of();
        }
        double limit = atTop.get(0).score() * CONTENDER_MARGIN;
        return atTop.stream().filter(m -> m.score() <= limit).map(Measurement::variant).distinct().toList();
    }

    /**
     * The stages of the fastest pipeline of {@code problem} at {@link PipelinePlan#PARALLEL_THREADS}
     * threads and the largest size, as the run resolved its label; empty when the file has no such
     * row or its metadata does not say what the label ran.
     */
    private static Optional<Map<String, String>> incumbent(ResultFile f, String problem, JsonNode resolved) {
        String threads = Integer.toString(PipelinePlan.PARALLEL_THREADS);
        List<Measurement> rows = f.measurements().stream().filter(m -> "PipelineBench".equals(m.className())
                && problem.equals(m.problem()) && threads.equals(m.params().get("threads")) && m.variant() != null).toList();
        long top = rows.stream().mapToLong(Measurement::size).max().orElse(-1);
        return rows.stream().filter(m -> m.size() == top).min(Comparator.comparingDouble(Measurement::score))
                .map(m -> resolved.path(m.variant())).filter(JsonNode::isObject).map(stages -> {
                    Map<String, String> out = new LinkedHashMap<>();
                    stages.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
                    return out;
                });
    }
}
