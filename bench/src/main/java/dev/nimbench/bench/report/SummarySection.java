package dev.nimbench.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nimbench.bench.PipelineLabels;
import dev.nimbench.config.Configuration;
import dev.nimbench.config.ConfigurationResolver;
import dev.nimbench.config.Recommendations;
import dev.nimbench.distribution.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The report's first screen: per machine and JDK and per problem, the recommended configuration
 * (the pipeline decision of {@link Recommender}: the default unless another configuration wins
 * significantly across forks with its whole interval at least 3% faster), its median time, its speed-up
 * over the all-baseline pipeline (every stage's registry baseline) and over the previous
 * recommendation for that machine (the entry of the {@code recommended-config.json} this render
 * replaces) where both were measured in the same run, and its ratio to the native yardstick run
 * beside it. Every ratio divides two figures of one results file: one machine, one session.
 */
final class SummarySection {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SummarySection() {
    }

    static void render(ReportDoc doc, List<MachineRun> runs, Recommendations previous) {
        doc.heading(2, "Summary: what to use on each machine");
        List<List<String>> rows = new ArrayList<>();
        for (MachineRun r : runs) {
            for (Problem problem : Problem.values()) {
                Recommender.Decision best = Recommender.decide(r.file(), problem);
                if (best == null) {
                    String why = Recommender.undecided(r.file(), problem);
                    if (why != null) {
                        rows.add(List.of(r.machine().shortName() + dirty(r.file()), problem.id(), "none: " + why, "—", "—",
                                "—", "—"));
                    }
                    continue;
                }
                rows.add(List.of(r.machine().shortName() + (r.machine().limitLabel() == null ? ""
                        : " (" + r.machine().limitLabel() + ")") + dirty(r.file()), problem.id() + " n = " + Format.size(best.n()),
                        "`" + best.label() + " [threads=" + best.threads() + "]`" + " = " + describe(best)
                                + (best.keptDefault() && !best.fastest().equals(best.label() + " [threads=" + best.threads() + "]")
                                ? " (default kept: " + best.fastest() + " was not faster significantly with its whole interval by >= "
                                + Format.sig(Recommender.MIN_EFFECT_PERCENT, 2) + "%)" : ""),
                        Format.sig(millis(best), 4) + " ms",
                        overBaseline(r.file(), problem, best),
                        overPrevious(r, problem, best, previous),
                        problem == Problem.CARD_STACKING ? yardstick(r.file(), best) : "—"));
            }
        }
        if (rows.isEmpty()) {
            doc.para("No whole-pipeline run at a production size in the rendered results: no recommendation to"
                    + " summarise (run `mvn -pl bench jmh:run -Djmh.profile=recommend`).");
            return;
        }
        doc.table(List.of("machine", "problem", "recommended configuration", "median", "speed-up over all-baseline",
                "over the previous recommendation", "× native yardstick"), rows,
                false, false, false, true, true, true, true);
        doc.para("Each row comes from one results file (one machine, one session): the fastest configuration measured"
                + " (`solve --config reports/recommended-config.json` picks the row of the CPU and JDK it runs on)."
                + " Speed-ups are ratios of median times in that file; `—`: not measured in that run. A run marked"
                + " \"dirty tree\" was built from uncommitted changes: its code is not exactly the revision it names.");
    }

    /**
     * {@code " (dirty tree)"} when the run's revision was built from a working tree with
     * uncommitted changes (its code is not the commit it names), else empty.
     */
    static String dirty(ResultFile f) {
        String revision = f.meta().first("gitRevision");
        return revision != null && revision.endsWith("-dirty") ? " (dirty tree)" : "";
    }

    /** {@code distribution + transform + ..., T threads}: the stages the chosen configuration ran. */
    static String describe(Recommender.Decision d) {
        return stages(d.stages()) + ", " + d.threads() + (d.threads() == 1 ? " thread" : " threads");
    }

    /** {@code distribution + transform + ...}: the stages that ran, in {@link Recommender#STAGES} order, none left out. */
    static String stages(Map<String, String> stages) {
        StringBuilder sb = new StringBuilder();
        for (String stage : Recommender.STAGES) {
            String id = stages.get(stage);
            if (id != null && !Configuration.NONE.equals(id)) {
                sb.append(sb.length() == 0 ? "" : " + ").append(id);
            }
        }
        return sb.toString();
    }

    /** The chosen configuration's median over forks, ms. */
    static double millis(Recommender.Decision d) {
        return d.keptDefault() ? d.defaultMillis() : d.fastestMillis();
    }

    private static String overBaseline(ResultFile f, Problem problem, Recommender.Decision best) {
        Measurement base = pipelineAt(f, problem, best.n(), RecommendedPipelines::isAllBaseline);
        return base == null ? "— (not measured)" : Format.fixed(YardstickSection.medianMillis(base) / millis(best), 2) + "×";
    }

    private static String overPrevious(MachineRun r, Problem problem, Recommender.Decision best, Recommendations previous) {
        Recommendations.Entry e = previous == null ? null : previous.exact(r.machine().cpuKey(), r.machine().jdk());
        if (e == null) {
            return "— (none before)";
        }
        Configuration wanted;
        try {
            wanted = ConfigurationResolver.resolve(e.configuration(problem), problem, problem.defaultModulus()).asRun();
        } catch (IllegalArgumentException ex) {
            return "— (previous entry no longer resolves)";
        }
        Map<String, String> wantedStages = Recommender.stagesOf(wanted, problem);
        if (wantedStages.equals(best.stages()) && wanted.threads() == best.threads()) {
            return "unchanged";
        }
        Configuration entry = e.configuration(problem);
        Measurement prev = pipelineAt(r.file(), problem, best.n(),
                m -> wanted.threads() == Recommender.threads(m)
                        && (sameStatement(entry, m, problem) || wantedStages.equals(Recommender.resolve(r.file(), problem, m))));
        return prev == null ? "— (previous not measured)"
                : Format.fixed(YardstickSection.medianMillis(prev) / millis(best), 2) + "×";
    }

    /**
     * Whether the entry names exactly the stages that the measurement's label names (the same
     * statement, each leaving the same stages to the defaults): matched without resolving either
     * with today's defaults, which may not be what the run had.
     */
    private static boolean sameStatement(Configuration entry, Measurement m, Problem problem) {
        try {
            Configuration label = dev.nimbench.bench.PipelineLabels.parse(m.variant(), problem, Recommender.threads(m));
            return Recommender.stagesOf(entry, problem).equals(Recommender.stagesOf(label, problem));
        } catch (IllegalArgumentException ex) {
            return false;
        }
    }

    /** The chosen configuration's median over the yardstick's, both from {@code f}, or why there is none. */
    static String yardstick(ResultFile f, Recommender.Decision best) {
        YardstickSection.Ratio ratio = best.n() != YardstickSection.TARGET_N ? null
                : YardstickSection.ratio(f, best.label(), best.threads(), millis(best));
        if (ratio == null) {
            return "— (no yardstick in this run)";
        }
        return Format.fixed(ratio.value(), 2) + "×" + (ratio.forks() > 0 ? " paired (" + ratio.forks() + " forks)"
                : YardstickSection.unsteadyMark(f));
    }

    private static Measurement pipelineAt(ResultFile f, Problem problem, long n,
            java.util.function.Predicate<Measurement> which) {
        Measurement found = null;
        for (Measurement m : f.measurements()) {
            if (Stages.PIPELINE.equals(m.stage()) && problem.id().equals(m.problem()) && m.size() == n
                    && which.test(m) && (found == null
                    || YardstickSection.medianMillis(m) < YardstickSection.medianMillis(found))) {
                found = m;
            }
        }
        return found;
    }

    /** Pipeline labels resolved to the variants they run. */
    static final class RecommendedPipelines {

        private RecommendedPipelines() {
        }

        /** The configuration a pipeline measurement ran (labels resolved with today's defaults), or null. */
        static Configuration asRun(Measurement m, Problem problem) {
            try {
                int threads = Integer.parseInt(Objects.requireNonNullElse(m.params().get("threads"), "1").trim());
                Configuration c = PipelineLabels.parse(m.variant(), problem, threads);
                return ConfigurationResolver.resolve(c, problem, problem.defaultModulus()).asRun();
            } catch (IllegalArgumentException e) {
                return null;
            }
        }

        /** Whether the measurement runs every stage's registry baseline (the first constant). */
        static boolean isAllBaseline(Measurement m) {
            Problem problem;
            try {
                problem = Problem.fromId(m.problem());
            } catch (IllegalArgumentException | NullPointerException e) {
                return false;
            }
            Configuration c = asRun(m, problem);
            if (c == null) {
                return false;
            }
            return baseline(Stages.DISTRIBUTION, problem.id(), c.distributionFor(problem))
                    && baseline(Stages.TRANSFORM, null, c.transform())
                    && baseline(Stages.POWER, null, c.power())
                    && baseline(Stages.MULTIPLIER, null, c.multiplier());
        }

        private static boolean baseline(String stage, String problem, String id) {
            return Stages.registryBaseline(stage, problem).map(b -> b.equals(id)).orElse(false);
        }
    }
}
