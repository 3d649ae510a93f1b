package dev.nimbench.bench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code CompareMain --baseline FILE --candidate FILE [--threshold PCT] --out DIR}: compares two
 * JMH results files benchmark by benchmark (same method and parameters) and writes
 * {@code DIR/compare.md} and the chart {@code DIR/compare.svg}. A FILE may also be a results folder: its newest results file is used.
 *
 * <p>Statistics on fork values ({@link Comparison}): exact Mann–Whitney per benchmark,
 * Benjamini–Hochberg over the benchmarks with enough forks to be tested, 95% intervals. A
 * benchmark with one fork a side is "untested" and can never fail the gate. The two files'
 * revision, CPU and profile are checked (a difference is a WARNING line) and so is their thread
 * count (a difference is refused: exit 2). Benchmarks found on one side only are listed.
 *
 * <p>Exit status: 0 no significant regression over the threshold (always 0 without
 * {@code --threshold}); 1 at least one benchmark is significantly slower (adjusted p below
 * {@value Comparison#FDR}) by more than PCT percent, each printed on stdout; 2 bad input or files
 * that cannot be compared (one line on stderr; DIR not touched); 3 internal error.
 */
public final class CompareMain {

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private CompareMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            Args a = new Args(args, Set.of("baseline", "candidate", "threshold", "out"));
            ResultFile base = load(Path.of(a.require("baseline")));
            ResultFile cand = load(Path.of(a.require("candidate")));
            Path outDir = Path.of(a.require("out"));
            Double threshold = null;
            if (a.has("threshold")) {
                String t = a.get("threshold", "");
                try {
                    threshold = Double.parseDouble(t.endsWith("%") ? t.substring(0, t.length() - 1) : t);
                } catch (NumberFormatException e) {
                    threshold = Double.NaN;
                }
                if (!(threshold >= 0) || threshold.isInfinite()) {
                    throw new BadInputException("--threshold '" + t + "' is not a percentage >= 0");
                }
            }
            Comparability check = Comparability.of(base, cand);
            if (check.refusal() != null) {
                throw new BadInputException("cannot compare " + base.name() + " with " + cand.name() + ": " + check.refusal());
            }
            List<String> warnings = new ArrayList<>(check.warnings());
            String cpuWarning = cpuDifference(base, cand);
            if (cpuWarning != null) {
                warnings.add("warning: " + cpuWarning);
            }
            // rows not measured at steady state are compared with nothing (SteadyStateCheck)
            SteadyStateCheck.Split baseSteady = SteadyStateCheck.split(base, Profiling.of(base));
            SteadyStateCheck.Split candSteady = SteadyStateCheck.split(cand, Profiling.of(cand));
            if (!baseSteady.apart().isEmpty() || !candSteady.apart().isEmpty()) {
                warnings.add("note: rows not measured at steady state are left out: " + baseSteady.apart().size()
                        + " of " + base.name() + ", " + candSteady.apart().size() + " of " + cand.name());
            }
            warnings.forEach(out::println);
            Comparison c = Comparison.of(baseSteady.kept().measurements(), Comparability.threads(base),
                    candSteady.kept().measurements(), Comparability.threads(cand));
            if (c.rows().isEmpty()) {
                throw new BadInputException(cand.path(), "no benchmark (method + params) in common with " + base.path());
            }
            double thr = threshold == null ? 0 : threshold;
            Map<String, String> files = new LinkedHashMap<>();
            files.put("compare.svg", SvgCharts.compareChart(c.rows(), thr));
            files.put("compare.md", document(base, cand, c, threshold, warnings).toMarkdown());
            try {
                OutputDir.install(outDir, files);
            } catch (IOException e) {
                err.println("error: " + outDir + ": cannot write: " + e.getMessage());
                return 2;
            }
            double gm = Comparison.geometricMean(c.rows());
            out.println(String.format(Locale.ROOT, "nimbench compare: %d benchmarks (%d with enough forks to test),"
                    + " geometric mean ratio %s (candidate/baseline time, < 1 = faster); %s", c.rows().size(),
                    c.testableRows(), Format.fixed(gm, 3), outDir.resolve("compare.md")));
            for (Map.Entry<String, List<Comparison.Row>> e : c.atTargetSizes().entrySet()) {
                out.println("  " + e.getKey() + ": geometric mean ratio " + Format.fixed(Comparison.geometricMean(e.getValue()), 3)
                        + " over " + e.getValue().size() + " benchmarks");
            }
            if (!c.onlyBaseline().isEmpty() || !c.onlyCandidate().isEmpty()) {
                out.println("  not compared: " + c.onlyBaseline().size() + " benchmarks only in the baseline, "
                        + c.onlyCandidate().size() + " only in the candidate (listed in compare.md)");
            }
            List<Comparison.Row> regressions = c.regressions(thr);
            if (threshold != null && !regressions.isEmpty()) {
                for (Comparison.Row r : regressions) {
                    out.println("REGRESSION " + r.baseline().shortName() + ": " + percent(r.ratio()) + " slower (ratio "
                            + Format.fixed(r.ratio(), 3) + ", 95% CI [" + Format.fixed(r.low(), 3) + ", "
                            + Format.fixed(r.high(), 3) + "], forks " + r.baseline().forkCount() + " / "
                            + r.candidate().forkCount() + ", p=" + Verdict.formatP(r.test().p()) + ", adjusted p="
                            + Verdict.formatP(r.adjustedP())
                            + ") exceeds threshold " + Format.sig(thr, 3) + "%");
                }
                return 1;
            }
            return 0;
        } catch (BadInputException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (RuntimeException e) {
            err.println("error: internal error while comparing: " + e);
            e.printStackTrace(err);
            return 3;
        }
    }

    /**
     * One line when the two files were measured on different CPUs (CPU keys, see {@link Machine}):
     * the comparison still runs, but its ratios mix the machine with the change. Null when the
     * CPUs are the same or either is not recorded.
     */
    static String cpuDifference(ResultFile base, ResultFile cand) throws BadInputException {
        Map<ResultFile, Machine> machines = RunSelection.machines(List.of(base, cand));
        Machine a = machines.get(base);
        Machine b = machines.get(cand);
        if (!a.recorded() || !b.recorded() || a.cpuKey().equals(b.cpuKey())) {
            return null;
        }
        return "the two files come from different CPUs (baseline " + a.cpuKey() + ", candidate " + b.cpuKey()
                + "): the ratios compare the machines as well as the code";
    }

    private static String percent(double ratio) {
        return String.format(Locale.ROOT, "%.1f%%", (ratio - 1) * 100);
    }

    /** A results file, or the newest results file of a folder. */
    static ResultFile load(Path p) throws BadInputException {
        if (!Files.exists(p)) {
            throw new BadInputException(p, "does not exist");
        }
        if (Files.isDirectory(p)) {
            List<ResultFile> all = ResultReader.readDir(p);
            return all.get(all.size() - 1);
        }
        return ResultReader.read(p);
    }

    static ReportDoc document(ResultFile base, ResultFile cand, Comparison c, Double threshold, List<String> warnings) {
        double thr = threshold == null ? 0 : threshold;
        ReportDoc doc = new ReportDoc("nimbench comparison");
        List<List<String>> sides = new ArrayList<>();
        for (ResultFile f : List.of(base, cand)) {
            String cpu = f.meta().first("cpu.model", "cpu", "cpuModel", "machine.cpu");
            try {
                Machine m = Machine.of(f);
                cpu = m.recorded() ? (cpu == null ? "" : cpu + " ") + "(" + m.cpuKey() + ")" : Comparability.cpuKey(f);
            } catch (BadInputException e) {
                throw new IllegalStateException(e); // read before: run() checks both files first
            }
            String when = f.meta().first("timestamp", "time", "date");
            String rev = f.meta().first("gitRevision", "git", "git.revision", "revision", "commit");
            String profile = Comparability.profile(f);
            int threads = Comparability.threads(f);
            sides.add(List.of(f == base ? "baseline" : "candidate", "`" + f.name() + "`", f.jdkLabel(),
                    cpu == null ? "" : cpu, when == null ? "" : when, rev == null ? "" : rev,
                    profile == null ? "" : profile, threads < 1 ? "" : Integer.toString(threads)));
        }
        doc.table(List.of("", "file", "JDK", "CPU", "timestamp", "git revision", "profile", "threads"), sides);
        if (!warnings.isEmpty()) {
            doc.bullets(warnings.stream().map(w -> "**" + w + "**").toList());
        }
        double gm = Comparison.geometricMean(c.rows());
        List<Comparison.Row> reg = c.regressions(thr);
        long better = c.rows().stream().filter(r -> r.improvement(thr)).count();
        doc.para("Forks are the unit of evidence: each fork (JVM) gives one value, the median of its iterations."
                + " Ratio = candidate / baseline time per operation (below 1: candidate faster), the Hodges–Lehmann"
                + " estimate over fork values with its 95% interval; p from a two-sided exact Mann–Whitney U test on"
                + " the fork values, adjusted for multiple comparisons with Benjamini–Hochberg (false-discovery rate "
                + Comparison.FDR + ") over the " + c.testableRows() + " benchmarks with enough forks to be tested."
                + " A benchmark with too few forks (one a side) is untested: it gets no verdict and cannot fail the gate."
                + " See docs/verdicts.md.");
        List<String> perStage = new ArrayList<>();
        for (Map.Entry<String, List<Comparison.Row>> e : c.atTargetSizes().entrySet()) {
            perStage.add(e.getKey() + ": " + Format.fixed(Comparison.geometricMean(e.getValue()), 3) + " over "
                    + e.getValue().size() + " benchmarks");
        }
        doc.bullets(List.of(
                "matched benchmarks: " + c.rows().size() + " (with enough forks to test: " + c.testableRows() + ")",
                "geometric mean of ratios per stage at its target (largest compared) size: " + String.join("; ", perStage),
                "geometric mean of all ratios (every size alike): " + Format.fixed(gm, 3) + " (" + (gm < 1
                        ? "candidate faster" : gm > 1 ? "candidate slower" : "equal") + ")",
                "significant regressions" + (threshold == null ? "" : " over " + Format.sig(thr, 3) + "%") + ": "
                        + reg.size(),
                "significant improvements" + (threshold == null ? "" : " over " + Format.sig(thr, 3) + "%") + ": "
                        + better,
                "threshold: " + (threshold == null ? "none (exit status always 0)" : Format.sig(thr, 3) + "%")));
        doc.chart("compare.svg", "candidate / baseline ratio per benchmark with 95% intervals", "");
        doc.heading(2, "Per benchmark");
        doc.table(Comparison.tableHeader(), Comparison.tableRows(c.rows(), thr), Comparison.rightAligned());
        if (!c.onlyBaseline().isEmpty()) {
            doc.heading(2, "Only in the baseline");
            doc.bullets(c.onlyBaseline().stream().map(m -> "`" + m.shortName() + "`").toList());
        }
        if (!c.onlyCandidate().isEmpty()) {
            doc.heading(2, "Only in the candidate");
            doc.bullets(c.onlyCandidate().stream().map(m -> "`" + m.shortName() + "`").toList());
        }
        return doc;
    }
}
