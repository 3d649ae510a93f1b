package dev.nimbench.bench.report;

import dev.nimbench.bench.PipelineLabels;
import dev.nimbench.config.Configuration;
import dev.nimbench.config.ConfigurationResolver;
import dev.nimbench.distribution.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The decision rule of the recommendation, per problem: the default configuration stays unless
 * another measured configuration beats it <b>significantly across forks</b> and <b>by at least
 * {@value #MIN_EFFECT_PERCENT}% over its whole interval</b>. In full:
 * <ul>
 * <li>Without a measured {@code default} at the largest n there is nothing to keep and nothing to
 * test against: no decision ({@link #undecided} says so), never "the fastest, default kept".</li>
 * <li>Every other configuration is tested against the default (two-sided exact Mann–Whitney on
 * fork values; the runs of a pooled file are blocks, {@link ForkStats#test}), not only the fastest:
 * picking the fastest first and then testing it would test a selected comparison. The p-values of
 * the tested candidates are adjusted together with Benjamini–Hochberg (rate {@value ForkStats#ALPHA}).</li>
 * <li>A candidate is tested only with at least {@value #MIN_FORKS} forks on each side (and a side
 * at steady state, {@link ForkStats#steady}); below that it is "untested" and cannot win.</li>
 * <li>A winner has an adjusted p below {@value ForkStats#ALPHA} and the upper end of its ratio's
 * 95% interval (Hodges–Lehmann, the interval that inverts the test) at most
 * 1 - {@value #MIN_EFFECT_PERCENT}/100: the whole interval, not only the estimate, lies beyond the
 * minimum effect. Among several winners, the one with the smallest ratio.</li>
 * </ul>
 * Anything else is a tie, and a tie keeps the default: noise must not move the recommendation.
 * Each problem decides alone: the card-stacking pipeline never sets the divisor game's stages.
 *
 * <p>Candidates are the pipeline benchmark's configurations at the problem's largest n. The
 * default is the label {@code default} at its highest measured thread count (what {@code solve}
 * runs on the benchmark machine). A label is resolved to variants as recorded in the run's
 * metadata ({@code pipelineResolved}), so a later change of core's defaults cannot relabel old
 * numbers; in older files only labels that name every stage they run resolve, and a run whose
 * {@code default} does not resolve gets no decision ({@link #undecided} says why).
 */
public final class Recommender {

    /** Smallest gain, in percent, for which a configuration replaces the default: the ratio's whole interval must be beyond it. */
    public static final double MIN_EFFECT_PERCENT = 3;

    /** Fewest forks on each side (default and candidate) for a candidate to be tested at all. */
    public static final int MIN_FORKS = 4;

    /**
     * Metadata key: the CPU key as the harness's own JVM saw it when it resolved the pipeline
     * labels (a run limited with {@code -Djmh.isa}: the limited key, since the harness runs under
     * the limit's flags).
     */
    public static final String HARNESS_CPU_KEY = "harnessCpuKey";

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
     * @param fastest label and threads of the configuration the evidence names: the winner when
     *     one replaced the default, else the fastest measured
     * @param fastestMillis its median over forks, ms
     * @param ratio it / default, Hodges–Lehmann over fork values (NaN when the default is fastest)
     * @param low lower end of the ratio's 95% interval (NaN when too few forks)
     * @param high upper end
     * @param p two-sided exact Mann–Whitney p on fork values (NaN when the default is fastest)
     * @param adjustedP p adjusted with Benjamini–Hochberg over the tested candidates (NaN when untested)
     * @param tested number of candidates tested against the default (the family of the adjustment)
     * @param forks fork counts "default / fastest"
     * @param summary one line for the report
     */
    public record Decision(Problem problem, String label, int threads, Map<String, String> stages, boolean keptDefault,
            long n, double defaultMillis, String fastest, double fastestMillis, double ratio, double low, double high,
            double p, double adjustedP, int tested, String forks, String summary) {
    }

    /** One candidate against the default. */
    private record Candidate(Measurement m, double[] ratio, double p, String untested) {
    }

    /** The pipeline measurements of {@code problem} at its largest n that resolve to variants. */
    private static List<Measurement> atLargest(ResultFile file, Problem problem) {
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
        return at;
    }

    /**
     * Why no decision is made for {@code problem} although pipelines were measured: no
     * {@code default} at the largest n. Null when there is a decision or nothing was measured.
     */
    public static String undecided(ResultFile file, Problem problem) {
        List<Measurement> at = atLargest(file, problem);
        if (!labelsRecorded(file) && defaultMeasured(file, problem) && defaultAtMostThreads(at) == null) {
            return problem.id() + ": no recommendation: " + unrecorded(file) + ", and resolving `default` with"
                    + " today's defaults would put today's variant names on its numbers [" + file.path().getFileName() + "]";
        }
        if (at.isEmpty() || defaultAtMostThreads(at) != null) {
            return null;
        }
        return problem.id() + " at n = " + Format.size(at.get(0).size()) + ": no recommendation: the default"
                + " configuration has no steady-state measurement at this n with " + mostThreads(at)
                + " thread(s), the most measured (not measured, or shown apart under Steady state), so nothing"
                + " can be kept or tested against (" + at.size() + " configuration(s) measured) ["
                + at.get(0).file() + "]";
    }

    /** The most threads any configuration in {@code at} was measured with. */
    private static int mostThreads(List<Measurement> at) {
        return at.stream().mapToInt(Recommender::threads).max().orElse(1);
    }

    /**
     * The default measured with the most threads of any configuration in {@code at}; null when that
     * default is missing (e.g. shown apart as not steady). A default at fewer threads never stands in:
     * it would be kept, or beaten, as if it were what the machine runs by default.
     */
    private static Measurement defaultAtMostThreads(List<Measurement> at) {
        int most = mostThreads(at);
        return at.stream().filter(m -> PipelineLabels.DEFAULT.equals(m.variant()) && threads(m) == most)
                .findFirst().orElse(null);
    }

    /**
     * The decision for {@code problem} from {@code file}'s pipeline measurements; null when none
     * resolves or when the default was not measured at the largest n ({@link #undecided}).
     */
    public static Decision decide(ResultFile file, Problem problem) {
        List<Measurement> at = atLargest(file, problem);
        Measurement dflt = defaultAtMostThreads(at);
        if (dflt == null) {
            return null;
        }
        long n = dflt.size();
        List<Candidate> all = new ArrayList<>();
        List<Integer> family = new ArrayList<>();
        for (Measurement m : at) {
            if (m == dflt) {
                continue;
            }
            double[] ratio = ForkStats.ratio(dflt, m);
            double p = ForkStats.test(dflt, m).p();
            String untested = Math.min(dflt.forkCount(), m.forkCount()) < MIN_FORKS
                    || ForkStats.minimumP(dflt, m) >= ForkStats.ALPHA ? "too few forks to decide (fewer than "
                    + MIN_FORKS + " a side)"
                    : !(ForkStats.steady(dflt) && ForkStats.steady(m)) ? "forks still drifting: warm-up too short to decide"
                    : null;
            if (untested == null) {
                family.add(all.size());
            }
            all.add(new Candidate(m, ratio, p, untested));
        }
        double[] adjusted = Comparison.benjaminiHochberg(family.stream().mapToDouble(k -> all.get(k).p()).toArray());
        double[] adj = new double[all.size()];
        java.util.Arrays.fill(adj, Double.NaN);
        for (int k = 0; k < family.size(); k++) {
            adj[family.get(k)] = adjusted[k];
        }
        int winner = -1;
        for (int k : family) {
            Candidate c = all.get(k);
            boolean wins = adj[k] < ForkStats.ALPHA && c.ratio()[2] <= 1 - MIN_EFFECT_PERCENT / 100;
            if (wins && (winner < 0 || c.ratio()[0] < all.get(winner).ratio()[0])) {
                winner = k;
            }
        }
        int shown = winner;
        if (shown < 0) {
            for (int k = 0; k < all.size(); k++) {
                if (all.get(k).m().score() < dflt.score()
                        && (shown < 0 || all.get(k).m().score() < all.get(shown).m().score())) {
                    shown = k;
                }
            }
        }
        String tested = family.size() + " of " + all.size() + " candidate(s) tested against the default";
        String why;
        if (shown < 0) {
            why = "the default is the fastest configuration measured (" + tested + ")";
        } else {
            Candidate c = all.get(shown);
            double[] r = c.ratio();
            String vs = name(c.m()) + " against " + name(dflt) + ": ratio " + Format.fixed(r[0], 3)
                    + (Double.isNaN(r[1]) ? "" : " [" + Format.fixed(r[1], 3) + ", " + Format.fixed(r[2], 3) + "]")
                    + ", p=" + Verdict.formatP(c.p()) + (Double.isNaN(adj[shown]) ? "" : ", adjusted p="
                    + Verdict.formatP(adj[shown])) + ", forks " + dflt.forkCount() + " / " + c.m().forkCount() + "; "
                    + tested;
            String min = Format.sig(MIN_EFFECT_PERCENT, 2) + "%";
            why = shown == winner ? "wins significantly, its whole interval at least " + min + " faster (" + vs + ")"
                    : c.untested() != null ? "untested, " + c.untested() + " (" + vs + "): tie, the default is kept"
                    : !(adj[shown] < ForkStats.ALPHA) ? "not significant after adjustment (" + vs
                            + "): tie, the default is kept"
                    : "significant but its interval reaches within " + min + " of the default (" + vs
                            + "): tie, the default is kept";
        }
        Measurement chosen = winner >= 0 ? all.get(winner).m() : dflt;
        Candidate c = shown < 0 ? null : all.get(shown);
        String summary = problem.id() + " at n = " + Format.size(n) + ": " + name(chosen) + ", median "
                + Format.sig(chosen.score() * 1e3, 4) + " ms over " + chosen.forkCount() + " fork(s); " + why
                + " [" + chosen.file() + "]";
        Measurement named = c == null ? dflt : c.m();
        return new Decision(problem, chosen.variant(), threads(chosen), resolve(file, problem, chosen), winner < 0, n,
                dflt.score() * 1e3, name(named), named.score() * 1e3, c == null ? Double.NaN : c.ratio()[0],
                c == null ? Double.NaN : c.ratio()[1], c == null ? Double.NaN : c.ratio()[2],
                c == null ? Double.NaN : c.p(), c == null ? Double.NaN : adj[shown], family.size(),
                dflt.forkCount() + " / " + named.forkCount(), summary);
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
     * The variants a label ran, stage to id: as recorded in the metadata when the run recorded it.
     * A run that recorded no labels (files from before the harness recorded them) resolves only
     * the labels that name every stage they run, whatever the defaults: {@code default} and any
     * label leaving a stage to the defaults get null ("not recorded"), because today's defaults
     * (which differ by JDK and CPU, and change between versions) would relabel old numbers. Null
     * as well when the current registries cannot resolve the label.
     */
    static Map<String, String> resolve(ResultFile file, Problem problem, Measurement m) {
        Map<String, String> out = new LinkedHashMap<>();
        String prefix = "pipelineResolved." + problem.id() + "." + m.variant() + ".";
        boolean trusted = labelsRecorded(file);
        for (String stage : STAGES) {
            String v = trusted ? file.meta().values().get(prefix + stage) : null;
            if (v != null) {
                out.put(stage, v);
            }
        }
        if (out.size() == STAGES.size()) {
            return out;
        }
        if (trusted) {
            return null; // the run recorded its labels, but not this one
        }
        try {
            Configuration named = PipelineLabels.parse(m.variant(), problem, threads(m));
            Map<String, String> run = stagesOf(ConfigurationResolver.resolve(named, problem,
                    problem.defaultModulus()).asRun(), problem);
            Map<String, String> given = stagesOf(named, problem); // null where the label leaves a stage to the defaults
            for (String stage : STAGES) {
                String ran = run.get(stage);
                if (ran != null && !Configuration.NONE.equals(ran) && !ran.equals(given.get(stage))) {
                    return null; // this stage came from the defaults of the JVM rendering the report
                }
            }
            return run;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Why {@link #labelsRecorded} is false for {@code file}, as a clause. */
    public static String unrecorded(ResultFile file) {
        return resolvedOnFullUnit(file)
                ? "this run's harness resolved its pipeline labels on the full vector unit, with its defaults, while"
                + " its forks ran " + file.meta().values().get("cpu.label") + " (harnesses before they ran under -Djmh.isa"
                + " themselves)"
                : "this run did not record which variants its pipeline labels ran (runs before the harness recorded them)";
    }

    /**
     * Whether a run limited with {@code -Djmh.isa} recorded labels that its harness resolved on
     * another vector unit than its forks' (no {@link #HARNESS_CPU_KEY}, or another key).
     */
    public static boolean resolvedOnFullUnit(ResultFile file) {
        Map<String, String> meta = file.meta().values();
        return recordsLabels(meta) && meta.get("cpu.isaLimit") != null
                && (meta.get("cpu.key") == null || !meta.get("cpu.key").equals(meta.get(HARNESS_CPU_KEY)));
    }

    private static boolean recordsLabels(Map<String, String> meta) {
        return meta.keySet().stream().anyMatch(k -> k.startsWith("pipelineResolved."));
    }

    /**
     * Whether the run recorded what its pipeline labels ran ({@code pipelineResolved} in its
     * metadata), resolved under the vector unit its forks ran on. A run limited with
     * {@code -Djmh.isa} counts only when its harness recorded that its own JVM had the same key
     * ({@code harnessCpuKey}): harnesses before that resolved the labels on the full vector unit,
     * with that unit's defaults, while the forks ran the limited unit's (their recorded labels
     * name kernels the benchmarks did not run).
     */
    public static boolean labelsRecorded(ResultFile file) {
        return recordsLabels(file.meta().values()) && !resolvedOnFullUnit(file);
    }

    /** Whether {@code file} measured the {@code default} pipeline of {@code problem}. */
    private static boolean defaultMeasured(ResultFile file, Problem problem) {
        return file.measurements().stream().anyMatch(m -> Stages.PIPELINE.equals(m.stage())
                && problem.id().equals(m.problem()) && PipelineLabels.DEFAULT.equals(m.variant()));
    }

    /**
     * The stages of a configuration, in the configuration file's key order: of a resolved one the
     * variants it runs; of a label as parsed, the stages it names (null for the others).
     */
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
