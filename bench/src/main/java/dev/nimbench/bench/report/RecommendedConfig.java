package dev.nimbench.bench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.config.Configuration;
import dev.nimbench.config.ConfigurationResolver;
import dev.nimbench.distribution.Problem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code recommended-config.json}: the configuration {@code solve --config} reads, chosen from one
 * (pooled) results file, plus an {@code evidence} object that {@code solve} ignores.
 *
 * <p>Where the pipeline benchmark ran, each problem's configuration comes from its own pipeline
 * decision ({@link Recommender}: the default unless another configuration wins significantly across
 * forks with its whole interval at least 3% faster, {@link Recommender}), written per problem ({@code {"card-stacking": id, "divisor-game": id}})
 * where the problems differ, as a plain value where they agree. Without pipeline results a stage key
 * is written only where the stage benchmark's winner at the largest size beats the stage's default
 * by the same rule. Stages left out run {@code solve}'s default. The stage benchmarks' winners are
 * always in the evidence.
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
        // solve applies the entry's thread count only on a machine with as many cores.
        if (file.meta() != null && file.meta().cores() > 0) {
            evidence.put("logicalCores", file.meta().cores());
        }
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
        // Each problem's pipeline decides its own configuration (Recommender): the default stays
        // unless another configuration wins significantly across forks, its whole interval 3% faster.
        ObjectNode pipelineEv = JSON.createObjectNode();
        Map<Problem, Recommender.Decision> decisions = new LinkedHashMap<>();
        for (Problem problem : Problem.values()) {
            Recommender.Decision d = Recommender.decide(file, problem);
            if (d == null) {
                String why = Recommender.undecided(file, problem);
                if (why != null) {
                    ObjectNode ev = JSON.createObjectNode();
                    ev.put("summary", why);
                    pipelineEv.set(problem.id(), ev);
                    summary.add(new Choice("pipeline: " + problem.id(), "none", why));
                }
                continue;
            }
            decisions.put(problem, d);
            ObjectNode ev = JSON.createObjectNode();
            ev.put("label", d.label());
            ev.put("threads", d.threads());
            ev.put("keptDefault", d.keptDefault());
            ev.put("n", d.n());
            ev.put("defaultMedianMillis", round(d.defaultMillis()));
            ev.put("fastest", d.fastest());
            ev.put("fastestMedianMillis", round(d.fastestMillis()));
            putNumber(ev, "ratio", d.ratio());
            putNumber(ev, "ratioLow", d.low());
            putNumber(ev, "ratioHigh", d.high());
            putNumber(ev, "pValue", d.p());
            putNumber(ev, "adjustedP", d.adjustedP());
            ev.put("tested", d.tested());
            ev.put("forks", d.forks());
            ObjectNode ran = JSON.createObjectNode();
            d.stages().forEach(ran::put);
            ev.set("ran", ran);
            ev.put("summary", d.summary());
            pipelineEv.set(problem.id(), ev);
            summary.add(new Choice("pipeline: " + problem.id(), d.label() + " [threads=" + d.threads() + "]"
                    + (d.keptDefault() ? " (default kept)" : ""), d.summary()));
        }
        ObjectNode ordered2 = JSON.createObjectNode();
        if (decisions.isEmpty() && !pipelineEv.isEmpty()) {
            evidence.set("pipeline", pipelineEv); // measured, but no default to decide against: said there
        }
        if (!decisions.isEmpty()) {
            evidence.set("pipeline", pipelineEv);
            // The stage benchmarks alone are evidence only: the pipelines decide, problem by problem.
            for (String stage : Recommender.STAGES) {
                ObjectNode per = JSON.createObjectNode();
                decisions.forEach((problem, d) -> {
                    String id = d.stages().get(stage);
                    if (id != null && !Configuration.NONE.equals(id)) {
                        per.put(problem.id(), id);
                    }
                });
                setPerProblem(ordered2, stage, per, decisions.size());
            }
            ObjectNode threads = JSON.createObjectNode();
            decisions.forEach((problem, d) -> threads.put(problem.id(), d.threads()));
            setPerProblem(ordered2, "threads", threads, decisions.size());
            // The stage benchmarks' lines become evidence; the table shows what the file says.
            List<Choice> stageLines = new ArrayList<>(summary.stream().filter(c -> !c.stage().startsWith("pipeline")).toList());
            summary.removeAll(stageLines);
            for (String key : List.of("distribution", "transform", "multiplier", "power", "combine", "threads")) {
                if (ordered2.has(key)) {
                    JsonNode v = ordered2.get(key);
                    summary.add(new Choice(key, v.isObject() ? v.toString() : v.asText(),
                            "from the pipeline decisions above (each problem its own)"));
                }
            }
            for (Choice c : stageLines) {
                summary.add(new Choice(c.stage() + " benchmark", c.variant(), "evidence only (the pipelines decide): "
                        + c.evidence()));
            }
            evidence.put("rule", "per problem, the default configuration unless another measured pipeline configuration"
                    + " at the largest n is faster significantly across forks (every candidate with at least "
                    + Recommender.MIN_FORKS + " forks a side tested against the default: two-sided exact Mann-Whitney on"
                    + " per-fork medians, pooled runs as blocks, Benjamini-Hochberg over the candidates at "
                    + ForkStats.ALPHA + ") and its whole ratio's 95% interval is at least "
                    + Format.sig(Recommender.MIN_EFFECT_PERCENT, 2) + "% faster (upper end at most "
                    + Format.fixed(1 - Recommender.MIN_EFFECT_PERCENT / 100, 2) + "); otherwise a tie keeps the default."
                    + " Without a measured default, no recommendation. Stage benchmarks are evidence only.");
        } else {
            // No pipeline measured: a stage key is set only where its winner beats the stage's default
            // by the same rule; every other stage is left to solve's default.
            for (String k : List.of("distribution", "transform", "multiplier", "power")) {
                if (k.equals("distribution") ? !distribution.isEmpty() : root.has(k)) {
                    ordered2.set(k, k.equals("distribution") ? distribution : root.get(k));
                }
            }
            evidence.put("rule", (pipelineEv.isEmpty() ? "no pipeline was measured"
                    : "no pipeline decision (evidence.pipeline says why)") + ": per stage, the fastest registry variant at the largest size"
                    + " replaces the stage's default only when, with at least " + Recommender.MIN_FORKS + " forks a side,"
                    + " it is faster significantly across forks (two-sided exact Mann-Whitney on per-fork medians, alpha "
                    + ForkStats.ALPHA + ") and its whole ratio's 95% interval is at least "
                    + Format.sig(Recommender.MIN_EFFECT_PERCENT, 2) + "% faster (upper end at most "
                    + Format.fixed(1 - Recommender.MIN_EFFECT_PERCENT / 100, 2) + "); stages left out run solve's default.");
        }
        if (!distEvidence.isEmpty()) {
            evidence.set("distribution", distEvidence);
        }
        ordered2.set("evidence", evidence);
        return ordered2;
    }

    /**
     * {@code key}: a plain value when every problem decided the same, else an object per problem
     * ({@code {"card-stacking": ..., "divisor-game": ...}}), so that one problem never sets
     * another's stage. Nothing when no problem uses the stage.
     */
    private static void setPerProblem(ObjectNode root, String key, ObjectNode per, int decided) {
        if (per.isEmpty()) {
            return;
        }
        java.util.Set<String> values = new java.util.HashSet<>();
        per.properties().forEach(e -> values.add(e.getValue().asText()));
        if (per.size() == Problem.values().length && decided == Problem.values().length && values.size() == 1) {
            root.set(key, per.properties().iterator().next().getValue());
        } else {
            root.set(key, per);
        }
    }

    private static void putNumber(ObjectNode ev, String key, double v) {
        if (Double.isNaN(v)) {
            ev.putNull(key);
        } else {
            ev.put(key, round(v));
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
            ev.put("outraced", v.outraced().contains(v.runnerUp()));
        }
        String rule = againstDefault(p, v.fastest().variant(), size, ev);
        ev.put("summary", v.describe() + " at size " + Format.sizeLabel(size) + ": "
                + Format.sig(best.score() / u.seconds(), 4) + " " + u.symbol() + "/op; " + rule);
        return ev.path("replacesDefault").asBoolean(false) ? v.fastest().variant() : null;
    }

    /**
     * The recommendation rule for a stage benchmark: {@code variant} replaces the stage's default
     * variant only when, with at least {@link Recommender#MIN_FORKS} forks a side, it is faster
     * significantly across forks and the upper end of its ratio's 95% interval is at least
     * {@link Recommender#MIN_EFFECT_PERCENT}% below 1. Sets {@code replacesDefault} in {@code ev} and
     * returns a phrase saying why.
     */
    private static String againstDefault(Panel p, String variant, long size, ObjectNode ev) {
        Problem problem = p.problem() == null ? Problem.CARD_STACKING : Problem.fromId(p.problem());
        String resolvedDefault;
        try {
            resolvedDefault = Recommender.stagesOf(ConfigurationResolver.resolve(Configuration.defaults(), problem,
                    problem.defaultModulus()).asRun(), problem).get(p.stage());
        } catch (IllegalArgumentException e) {
            resolvedDefault = null;
        }
        String dflt = resolvedDefault;
        ev.put("replacesDefault", false);
        if (dflt == null || Configuration.NONE.equals(dflt)) {
            return "the default configuration does not run this stage on its own: left to the default";
        }
        ev.put("default", dflt);
        if (dflt.equals(variant)) {
            return "the default " + dflt + " is the fastest";
        }
        Series d = p.candidates().stream().filter(x -> dflt.equals(x.variant()) && x.at(size) != null).findFirst().orElse(null);
        Series w = p.candidates().stream().filter(x -> variant.equals(x.variant()) && x.at(size) != null).findFirst().orElse(null);
        if (d == null || w == null) {
            return "the default " + dflt + " was not measured at this size: left to the default";
        }
        Measurement a = d.at(size);
        Measurement b = w.at(size);
        double[] r = ForkStats.ratio(a, b);
        double pv = ForkStats.test(a, b).p();
        boolean steady = ForkStats.steady(a) && ForkStats.steady(b);
        boolean testable = steady && Math.min(a.forkCount(), b.forkCount()) >= Recommender.MIN_FORKS
                && ForkStats.minimumP(a, b) < ForkStats.ALPHA;
        boolean outraced = steady && ForkStats.minimumP(a, b) >= ForkStats.ALPHA && Racing.outraced(b, a);
        boolean replace = outraced
                || testable && pv < ForkStats.ALPHA && r[2] <= 1 - Recommender.MIN_EFFECT_PERCENT / 100;
        ev.put("replacesDefault", replace);
        ev.put("defaultOutraced", outraced);
        String vs = "ratio " + Format.fixed(r[0], 3) + (Double.isNaN(r[1]) ? "" : " [" + Format.fixed(r[1], 3) + ", "
                + Format.fixed(r[2], 3) + "]") + " against the default " + dflt + ", p=" + Verdict.formatP(pv)
                + ", forks " + a.forkCount() + " / " + b.forkCount();
        return outraced ? "replaces the default, which it outraced (the default's fastest fork beyond the racing"
                + " margin of its slowest; " + vs + ")" : replace ? "replaces the default (" + vs + ")" : !steady ? "untested, forks still drifting (" + vs
                + "): the default is kept" : !testable ? "untested, too few forks (" + vs
                + "): the default is kept" : "tie (" + vs + "; not significant, or the interval reaches within "
                + Format.sig(Recommender.MIN_EFFECT_PERCENT, 2) + "%): the default is kept";
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
        boolean everywhere = chosen != null;
        for (Panel p : group) {
            if (everywhere) {
                ObjectNode rule = JSON.createObjectNode();
                againstDefault(p, chosen, p.largestCandidateSize(), rule);
                everywhere = rule.path("replacesDefault").asBoolean(false);
            }
        }
        sb.append(everywhere ? "; replaces the default in every method" : "; the default is kept unless the winner beats it"
                + " significantly and by " + Format.sig(Recommender.MIN_EFFECT_PERCENT, 2) + "% in every method");
        ev.put("summary", sb.toString());
        return everywhere ? chosen : null;
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
