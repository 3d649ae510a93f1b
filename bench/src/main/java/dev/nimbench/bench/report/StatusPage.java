package dev.nimbench.bench.report;

import dev.nimbench.distribution.Problem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code reports/status.md}: the current figures in one place, one row per machine (CPU key) and
 * JDK, from the run the report uses for it: when and at which revision it ran, how long the
 * harness took, the recommended configuration per problem with its median over forks and their
 * range, its ratio to the native yardstick where the run measured one, and the one-shot time
 * where a cold-start run exists. Every figure is rendered from the committed results, so it is
 * current by construction; the README and the docs link here instead of copying these figures,
 * and a test fails when a guide quotes one of them ({@link #figures}).
 */
final class StatusPage {

    private StatusPage() {
    }

    /** One machine's row: the cells, and the figures among them that the page owns. */
    private record Row(List<String> cells, Set<String> figures) {
    }

    static String render(List<MachineRun> runs, List<OneShotRecommendation> oneShot) {
        ReportDoc doc = new ReportDoc("nimbench status: the current figures");
        doc.para("Rendered by `ReportMain` (`mvn -pl bench jmh:run`, `mvn -pl bench jmh:report`) from the runs in"
                + " `results/` that the report uses (`results/README.md` lists them): one row per machine (CPU key,"
                + " see docs/machines.md) and JDK. Medians are over forks (JVMs), with the forks' range; the"
                + " recommendation is the report's pipeline decision (docs/verdicts.md). This page owns these figures:"
                + " the README and the docs link here instead of quoting them. The full evidence is in"
                + " [report.md](report.md).");
        List<List<String>> table = new ArrayList<>();
        for (MachineRun r : runs) {
            table.add(row(r, oneShot).cells());
        }
        doc.table(List.of("machine", "JDK", "run", "harness time", "card stacking C(10^7, 10^7)", "× native yardstick",
                "divisor game f(10^7, 10^12)", "one-shot (whole process)"), table);
        doc.para("`harness time`: from the harness's start to its last result (planning, the yardstick, JMH), as the"
                + " run's `.meta.json` records it; Maven's start and the report add about half a minute. `× native"
                + " yardstick`: the recommendation against a hand-written native program run on the same machine"
                + " (a development aid kept outside this repository; runs without it show `—`): `paired` where it"
                + " also ran among the pipeline's forks (the median over forks of each fork over the yardstick"
                + " runs just before and after it), else the median over forks over its median before and after"
                + " the benchmarks. `one-shot`: the whole-process median of the cold-start"
                + " profile's recommended command (`-Djmh.profile=coldstart`).");
        return doc.toMarkdown();
    }

    /** Every figure the page renders from these runs, as it writes them (e.g. {@code 185.9 ms}). */
    static Set<String> figures(List<MachineRun> runs, List<OneShotRecommendation> oneShot) {
        Set<String> out = new LinkedHashSet<>();
        for (MachineRun r : runs) {
            out.addAll(row(r, oneShot).figures());
        }
        return out;
    }

    /** The figures the status page renders from the runs in {@code results} (as {@code jmh:report} would). */
    static Set<String> figures(java.nio.file.Path results) throws BadInputException {
        List<ResultFile> files = ReportMain.completeRuns(ResultReader.readDir(results), results,
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        List<MachineRun> runs = new ArrayList<>();
        RunSelection.select(files).forEach((m, fs) -> runs.add(MachineRun.of(m, fs)));
        List<OneShotRecommendation> oneShot = ColdStartSection.render(new ReportDoc("status"),
                runs.stream().map(MachineRun::file).toList(), ColdStartSection.read(results));
        return figures(runs, oneShot);
    }

    private static Row row(MachineRun r, List<OneShotRecommendation> oneShot) {
        ResultFile f = r.file();
        Set<String> figures = new LinkedHashSet<>();
        List<String> cells = new ArrayList<>();
        cells.add(r.machine().shortName() + (r.machine().limitLabel() == null ? "" : " (" + r.machine().limitLabel() + ")"));
        cells.add(f.jdkLabel());
        String revision = f.meta().first("gitRevision");
        String timestamp = f.meta().values().get("timestamp");
        cells.add("`" + f.name() + "`" + (timestamp == null ? "" : ", " + timestamp.substring(0, Math.min(16,
                timestamp.length())).replace('T', ' ') + " UTC") + (revision == null ? "" : ", "
                + revision.substring(0, Math.min(7, revision.length())) + (revision.endsWith("-dirty") ? " (dirty)" : "")));
        String took = harnessTime(f);
        cells.add(took);
        if (!took.startsWith("—")) {
            figures.add(took);
        }
        for (Problem problem : Problem.values()) {
            Recommender.Decision d = Recommender.decide(f, problem);
            if (d == null) {
                cells.add(Recommender.undecided(f, problem) == null ? "— (not measured)"
                        : Recommender.labelsRecorded(f) ? "— (no decision: see the report's summary)"
                        : Recommender.resolvedOnFullUnit(f)
                        ? "— (measured; its labels were resolved on the full vector unit, not its forks' limited one)"
                        : "— (measured; which variants its labels ran was not recorded)");
                if (problem == Problem.CARD_STACKING) {
                    cells.add("—");
                }
                continue;
            }
            double ms = d.keptDefault() ? d.defaultMillis() : d.fastestMillis();
            String median = Format.sig(ms, 4) + " ms";
            figures.add(median);
            long target = YardstickSection.TARGET_N; // both problems: n = 10^7
            cells.add("`" + d.label() + "`, " + d.threads() + (d.threads() == 1 ? " thread: " : " threads: ") + median
                    + range(f, problem, d) + (d.n() == target ? "" : ", at n = " + Format.sizeLabel(d.n())));
            if (problem == Problem.CARD_STACKING) {
                YardstickSection.Ratio ratio = d.n() != YardstickSection.TARGET_N ? null
                        : YardstickSection.ratio(f, d.label(), d.threads(), ms);
                if (ratio == null) {
                    cells.add("—");
                } else {
                    figures.add(Format.fixed(ratio.value(), 2) + "×");
                    cells.add(ratio.forks() > 0 ? Format.fixed(ratio.value(), 2) + "× paired (" + ratio.forks()
                            + " forks: " + ratio.range() + ")" : ratio.text());
                }
            }
        }
        List<String> shots = new ArrayList<>();
        for (OneShotRecommendation o : oneShot) {
            if (f.jdkVersion().equals(o.jdk()) && !Double.isNaN(o.processMedianWallMs())
                    && r.machine().cpuKey().equals(o.cpu())) {
                String s = Format.fixed(o.processMedianWallMs() / 1000, 2) + " s";
                figures.add(s);
                shots.add(o.problem() + " " + s);
            }
        }
        cells.add(shots.isEmpty() ? "—" : String.join(", ", shots));
        return new Row(cells, figures);
    }

    /** {@code  (range a–b ms, N forks)} of the chosen configuration's fork medians, or nothing. */
    private static String range(ResultFile f, Problem problem, Recommender.Decision d) {
        for (Measurement m : f.measurements()) {
            if (Stages.PIPELINE.equals(m.stage()) && problem.id().equals(m.problem()) && m.size() == d.n()
                    && d.label().equals(m.variant()) && String.valueOf(d.threads()).equals(m.params().get("threads"))) {
                double[] v = ForkStats.values(m.forks());
                if (v.length < 2) {
                    return " (1 fork)";
                }
                double lo = Arrays.stream(v).min().orElse(Double.NaN) * 1e3;
                double hi = Arrays.stream(v).max().orElse(Double.NaN) * 1e3;
                return " (forks " + Format.sig(lo, 4) + "–" + Format.sig(hi, 4) + ", " + v.length + ")";
            }
        }
        return "";
    }

    /** m:ss from the run's start to its finish ({@link ResultsIndex#took}), or {@code —} when not recorded. */
    static String harnessTime(ResultFile f) {
        String took = ResultsIndex.took(f.meta());
        return took.equals("—") ? "— (not recorded)" : took;
    }
}
