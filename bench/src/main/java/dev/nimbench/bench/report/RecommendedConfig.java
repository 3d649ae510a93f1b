package dev.nimbench.bench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.pipeline.Configuration;
import dev.nimbench.distribution.Problem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code recommended-config.json}: the configuration {@code solve --config} reads, chosen from one
 * results file (the newest), plus an {@code evidence} object that {@code solve} ignores.
 *
 * <p>Per stage: the fastest candidate (lowest mean time) whose id the stage's registry knows, at
 * the largest size measured for that stage (transform, power: largest P; distribution: largest n
 * per problem; multiplier: largest batch). Where the pipeline benchmark was run, its fastest
 * configuration per problem at the largest n ({@link PipelineChoice}) then sets the combine, the
 * thread count, the multiplier and the distribution, and the transform and power when its combine
 * uses them, so that the recommendation is the fastest configuration measured. Without pipeline
 * results the combine is {@code wht} and {@code threads} comes from the benchmark machine's cores
 * (meta file), else this machine's. Stages without a usable measurement are left out (solve uses its
 * default). Evidence per stage: score, error, unit, size, file, and the Mann–Whitney comparison
 * with the runner-up (a tie is reported, the fastest is still chosen).
 */
public final class RecommendedConfig {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RecommendedConfig() {
    }

    /** A one-line summary per stage for the report, filled by {@link #build}. */
    public record Choice(String stage, String variant, String evidence) {
    }

