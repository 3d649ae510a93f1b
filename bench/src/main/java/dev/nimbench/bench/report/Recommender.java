package dev.nimbench.bench.report;

import dev.nimbench.bench.PipelineLabels;
import dev.nimbench.distribution.Problem;
import dev.nimbench.pipeline.Configuration;
import dev.nimbench.pipeline.ConfigurationResolver;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The decision rule of the recommendation, per problem: the default configuration stays unless
 * another measured configuration beats it <b>significantly across forks</b> (two-sided exact
 * Mann–Whitney on fork values, alpha {@value ForkStats#ALPHA}) <b>and</b> by at least
 * {@value #MIN_EFFECT_PERCENT}% (Hodges–Lehmann ratio at most 0.97). Anything else — a smaller
 * gain, an insignificant one, too few forks to test — is a tie, and a tie keeps the default: noise
 * must not move the recommendation; so is a comparison where half the forks of a side still drift
 * (not at steady state, {@link ForkStats#steady}). Each problem decides alone: the card-stacking pipeline never
 * sets the divisor game's stages.
 *
 * <p>Candidates are the pipeline benchmark's configurations at the problem's largest n. The
 * default is the label {@code default} at its highest measured thread count (what {@code solve}
 * runs on the benchmark machine). A label is resolved to variants as recorded in the run's
 * metadata ({@code pipelineResolved}) when the run recorded it, so a later change of core's
 * defaults cannot relabel old numbers; older files are resolved with the current defaults.
 */
public final class Recommender {

    /** Smallest gain, in percent, for which a configuration replaces the default. */
    public static final double MIN_EFFECT_PERCENT = 3;

    private Recommender() {
    }

    /**
     * A problem's decision.
     *
     * @param problem the problem
     * @param label chosen configuration's label ({@code default} when kept)
     * @param threads its thread count
     * @param stages the variants it ran, stage to id (distribution, transform, multiplier, power, combine)
     * @param keptDefault whether the default was kept (a tie, untested, or the default was fastest)
     * @param n the size the decision was made at
     * @param defaultMillis the default's median over forks, ms
     * @param fastest label and threads of the fastest configuration measured
     * @param fastestMillis its median over forks, ms
     * @param ratio fastest / default, Hodges–Lehmann over fork values (NaN when the default is fastest)
     * @param low lower end of the ratio's 95% interval (NaN when too few forks)
     * @param high upper end
     * @param p two-sided exact Mann–Whitney p on fork values (NaN when the default is fastest)
     * @param forks fork counts "default / fastest"
     * @param summary one line for the report
     */
    public record Decision(Problem problem, String label, int threads, Map<String, String> stages, boolean keptDefault,
            long n, double defaultMillis, String fastest, double fastestMillis, double ratio, double low, double high,
            double p, String forks, String summary) {
    }

    /** The decision for {@code problem} from {@code file}'s pipeline measurements; null when none resolves. */
    public static Decision decide(ResultFile file, Problem problem) {
        long n = -1;
        for (Measurement m : file.measurements()) {
            if (Stages.PIPELINE.equals(m.stage()) && problem.id().equals(m.problem())) {
                n = Math.max(n, m.size());
            }
        }
        List<Measurement> at = new ArrayList<>();
        for (Measurement m : file.measurements()) {
            if (Stages.PIPELINE.equals(m.stage()) && problem.id().equals(m.problem()) && m.size() == n
                    && resolve(file, problem, m) != null) {
                at.add(m);
            }
        }
        if (at.isEmpty()) {
            return null;
        }
        Measurement dflt = at.stream().filter(m -> PipelineLabels.DEFAULT.equals(m.variant()))
                .max(Comparator.comparingInt(Recommender::threads)).orElse(null);
        Measurement fastest = at.stream().min(Comparator.comparingDouble(Measurement::score)).orElseThrow();
        if (dflt == null) {
            // No default measured: nothing to keep; the fastest is reported, untested against a default.
            dflt = fastest;
        }
        double[] ratio = {Double.NaN, Double.NaN, Double.NaN};
        double p = Double.NaN;
        boolean replace = false;
        String why;
        if (fastest == dflt) {
            why = "the default is the fastest configuration measured";
        } else {
            ratio = MannWhitney.ratioInterval(dflt.forkValues(), fastest.forkValues(), ForkStats.CONFIDENCE);
            p = MannWhitney.test(dflt.forkValues(), fastest.forkValues()).p();
            boolean steady = ForkStats.steady(dflt) && ForkStats.steady(fastest);
            boolean testable = steady && MannWhitney.minimumP(dflt.forkCount(), fastest.forkCount()) < ForkStats.ALPHA;
            boolean significant = testable && p < ForkStats.ALPHA;
            boolean large = ratio[0] <= 1 - MIN_EFFECT_PERCENT / 100;
            replace = significant && large;
            String vs = name(fastest) + " against " + name(dflt) + ": ratio " + Format.fixed(ratio[0], 3)
                    + (Double.isNaN(ratio[1]) ? "" : " [" + Format.fixed(ratio[1], 3) + ", " + Format.fixed(ratio[2], 3) + "]")
                    + ", p=" + Verdict.formatP(p) + ", forks " + dflt.forkCount() + " / " + fastest.forkCount();
            why = replace ? "wins significantly and by at least " + Format.sig(MIN_EFFECT_PERCENT, 2) + "% (" + vs + ")"
                    : !steady ? "untested, forks still drifting: warm-up too short to decide (" + vs
                            + "): tie, the default is kept"
                    : !testable ? "untested, too few forks to decide (" + vs + "): tie, the default is kept"
                    : !significant ? "not significant (" + vs + "): tie, the default is kept"
                    : "significant but below " + Format.sig(MIN_EFFECT_PERCENT, 2) + "% (" + vs + "): tie, the default is kept";
        }
        Measurement chosen = replace ? fastest : dflt;
        String summary = problem.id() + " at n = " + Format.size(n) + ": " + name(chosen) + ", median "
                + Format.sig(chosen.score() * 1e3, 4) + " ms over " + chosen.forkCount() + " fork(s); " + why
                + " [" + chosen.file() + "]";
        return new Decision(problem, chosen.variant(), threads(chosen), resolve(file, problem, chosen), !replace, n,
                dflt.score() * 1e3, name(fastest), fastest.score() * 1e3, ratio[0], ratio[1], ratio[2], p,
                dflt.forkCount() + " / " + fastest.forkCount(), summary);
    }

    private static String name(Measurement m) {
        return m.variant() + " [threads=" + threads(m) + "]";
    }

    static int threads(Measurement m) {
        try {
            String t = m.params().get("threads");
            return t == null ? 1 : Integer.parseInt(t.trim());
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /**
     * The variants a label ran, stage to id: as recorded in the metadata when the run recorded it,
     * else resolved with the current defaults; null when the current registries cannot resolve it.
     */
    static Map<String, String> resolve(ResultFile file, Problem problem, Measurement m) {
        Map<String, String> out = new LinkedHashMap<>();
        String prefix = "pipelineResolved." + problem.id() + "." + m.variant() + ".";
        for (String stage : STAGES) {
            String v = file.meta().values().get(prefix + stage);
            if (v != null) {
                out.put(stage, v);
            }
        }
        if (out.size() == STAGES.size()) {
            return out;
        }
        try {
            Configuration run = ConfigurationResolver.resolve(PipelineLabels.parse(m.variant(), problem, threads(m)),
                    problem, problem.defaultModulus()).asRun();
            return stagesOf(run, problem);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The stages of a resolved configuration, in the configuration file's key order. */
    public static Map<String, String> stagesOf(Configuration run, Problem problem) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("distribution", run.distributionFor(problem));
        out.put("transform", run.transform());
        out.put("multiplier", run.multiplier());
        out.put("power", run.power());
        out.put("combine", run.combine());
        return out;
    }

    /** The stage keys of {@link #stagesOf}. */
    public static final List<String> STAGES = List.of("distribution", "transform", "multiplier", "power", "combine");
}
