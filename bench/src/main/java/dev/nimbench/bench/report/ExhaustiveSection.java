package dev.nimbench.bench.report;

import dev.nimbench.distribution.Problem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The page {@code exhaustive.md}: how far each recommendation is from the best configuration that
 * the {@code exhaustive} profile measured on the same machine (CPU key) and JDK. Exhaustive runs
 * live in {@code results/exhaustive/} ({@link #FOLDER}), so the warm report never takes one for a
 * machine's newest run. Within the exhaustive file, the configuration the recommendation ran (its
 * stages, as both runs recorded them) is set against the file's fastest row: both measured in the
 * same run, with the same forks, so their ratio and its interval ({@link ForkStats#ratio}) are
 * comparable. The fastest of many medians is biased low (the best of N draws): a distance inside
 * the interval is a tie.
 */
public final class ExhaustiveSection {

    /** The exhaustive runs' folder under {@code results/}. */
    public static final String FOLDER = "exhaustive";

    /** The page's file name in the reports folder. */
    static final String PAGE = "exhaustive.md";

    /** The distance the recommendation may lie from the exhaustive best, percent. */
    static final double TOLERANCE_PERCENT = 3;

    /** Rows of the fastest configurations shown per problem. */
    static final int TOP = 10;

    private ExhaustiveSection() {
    }

    /** The exhaustive runs in {@code results/exhaustive/}, in time order; none when the folder is absent. */
    static List<ResultFile> read(Path results) throws BadInputException {
        return ResultReader.readFolder(results, FOLDER);
    }

    /** The page; null when there is no exhaustive run. */
    static ReportDoc render(List<MachineRun> runs, List<ResultFile> exhaustive) throws BadInputException {
        if (exhaustive.isEmpty()) {
            return null;
        }
        Map<String, ResultFile> newest = RunSelection.newestPerMachine(exhaustive);
        ReportDoc doc = new ReportDoc("Exhaustive search: the recommendation beside the best configuration");
        doc.para("Back to [the report](" + ReportRenderer.INDEX + ").");
        doc.para("`mvn -pl bench jmh:run -Djmh.profile=exhaustive` measures every valid pipeline configuration at the"
                + " production size, each with full forks (hours; `-Djmh.problem=` runs one problem). Per machine and JDK,"
                + " the configuration recommended by the report's own run is found in the exhaustive run (the same"
                + " stages, as both runs recorded them) and set against that run's fastest row: one run, the same"
                + " forks, so the ratio and its 95% interval over forks compare like with like. The recommendation"
                + " is **within " + Format.sig(TOLERANCE_PERCENT, 2) + "%** when the whole interval of its ratio to"
                + " the best lies at or below " + Format.fixed(1 + TOLERANCE_PERCENT / 100, 2) + ". The fastest of"
                + " many medians is biased low (the best of N draws), so a small distance is a tie.");
        for (ResultFile e : newest.values()) {
            Machine machine = Machine.of(e);
            MachineRun run = runs.stream().filter(r -> r.machine().cpuKey().equals(machine.cpuKey())
                    && r.machine().jdk() == machine.jdk()).findFirst().orElse(null);
            ResultFile kept = MachineRun.of(machine, List.of(e)).file();
            for (Problem problem : Problem.values()) {
                List<Measurement> rows = rows(kept, problem);
                if (!rows.isEmpty()) {
                    problem(doc, machine, e, kept, run, problem, rows);
                }
            }
        }
        return doc;
    }

    /** The steady pipeline rows of {@code problem} at its largest n and most threads, fastest first. */
    private static List<Measurement> rows(ResultFile f, Problem problem) {
        long n = -1;
        int threads = 0;
        for (Measurement m : f.measurements()) {
            if (Stages.PIPELINE.equals(m.stage()) && problem.id().equals(m.problem())) {
                n = Math.max(n, m.size());
            }
        }
        for (Measurement m : f.measurements()) {
            if (Stages.PIPELINE.equals(m.stage()) && problem.id().equals(m.problem()) && m.size() == n) {
                threads = Math.max(threads, Recommender.threads(m));
            }
        }
        List<Measurement> out = new ArrayList<>();
        for (Measurement m : f.measurements()) {
            if (Stages.PIPELINE.equals(m.stage()) && problem.id().equals(m.problem()) && m.size() == n
                    && Recommender.threads(m) == threads) {
                out.add(m);
            }
        }
        out.sort(Comparator.comparingDouble(Measurement::score));
        return out;
    }

    private static void problem(ReportDoc doc, Machine machine, ResultFile e, ResultFile kept, MachineRun run,
            Problem problem, List<Measurement> rows) {
        Measurement best = rows.get(0);
        doc.heading(2, problem.id() + ", " + machine.shortName() + " (`" + e.name() + "`)");
        String revision = e.meta().first("gitRevision");
        String variants = e.meta().first("options.variants");
        doc.para(rows.size() + " configurations measured at n = " + Format.size(best.size()) + ", "
                + Recommender.threads(best) + " threads, JDK " + e.jdkVersion() + (revision == null ? ""
                : ", revision " + revision.substring(0, Math.min(7, revision.length()))) + (variants == null ? "" : ", narrowed to the labels matching"
                + " `-Djmh.variants=" + variants + "` (the space searched is that subset, not every configuration)")
                + " (rows not at steady state are left out, as in every table).");
        Recommender.Decision d = run == null ? null : Recommender.decide(run.file(), problem);
        Measurement chosen = d == null ? null : rows.stream()
                .filter(m -> d.stages().equals(Recommender.resolve(kept, problem, m))).findFirst().orElse(null);
        if (run == null) {
            doc.para("No default-profile run of this machine and JDK in `results/`: nothing to compare.");
        } else if (d == null) {
            doc.para("The run `" + run.file().name() + "` gives no recommendation for " + problem.id() + ".");
        } else if (chosen == null) {
            doc.para("The recommendation of `" + run.file().name() + "`, " + SummarySection.describe(d)
                    + ", is not among the exhaustive run's steady rows at " + Recommender.threads(best)
                    + " threads: no distance.");
        } else {
            double[] r = ForkStats.ratio(best, chosen);
            int rank = rows.indexOf(chosen) + 1;
            double limit = 1 + TOLERANCE_PERCENT / 100;
            String verdict = chosen == best ? "it is the fastest row"
                    : !Double.isNaN(r[2]) && r[2] <= limit ? "within " + Format.sig(TOLERANCE_PERCENT, 2) + "%"
                    : !Double.isNaN(r[1]) && r[1] > limit ? "**further than " + Format.sig(TOLERANCE_PERCENT, 2)
                            + "%**: the default profile missed a faster configuration"
                    : "not shown to be within " + Format.sig(TOLERANCE_PERCENT, 2) + "% (the interval reaches past "
                            + Format.fixed(limit, 2) + ")";
            doc.para("**Recommendation** (`" + run.file().name() + "`): " + SummarySection.describe(d) + ": rank "
                    + rank + " of " + rows.size() + ", " + Format.sig(YardstickSection.medianMillis(chosen), 4)
                    + " ms here against the best " + Format.sig(YardstickSection.medianMillis(best), 4) + " ms: ratio "
                    + Format.fixed(r[0], 3) + (Double.isNaN(r[1]) ? "" : " [" + Format.fixed(r[1], 3) + ", "
                    + Format.fixed(r[2], 3) + "]") + ", forks " + best.forkCount() + " / " + chosen.forkCount()
                    + ": " + verdict + ".");
        }
        List<List<String>> table = new ArrayList<>();
        for (int i = 0; i < Math.min(TOP, rows.size()); i++) {
            table.add(row(kept, problem, rows.get(i), i + 1, best, chosen));
        }
        if (chosen != null && rows.indexOf(chosen) >= TOP) {
            table.add(row(kept, problem, chosen, rows.indexOf(chosen) + 1, best, chosen));
        }
        doc.table(List.of("rank", "configuration (label = stages as run)", "median (ms)", "forks (ms, range)",
                "× best"), table, true, false, true, true, true);
    }

    private static List<String> row(ResultFile kept, Problem problem, Measurement m, int rank, Measurement best,
            Measurement chosen) {
        Map<String, String> stages = Recommender.resolve(kept, problem, m);
        String ran = stages == null ? "" : SummarySection.stages(stages);
        String label = "`" + m.variant() + "`" + (ran.isEmpty() ? "" : " = " + ran) + (m == chosen
                ? " (**the recommendation**)" : "");
        double[] v = m.forkValues();
        return List.of(String.valueOf(rank), label, Format.sig(YardstickSection.medianMillis(m), 4),
                Format.sig(java.util.Arrays.stream(v).min().orElse(Double.NaN) * 1e3, 4) + "–"
                        + Format.sig(java.util.Arrays.stream(v).max().orElse(Double.NaN) * 1e3, 4) + ", " + v.length,
                Format.fixed(m.score() / best.score(), 3));
    }
}
