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
 * <p><b>Machines of different speed</b> ({@link MachineSpeed}): when the two runs' yardsticks or
 * CPU clocks differ by more than PCT percent (5% without {@code --threshold}), the first line says
 * so; each side's times are then divided by its own yardstick, the table shows the normalised
 * ratio beside the raw one, and every test, verdict and the gate use the normalised times. When a
 * side ran no yardstick there is nothing to normalise by: the ratios stay raw and the gate is
 * refused (exit 2).
 *
 * <p>Exit status: 0 no significant regression over the threshold (always 0 without
 * {@code --threshold}); 1 at least one benchmark is significantly slower (adjusted p below
 * {@value Comparison#FDR}) by more than PCT percent, each printed on stdout; 2 bad input or files
 * that cannot be compared (one line on stderr; DIR not touched), or a gate refused because the
 * machines differ and a side has no yardstick (one line on stderr; DIR written); 3 internal error.
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
            MachineSpeed speed = MachineSpeed.of(base, cand,
                    threshold == null ? MachineSpeed.DEFAULT_TOLERANCE_PERCENT : threshold);
            String machines = machineLine(speed, threshold != null);
            if (machines != null) {
                warnings.add(0, machines); // first: every ratio below depends on it
            }
            // rows not measured at steady state are compared with nothing (SteadyStateCheck)
            SteadyStateCheck.Split baseSteady = SteadyStateCheck.split(base, Profiling.of(base));
            SteadyStateCheck.Split candSteady = SteadyStateCheck.split(cand, Profiling.of(cand));
            if (!baseSteady.apart().isEmpty() || !candSteady.apart().isEmpty()) {
                warnings.add("note: rows not measured at steady state are left out: " + baseSteady.apart().size()
                        + " of " + base.name() + ", " + candSteady.apart().size() + " of " + cand.name()
                        + " (each with its reason under \"Not compared: not at steady state\")");
            }
            List<String> unverified = unverifiable(baseSteady, candSteady);
            warnings.forEach(out::println);
            List<Measurement> baseKept = baseSteady.kept().measurements();
            List<Measurement> candKept = candSteady.kept().measurements();
            Comparison raw = Comparison.of(baseKept, Comparability.threads(base), candKept,
                    Comparability.threads(cand));
            if (raw.rows().isEmpty()) {
                throw new BadInputException(cand.path(), "no benchmark (method + params) in common with " + base.path());
            }
            // Machines of different speed: each side divided by its own yardstick, and every verdict on that.
            Double factor = speed.normalisation();
            Comparison c = factor == null ? raw : Comparison.of(baseKept, Comparability.threads(base),
                    candKept.stream().map(m -> m.scaled(1 / factor)).toList(), Comparability.threads(cand));
            double thr = threshold == null ? 0 : threshold;
            Map<String, String> files = new LinkedHashMap<>();
            files.put("compare.svg", SvgCharts.compareChart(c.rows(), thr));
            files.put("compare.md", document(base, cand, c, factor == null ? null : raw, threshold, warnings,
                    baseSteady.apart(), candSteady.apart()).toMarkdown());
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
            int apart = baseSteady.apart().size() + candSteady.apart().size();
            if (!c.onlyBaseline().isEmpty() || !c.onlyCandidate().isEmpty()) {
                out.println("  not compared: " + c.onlyBaseline().size() + " benchmarks only in the baseline, "
                        + c.onlyCandidate().size() + " only in the candidate"
                        + (apart > 0 ? ", counting " + apart + " row(s) not at steady state" : "") + " (listed in compare.md)");
            }
            if (factor != null) {
                out.println("  normalised by each side's yardstick (candidate times divided by "
                        + Format.fixed(factor, 3) + "): geometric mean ratio " + Format.fixed(gm, 3) + ", raw "
                        + Format.fixed(Comparison.geometricMean(raw.rows()), 3));
            }
            if (threshold != null && speed.cannotNormalise()) {
                err.println("error: gate refused: the machines differ (" + speed.describe() + ") and "
                        + (speed.baselineYardstick() == null ? "the baseline" : "the candidate")
                        + " ran no yardstick to normalise by, so no ratio separates the code from the machine;"
                        + " compare runs of one machine (jmh:run both revisions there), or runs with the yardstick");
                return 2;
            }
            List<Comparison.Row> regressions = c.regressions(thr);
            if (threshold != null && (!regressions.isEmpty() || !unverified.isEmpty())) {
                for (Comparison.Row r : regressions) {
                    out.println("REGRESSION " + r.baseline().shortName() + ": " + percent(r.ratio()) + " slower ("
                            + (factor == null ? "" : "normalised by the yardsticks; ") + "ratio "
                            + Format.fixed(r.ratio(), 3) + ", 95% CI [" + Format.fixed(r.low(), 3) + ", "
                            + Format.fixed(r.high(), 3) + "], forks " + r.baseline().forkCount() + " / "
                            + r.candidate().forkCount() + ", p=" + Verdict.formatP(r.test().p()) + ", adjusted p="
                            + Verdict.formatP(r.adjustedP())
                            + ") exceeds threshold " + Format.sig(thr, 3) + "%");
                }
                unverified.forEach(l -> out.println("NOT STEADY " + l));
                if (!unverified.isEmpty()) {
                    err.println("error: gate failed: " + unverified.size() + " benchmark(s) steady in the baseline were not"
                            + " measured at steady state in the candidate (NOT STEADY above), so the gate cannot tell"
                            + " whether they regressed");
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
     * The candidate's rows apart from steady state whose benchmark is steady in the baseline, one
     * line each (name: reason): a gate cannot pass them, because a candidate that runs boxed or
     * never settles is the regression it exists to catch, and its time is not one to compare.
     * Rows apart in the baseline only are not the candidate's doing: listed, never gated.
     */
    static List<String> unverifiable(SteadyStateCheck.Split base, SteadyStateCheck.Split cand) {
        java.util.Set<String> steadyInBase = new java.util.HashSet<>();
        base.kept().measurements().forEach(m -> steadyInBase.add(m.shortName()));
        List<String> out = new ArrayList<>();
        for (SteadyStateCheck.Apart a : cand.apart()) {
            if (steadyInBase.contains(a.measurement().shortName())) {
                out.add(a.measurement().shortName() + ": " + a.reason());
            }
        }
        return out;
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

    /**
     * The first line when the two machines differ in speed (yardstick or clock beyond the
     * tolerance), saying what the comparison does about it; null when they do not differ.
     */
    static String machineLine(MachineSpeed speed, boolean gated) {
        if (!speed.differ()) {
            return null;
        }
        String what = "MACHINES DIFFER: " + speed.describe() + ", more than "
                + Format.sig(speed.tolerancePercent(), 3) + "% apart; ";
        if (speed.normalisation() != null) {
            return what + "ratios are normalised by each side's own yardstick (candidate times divided by "
                    + Format.fixed(speed.normalisation(), 3) + "), shown beside the raw ones, and "
                    + (gated ? "the gate uses the normalised ratios" : "the verdicts use the normalised ratios");
        }
        return what + "a side ran no yardstick, so the ratios are raw and mix the machines with the code"
                + (gated ? "; the gate is refused (exit 2)" : "");
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

    /**
     * The comparison's document; {@code raw} is the comparison before normalisation by the
     * yardsticks (null when the times were not normalised): its ratios are shown beside.
     */
    static ReportDoc document(ResultFile base, ResultFile cand, Comparison c, Comparison raw, Double threshold,
            List<String> warnings, List<SteadyStateCheck.Apart> baseApart, List<SteadyStateCheck.Apart> candApart) {
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
                    profile == null ? "" : profile, threads < 1 ? "" : Integer.toString(threads),
                    YardstickSection.yardstickMillis(f) == null ? "" : Format.sig(YardstickSection.yardstickMillis(f), 3) + " ms",
                    f.meta().first("cpu.mhz") == null ? "" : f.meta().first("cpu.mhz") + " MHz"));
        }
        doc.table(List.of("", "file", "JDK", "CPU", "timestamp", "git revision", "profile", "threads", "yardstick",
                "clock"), sides);
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
        if (raw == null) {
            doc.table(Comparison.tableHeader(), Comparison.tableRows(c.rows(), thr), Comparison.rightAligned());
        } else {
            doc.para("The machines differ in speed: every ratio, test and verdict below is on times normalised by each"
                    + " side's own yardstick; the raw ratio (absolute times divided) is shown beside.");
            List<String> header = new ArrayList<>(Comparison.tableHeader());
            header.set(4, "normalised ratio [95% CI]");
            header.add(5, "raw ratio");
            List<List<String>> rows = new ArrayList<>();
            List<List<String>> normalised = Comparison.tableRows(c.rows(), thr);
            for (int i = 0; i < normalised.size(); i++) {
                List<String> row = new ArrayList<>(normalised.get(i));
                row.set(2, Format.sig(raw.rows().get(i).candidate().score() / c.rows().get(i).baseline().unit().seconds(), 4)
                        + " " + c.rows().get(i).baseline().unit().symbol());
                row.add(5, Format.fixed(raw.rows().get(i).ratio(), 3));
                rows.add(row);
            }
            boolean[] right = new boolean[header.size()];
            java.util.Arrays.fill(right, true);
            right[0] = false;
            right[right.length - 1] = false;
            doc.table(header, rows, right);
        }
        if (!baseApart.isEmpty() || !candApart.isEmpty()) {
            doc.heading(2, "Not compared: not at steady state");
            doc.para("These rows were measured but are not steady-state measurements (docs/verdicts.md), so no"
                    + " ratio is computed with them; a row steady in the baseline and not in the candidate fails"
                    + " a gate (`--threshold`).");
            List<String> lines = new ArrayList<>();
            baseApart.forEach(a -> lines.add("baseline `" + a.measurement().shortName() + "`: " + a.reason()));
            candApart.forEach(a -> lines.add("candidate `" + a.measurement().shortName() + "`: " + a.reason()));
            doc.bullets(lines);
        }
        java.util.Set<String> apartNames = new java.util.HashSet<>();
        baseApart.forEach(a -> apartNames.add(a.measurement().shortName()));
        candApart.forEach(a -> apartNames.add(a.measurement().shortName()));
        List<String> onlyBase = c.onlyBaseline().stream().map(Measurement::shortName)
                .filter(n -> !apartNames.contains(n)).toList();
        List<String> onlyCand = c.onlyCandidate().stream().map(Measurement::shortName)
                .filter(n -> !apartNames.contains(n)).toList();
        if (!onlyBase.isEmpty()) {
            doc.heading(2, "Only in the baseline");
            doc.bullets(onlyBase.stream().map(n -> "`" + n + "`").toList());
        }
        if (!onlyCand.isEmpty()) {
            doc.heading(2, "Only in the candidate");
            doc.bullets(onlyCand.stream().map(n -> "`" + n + "`").toList());
        }
        return doc;
    }
}