    /** Builds the JSON; {@code summary} receives a line per stage for the report. */
    public static ObjectNode build(ResultFile file, List<Panel> panels, List<Choice> summary) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode evidence = JSON.createObjectNode();
        evidence.put("source", file.name());
        evidence.put("jdk", file.jdkLabel());
        evidence.put("rule", "per stage the fastest registry variant (lowest mean time per op) at the largest"
                + " size measured; winner tested against the runner-up with a two-sided Mann-Whitney U"
                + " test on the raw JMH samples, alpha " + Panel.ALPHA);
        ObjectNode distribution = JSON.createObjectNode();
        ObjectNode distEvidence = JSON.createObjectNode();
        Map<String, List<Panel>> groups = new LinkedHashMap<>();
        for (Panel p : panels) {
            groups.computeIfAbsent(p.stage() + "\u0000" + p.problem(), k -> new ArrayList<>()).add(p);
        }
        for (List<Panel> group : groups.values()) {
            Panel p = group.get(0);
            String stage = p.stage();
            boolean isDist = Stages.DISTRIBUTION.equals(stage);
            if (!isDist && !Stages.TRANSFORM.equals(stage) && !Stages.POWER.equals(stage)
                    && !Stages.MULTIPLIER.equals(stage)) {
                continue;
            }
            if (isDist && p.problem() == null) {
                continue;
            }
            ObjectNode ev = JSON.createObjectNode();
            String chosen = group.size() == 1 ? choose(p, ev) : chooseAcross(group, ev);
            String key = isDist ? p.problem() : stage;
            if (isDist) {
                distEvidence.set(key, ev);
            } else {
                evidence.set(key, ev);
            }
            if (chosen != null) {
                (isDist ? distribution : root).put(key, chosen);
            }
            summary.add(new Choice(isDist ? stage + ": " + p.problem() : stage, chosen, ev.path("summary").asText()));
        }
        // The fastest whole pipeline measured decides what the stages alone cannot: the combine,
        // the thread count, and the stages whose best choice depends on the combine.
        ObjectNode pipelineEv = JSON.createObjectNode();
        String combine = "wht";
        Integer pipelineThreads = null;
        for (Problem problem : Problem.values()) {
            ObjectNode ev = JSON.createObjectNode();
            PipelineChoice best = PipelineChoice.fastest(file, problem, ev);
            if (best == null) {
                continue;
            }
            pipelineEv.set(problem.id(), ev);
            Configuration run = best.asRun();
            distribution.put(problem.id(), run.distributionFor(problem));
            if (problem == Problem.CARD_STACKING) {
                combine = run.combine();
                pipelineThreads = best.threads();
                fromPipeline(root, evidence, summary, Stages.MULTIPLIER, run.multiplier());
                if (!Configuration.NONE.equals(run.transform())) {
                    fromPipeline(root, evidence, summary, Stages.TRANSFORM, run.transform());
                }
                if (!Configuration.NONE.equals(run.power())) {
                    fromPipeline(root, evidence, summary, Stages.POWER, run.power());
                }
            }
            summary.add(new Choice("pipeline: " + problem.id(), best.label() + " [threads=" + best.threads() + "]",
                    ev.path("summary").asText()));
        }
        if (!pipelineEv.isEmpty()) {
            evidence.set("pipeline", pipelineEv);
        }
        if (!distribution.isEmpty()) {
            root.set("distribution", distribution);
        }
        if (!distEvidence.isEmpty()) {
            evidence.set("distribution", distEvidence);
        }
        // Key order as in the documented format: distribution first.
        ObjectNode ordered2 = JSON.createObjectNode();
        // A transform or power beside a combine that runs its own would be refused by solve
        // (issue 11: explicit choices are honoured or refused): leave them to the evidence.
        String recommendedCombine = combine;
        boolean spectrum = java.util.Arrays.stream(dev.nimbench.combine.CombineVariant.values())
                .filter(v -> v.id().equals(recommendedCombine)).findFirst()
                .map(dev.nimbench.combine.CombineVariant::usesSpectrum).orElse(true);
        for (String k : List.of("distribution", "transform", "multiplier", "power")) {
            if (!spectrum && (k.equals("transform") || k.equals("power"))) {
                continue;
            }
            if (root.has(k)) {
                ordered2.set(k, root.get(k));
            }
        }
        ordered2.put("combine", combine);
        ObjectNode combineEv = JSON.createObjectNode();
        combineEv.put("summary", pipelineThreads != null
                ? combine + ": the combine of the fastest card-stacking pipeline measured (evidence.pipeline)"
                : "wht: no pipeline was measured, and the combine is not benchmarked as a stage");
        evidence.set("combine", combineEv);
        summary.add(new Choice("combine", combine, combineEv.get("summary").asText()));
        ObjectNode threadsEv = JSON.createObjectNode();
        int threads = pipelineThreads != null ? pipelineThreads : threads(file, panels, threadsEv);
        if (pipelineThreads != null) {
            threadsEv.put("summary", "the thread count of the fastest card-stacking pipeline measured (evidence.pipeline)");
        }
        ordered2.put("threads", threads);
        evidence.set("threads", threadsEv);
        summary.add(new Choice("threads", Integer.toString(threads), threadsEv.get("summary").asText()));
        ordered2.set("evidence", evidence);
        return ordered2;
    }

    /**
     * Sets {@code stage} to the fastest pipeline's {@code variant}. Where the stage benchmark
     * alone chose another variant, the report's line and the stage's evidence say both, so the
     * table and the JSON never disagree.
     */
    private static void fromPipeline(ObjectNode root, ObjectNode evidence, List<Choice> summary, String stage,
            String variant) {
        String stageChoice = root.path(stage).asText(null);
        root.put(stage, variant);
        if (variant.equals(stageChoice)) {
            return;
        }
        ObjectNode ev = evidence.has(stage) ? (ObjectNode) evidence.get(stage) : JSON.createObjectNode();
        String alone = stageChoice == null ? "" : "; the " + stage + " benchmark alone favours " + stageChoice
                + " (" + ev.path("summary").asText() + ")";
        String text = variant + ": the " + stage + " of the fastest card-stacking pipeline measured (evidence.pipeline)"
                + alone;
        ev.put("chosenBy", "pipeline");
        ev.put("summary", text);
        evidence.set(stage, ev);
        Choice line = new Choice(stage, variant, text);
        int at = -1;
        for (int i = 0; i < summary.size(); i++) {
            if (summary.get(i).stage().equals(stage)) {
                at = i;
            }
        }
        if (at >= 0) {
            summary.set(at, line);
        } else {
            summary.add(line);
        }
    }

    /** The registry-known candidates of {@code p} at their largest size, fastest first. */
    private static List<Series> ranked(Panel p, long[] sizeOut) {
        List<Series> known = p.candidates().stream()
                .filter(s -> Stages.find(p.stage(), p.problem(), s.variant()).isPresent()).toList();
        long size = known.stream().flatMap(s -> s.points().stream()).mapToLong(Measurement::size).max().orElse(-1);
        sizeOut[0] = size;
        return known.stream().filter(s -> s.at(size) != null)
                .sorted(Comparator.comparingDouble(s -> s.at(size).score())).toList();
    }

    private static String choose(Panel p, ObjectNode ev) {
        long[] sz = new long[1];
        List<Series> at = ranked(p, sz);
        long size = sz[0];
        if (at.isEmpty()) {
            ev.put("summary", "no measured variant is in the " + p.stage() + " registry; left to the default");
            return null;
        }
        Verdict v = Verdict.of(size, at, Panel.ALPHA);
        Measurement best = v.fastest().at(size);
        TimeScale u = p.displayUnit();
        ev.put("variant", v.fastest().variant());
        ev.put("size", size);
        ev.put("score", round(best.score() / u.seconds()));
        ev.put("error", Double.isNaN(best.error()) ? null : round(best.error() / u.seconds()));
        ev.put("unit", u.symbol() + "/op");
        ev.put("samples", best.samples().length);
        ev.put("file", best.file());
        if (v.runnerUp() != null) {
            Measurement ru = v.runnerUp().at(size);
            ev.put("runnerUp", v.runnerUp().variant());
            ev.put("runnerUpScore", round(ru.score() / u.seconds()));
            ev.put("pValue", Double.isNaN(v.vsRunnerUp().p()) ? null : round(v.vsRunnerUp().p()));
            ev.put("significant", v.runnerUpTestable() && v.vsRunnerUp().significant(Panel.ALPHA));
            ev.put("testable", v.runnerUpTestable());
        }
        ev.put("summary", v.describe() + " at size " + Format.sizeLabel(size) + ": "
                + Format.sig(best.score() / u.seconds(), 4) + " " + u.symbol() + "/op");
        return v.fastest().variant();
    }

    /**
     * A stage measured by several methods (one panel each): the variant with the lowest geometric
     * mean, over the methods, of its time relative to that method's fastest, at each method's
     * largest size; only variants measured by every method compete.
     */
    private static String chooseAcross(List<Panel> group, ObjectNode ev) {
        Map<String, List<Double>> relative = new LinkedHashMap<>();
        ObjectNode methods = JSON.createObjectNode();
        for (Panel p : group) {
            ObjectNode m = JSON.createObjectNode();
            choose(p, m);
            methods.set(p.method(), m);
            long[] sz = new long[1];
            List<Series> at = ranked(p, sz);
            if (at.isEmpty()) {
                continue;
            }
            double best = at.get(0).at(sz[0]).score();
            for (Series s : at) {
                relative.computeIfAbsent(s.variant(), k -> new ArrayList<>()).add(s.at(sz[0]).score() / best);
            }
        }
        String chosen = null;
        double bestMean = Double.POSITIVE_INFINITY;
        for (Map.Entry<String, List<Double>> e : relative.entrySet()) {
            if (e.getValue().size() != group.size()) {
                continue;
            }
            double gm = Stats.geometricMean(e.getValue().stream().mapToDouble(Double::doubleValue).toArray());
            if (gm < bestMean) {
                bestMean = gm;
                chosen = e.getKey();
            }
        }
        ev.put("rule", "lowest geometric mean over the benchmark methods of time relative to each method's"
                + " fastest, at each method's largest size");
        ev.put("variant", chosen);
        if (chosen != null) {
            ev.put("relativeTime", round(bestMean));
        }
        ev.set("methods", methods);
        StringBuilder sb = new StringBuilder(chosen == null ? "no variant measured by every method" : chosen
                + " (geometric-mean time " + Format.fixed(bestMean, 2) + "\u00d7 the per-method fastest)");
        for (Panel p : group) {
            sb.append("; ").append(p.method()).append(": ").append(methods.path(p.method()).path("summary").asText());
        }
        ev.put("summary", sb.toString());
        return chosen;
    }

    /**
     * Threads: where the pipeline benchmark measured one configuration at several {@code threads}
     * values (at a panel's largest n), the thread count of the fastest of them, per problem; the
     * count most problems chose (ties: the larger). Otherwise the benchmark machine's cores.
     */
    private static int threads(ResultFile file, List<Panel> panels, ObjectNode ev) {
        Map<Integer, Integer> votes = new java.util.TreeMap<>(Comparator.reverseOrder());
        ObjectNode perPanel = JSON.createObjectNode();
        for (Panel p : panels) {
            if (!Stages.PIPELINE.equals(p.stage())) {
                continue;
            }
            long size = p.largestCandidateSize();
            Map<String, List<Measurement>> byLabel = new LinkedHashMap<>();
            for (Series s : p.candidates()) {
                Measurement m = s.at(size);
                if (m != null && threadsOf(m) > 0) {
                    byLabel.computeIfAbsent(s.variant(), k -> new ArrayList<>()).add(m);
                }
            }
            Measurement best = null;
            for (List<Measurement> ms : byLabel.values()) {
                if (ms.stream().map(Stages::threadsParam).distinct().count() < 2) {
                    continue; // one thread count: nothing compared
                }
                for (Measurement m : ms) {
                    if (best == null || m.score() < best.score()) {
                        best = m;
                    }
                }
            }
            if (best != null) {
                votes.merge(threadsOf(best), 1, Integer::sum);
                perPanel.put(p.title(), best.shortName());
            }
        }
        if (!votes.isEmpty()) {
            int t = votes.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            ev.put("summary", "the thread count of the fastest pipeline run where one configuration was measured at"
                    + " several thread counts (largest n)");
            ev.set("fastest", perPanel);
            return t;
        }
        int cores = file.meta().cores();
        if (cores > 0) {
            ev.put("summary", "the benchmark machine's cores (meta file; the pipeline benchmark does not compare"
                    + " thread counts)");
            return cores;
        }
        ev.put("summary", "this machine's available processors (no core count in the meta file)");
        return Runtime.getRuntime().availableProcessors();
    }

    private static int threadsOf(Measurement m) {
        try {
            String t = Stages.threadsParam(m);
            return t == null ? -1 : Integer.parseInt(t.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** 6 significant digits: stable text, no binary noise. */
    private static double round(double v) {
        return Double.parseDouble(Format.sig(v, 6));
    }

    /** Pretty JSON with {@code \n} line ends on every OS. */
    public static String toJson(ObjectNode node) {
        DefaultPrettyPrinter pp = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return JSON.writer(pp).writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
