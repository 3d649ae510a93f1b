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
 * <p>Exit status: 0 no significant regression over the threshold (always 0 without
 * {@code --threshold}); 1 at least one benchmark is significantly slower (Mann–Whitney U, α 0.05)
 * by more than PCT percent, each printed on stdout; 2 bad input (one line on stderr; DIR not
 * touched); 3 internal error.
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
            String cpuWarning = cpuDifference(base, cand);
            if (cpuWarning != null) {
                out.println("warning: " + cpuWarning);
            }
            Comparison c = Comparison.of(base.measurements(), cand.measurements());
            if (c.rows().isEmpty()) {
                throw new BadInputException(cand.path(), "no benchmark (method + params) in common with " + base.path());
            }
            double thr = threshold == null ? 0 : threshold;
            Map<String, String> files = new LinkedHashMap<>();
            files.put("compare.svg", SvgCharts.compareChart(c.rows(), thr));
            ReportDoc doc = document(base, cand, c, threshold);
            files.put("compare.md", doc.toMarkdown());
            try {
                OutputDir.install(outDir, files);
            } catch (IOException e) {
                err.println("error: " + outDir + ": cannot write: " + e.getMessage());
                return 2;
            }
            double gm = Comparison.geometricMean(c.rows());
            out.println(String.format(Locale.ROOT, "nimbench compare: %d benchmarks, geometric mean ratio %s"
                    + " (candidate/baseline time, < 1 = faster); %s", c.rows().size(), Format.fixed(gm, 3),
                    outDir.resolve("compare.md")));
            List<Comparison.Row> regressions = c.regressions(thr);
            if (threshold != null && !regressions.isEmpty()) {
                for (Comparison.Row r : regressions) {
                    out.println("REGRESSION " + r.baseline().shortName() + ": " + percent(r.ratio()) + " slower (ratio "
                            + Format.fixed(r.ratio(), 3) + ", 95% CI [" + Format.fixed(r.low(), 3) + ", "
                            + Format.fixed(r.high(), 3) + "], p=" + Verdict.formatP(r.test().p())
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

    static ReportDoc document(ResultFile base, ResultFile cand, Comparison c, Double threshold) {
        double thr = threshold == null ? 0 : threshold;
        ReportDoc doc = new ReportDoc("nimbench comparison");
        List<List<String>> sides = new ArrayList<>();
        for (ResultFile f : List.of(base, cand)) {
            String cpu = f.meta().first("cpu.model", "cpu", "cpuModel", "machine.cpu");
            try {
                Machine m = Machine.of(f);
                cpu = m.recorded() ? (cpu == null ? "" : cpu + " ") + "(" + m.cpuKey() + ")" : cpu;
            } catch (BadInputException e) {
                throw new IllegalStateException(e);
            }
            String when = f.meta().first("timestamp", "time", "date");
            String rev = f.meta().first("gitRevision", "git", "git.revision", "revision", "commit");
            sides.add(List.of(f == base ? "baseline" : "candidate", "`" + f.name() + "`", f.jdkLabel(),
                    cpu == null ? "" : cpu, when == null ? "" : when, rev == null ? "" : rev));
        }
        doc.table(List.of("", "file", "JDK", "CPU", "timestamp", "git revision"), sides);
        try {
            String warning = cpuDifference(base, cand);
            if (warning != null) {
                doc.para("**Warning:** " + warning + ".");
            }
        } catch (BadInputException e) {
            throw new IllegalStateException(e); // read before: run() checks both files first
        }
        double gm = Comparison.geometricMean(c.rows());
        List<Comparison.Row> reg = c.regressions(thr);
        long better = c.rows().stream().filter(r -> r.improvement(thr)).count();
        doc.para("Ratio = candidate time / baseline time per operation (below 1: candidate faster), 95% confidence"
                + " interval from the raw samples (delta method on the log ratio, Welch t); p from a two-sided"
                + " Mann–Whitney U test on the raw samples, significant below " + Panel.ALPHA + ".");
        doc.bullets(List.of(
                "matched benchmarks: " + c.rows().size(),
                "geometric mean of ratios: " + Format.fixed(gm, 3) + " (" + (gm < 1 ? "candidate faster" : gm > 1
                        ? "candidate slower" : "equal") + ")",
                "significant regressions" + (threshold == null ? "" : " over " + Format.sig(thr, 3) + "%") + ": "
                        + reg.size(),
                "significant improvements" + (threshold == null ? "" : " over " + Format.sig(thr, 3) + "%") + ": "
                        + better,
                "threshold: " + (threshold == null ? "none (exit status always 0)" : Format.sig(thr, 3) + "%")));
        doc.chart("compare.svg", "candidate / baseline ratio per benchmark with 95% intervals", "");
        doc.heading(2, "Per benchmark");
        doc.table(Comparison.tableHeader(), Comparison.tableRows(c.rows(), thr), false, true, true, true, true, false);
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
