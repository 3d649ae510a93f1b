package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Renders the report files, in memory, from results files.
 *
 * <p>Which results: per machine, that is per (CPU key, JDK), the NEWEST file ({@link RunSelection};
 * file-name order = time order, as BenchMain names files {@code <timestamp>-<jdk>.json}); older
 * files are listed, not rendered. A run on a second machine never hides the first machine's run.
 *
 * <p>Pages (each a Markdown file in the reports folder, all of them together in one
 * self-contained {@code report.html}): {@code report.md}, the index, opens on the machine of the
 * newest run ({@link NewestRunSection}), lists the pages, then the summary per machine and JDK
 * ({@link SummarySection}: what to use and how much it gains), the rows not at steady state and the
 * boxing check of every machine, and how to read the figures; {@code machine-<cpu key>-jdk<N>.md}
 * per machine (recommendation, yardstick, run metadata, every stage's tables and charts, and on the
 * page of a CPU's highest JDK its JDKs against each other); {@code stage-<stage>.md} per stage
 * across machines ({@link CrossMachineSection}); {@code cold-start.md} ({@link ColdStartSection})
 * where cold runs exist; {@code exhaustive.md} ({@link ExhaustiveSection}) where exhaustive runs exist. A figure is divided by a yardstick or baseline only
 * from its own results file, or for the yardstick's stage figures from the same machine and
 * session ({@link YardstickStages#forRun}); where there is none the report says so.
 *
 * <p>Other output paths (relative to the reports folder): {@code status.md},
 * {@code recommended-config.json} (one entry per CPU key and JDK, see {@link RecommendationEntries}),
 * {@code charts/[<cpu key>-][jdk<version>-]<stage>[-<problem>]-time.svg} and {@code ...-speedup.svg},
 * {@code charts/machines-<stage>-best.svg}.
 */
public final class ReportRenderer {

    /** Meta keys not worth a table row (long, repeated elsewhere, or a path of the machine that ran). */
    private static final Set<String> HIDDEN_META = Set.of("plan", "harnessCommand",
            "formatVersion", "resultFile", "jdk.home", "options.results", "options.root", "flameGraphs", "budget.dropped");

    private ReportRenderer() {
    }

    /** File name -> content, in a stable order. */
    public static Map<String, String> render(List<ResultFile> all) throws BadInputException {
        return render(all, List.of(), null);
    }

    /**
     * As {@link #render(List)}, with the yardstick's own stage figures (each used only for the run
     * of its machine and session) and the recommendations this render replaces (null: none), whose
     * entries for machines not rendered now are kept.
     *
     * @throws BadInputException when a meta file records a malformed or unknown CPU
     */
    public static Map<String, String> render(List<ResultFile> all, List<YardstickStages> stageFigures,
            dev.nimbench.config.Recommendations previous) throws BadInputException {
        return render(all, stageFigures, previous, List.of());
    }

    /**
     * As {@link #render(List, List, dev.nimbench.config.Recommendations)}, with the cold-start runs
     * ({@link ColdStartSection}; empty: no such section) beside the warm figures.
     *
     * @throws BadInputException when a meta file records a malformed or unknown CPU
     */
    public static Map<String, String> render(List<ResultFile> all, List<YardstickStages> stageFigures,
            dev.nimbench.config.Recommendations previous, List<ResultFile> cold) throws BadInputException {
        return render(all, stageFigures, previous, cold, List.of());
    }

    /**
     * As {@link #render(List, List, dev.nimbench.config.Recommendations, List)}, with the exhaustive
     * runs ({@link ExhaustiveSection}; empty: no such page) that each recommendation is set against.
     *
     * @throws BadInputException when a meta file records a malformed or unknown CPU
     */
    public static Map<String, String> render(List<ResultFile> all, List<YardstickStages> stageFigures,
            dev.nimbench.config.Recommendations previous, List<ResultFile> cold, List<ResultFile> exhaustive)
            throws BadInputException {
        Map<Machine, List<ResultFile>> selected = RunSelection.select(all);
        List<MachineRun> runs = new ArrayList<>();
        selected.forEach((m, files) -> runs.add(MachineRun.of(m, files)));
        List<String> empty = runs.stream().filter(r -> r.file().measurements().isEmpty())
                .map(r -> r.machine().shortName()).toList();
        if (!empty.isEmpty()) {
            throw new BadInputException(runs.get(0).file().path(), "no row of " + String.join(", ", empty)
                    + " was measured at steady state (see the warm-up rule in docs/planning.md); nothing to render");
        }
        List<ResultFile> used = runs.stream().map(MachineRun::file).toList();
        Map<String, String> out = new LinkedHashMap<>();
        Map<String, ReportDoc> pages = new LinkedHashMap<>();
        ReportDoc doc = new ReportDoc("nimbench benchmark report");
        pages.put(INDEX, doc);
        Map<ResultFile, Profiling> profiling = new LinkedHashMap<>();
        used.forEach(f -> profiling.put(f, Profiling.of(f)));
        Map<String, ReportDoc> stagePages = CrossMachineSection.render(out, runs);
        ReportDoc coldDoc = new ReportDoc("Cold start");
        coldDoc.para("Back to [the report](" + INDEX + ").");
        List<OneShotRecommendation> oneShot = ColdStartSection.render(coldDoc, used, cold);
        if (!oneShot.isEmpty()) {
            out.put("one-shot-recommendation.json", ColdStartSection.toJson(oneShot));
        }
        Map<MachineRun, String> machinePages = new LinkedHashMap<>();
        runs.forEach(r -> machinePages.put(r, machinePage(r)));

        ReportDoc exhaustiveDoc = ExhaustiveSection.render(runs, exhaustive);
        NewestRunSection.render(doc, runs);
        contents(doc, machinePages, stagePages, cold.isEmpty() ? null : COLD_PAGE, exhaustiveDoc != null);
        SummarySection.render(doc, runs, previous);
        SteadyStateCheck.section(doc, runs); // loud, so right after the summary
        List<ResultFile> measured = runs.stream().map(MachineRun::measured).toList();
        Map<ResultFile, Profiling> measuredProfiling = new LinkedHashMap<>();
        measured.forEach(f -> measuredProfiling.put(f, Profiling.of(f)));
        BoxingCheck.section(doc, measured, measuredProfiling);
        howToRead(doc, used.size());
        out.put("recommended-config.json", RecommendationEntries.json(runs, previous, oneShot));
        out.put("status.md", StatusPage.render(runs, oneShot));

        boolean multiCpu = runs.stream().map(r -> r.machine().cpuKey()).distinct().count() > 1;
        boolean multiJdk = runs.stream().map(r -> r.machine().jdk()).distinct().count() > 1
                || runs.stream().map(r -> r.file().jdkVersion()).distinct().count() > 1;
        Map<String, List<MachineRun>> byCpu = new LinkedHashMap<>();
        runs.forEach(r -> byCpu.computeIfAbsent(r.machine().cpuKey(), k -> new ArrayList<>()).add(r));
        for (MachineRun r : runs) {
            ResultFile f = r.file();
            Machine m = r.machine();
            ReportDoc page = new ReportDoc("Machine: " + m.longName() + (RunSelection.partial(f)
                    ? " — partial run (interrupted; no complete run of this machine)" : ""));
            page.para("Back to [the report](" + INDEX + ") (its summary, steady-state and boxing checks cover every"
                    + " machine); the other machines and stages are listed there.");
            String prefix = (multiCpu ? m.slug() + "-" : "") + (multiJdk ? "jdk" + slug(f.jdkVersion()) + "-" : "");
            recommended(page, r);
            YardstickSection.render(page, f, m, 2);
            YardstickSection.renderStages(page, f, m, stageFigures, 2);
            page.heading(2, "Run (" + m.shortName() + ")");
            machine(page, f, m);
            if (f.pooled().size() > 1) {
                page.para(m.shortName() + ", JDK " + f.jdkVersion() + ": " + f.pooled().size()
                        + " runs of revision " + f.meta().first("gitRevision") + " pooled (their forks together): "
                        + String.join(", ", f.pooled().stream().map(n -> "`" + n + "`").toList()) + ".");
            }
            String subtitle = m.shortName() + ", JDK " + f.jdkLabel() + cpuSuffix(f)
                    + (m.limitLabel() == null ? "" : ", " + m.limitLabel());
            for (Panel p : r.panels()) {
                panel(page, out, p, prefix, 2, subtitle, profiling.get(f), r.apart(), f.meta());
            }
            Roofline.render(page, out, f.measurements(), prefix, 2, subtitle);
            List<MachineRun> sameCpu = byCpu.get(m.cpuKey());
            if (sameCpu.size() > 1 && sameCpu.get(sameCpu.size() - 1) == r) {
                jdkComparison(page, m.cpuKey(), sameCpu.stream().map(MachineRun::file)
                        .sorted((a, b) -> compareVersions(a.jdkVersion(), b.jdkVersion())).toList());
            }
            pages.put(machinePages.get(r), page);
        }
        pages.putAll(stagePages);
        if (!cold.isEmpty()) {
            pages.put(COLD_PAGE, coldDoc);
        }
        if (exhaustiveDoc != null) {
            pages.put(ExhaustiveSection.PAGE, exhaustiveDoc);
        }
        Set<String> pooledNames = new HashSet<>();
        used.forEach(f -> pooledNames.addAll(f.pooled()));
        List<String> older = all.stream().filter(f -> !pooledNames.contains(f.name())).map(f -> "`" + f.name()
                + "` (JDK " + f.jdkVersion() + (RunSelection.partial(f) ? ", partial run" : "") + ")").toList();
        if (!older.isEmpty()) {
            doc.heading(2, "Results files not rendered");
            doc.para("A newer (or complete) file of another revision exists for their CPU key and JDK:");
            doc.bullets(older);
        }
        pages.forEach((name, page) -> out.put(name, page.toMarkdown()));
        out.put("report.html", ReportDoc.toHtml("nimbench benchmark report", pages));
        return out;
    }

    /** The index page. */
    static final String INDEX = "report.md";

    /** The cold-start page (written when cold runs exist). */
    static final String COLD_PAGE = "cold-start.md";

    /** The file name of a machine's page: {@code machine-<cpu key>-jdk<feature>.md}. */
    static String machinePage(MachineRun r) {
        return "machine-" + r.machine().slug() + "-jdk" + r.machine().jdk() + ".md";
    }

    /** The pages of the report, right below the first screen: two clicks from the README to any figure. */
    private static void contents(ReportDoc doc, Map<MachineRun, String> machinePages, Map<String, ReportDoc> stages,
            String coldPage, boolean exhaustive) {
        doc.heading(2, "Pages");
        List<String> items = new ArrayList<>();
        machinePages.forEach((r, page) -> items.add("[" + r.machine().shortName() + "]("
                + page + ")" + (r.machine().limitLabel() == null ? "" : " (" + r.machine().limitLabel() + ")")
                + ": its recommendation, yardstick, run, every stage's tables and charts"));
        stages.forEach((page, stage) -> items.add("[" + stage.title() + "](" + page
                + "): each variant on every machine at the production size"));
        if (coldPage != null) {
            items.add("[cold start](" + coldPage + "): one solve per fresh JVM, and the one-shot recommendation");
        }
        if (exhaustive) {
            items.add("[exhaustive search](" + ExhaustiveSection.PAGE + "): each recommendation beside the best of every"
                    + " configuration measured");
        }
        items.add("[status](status.md): the current figures of every machine on one page");
        doc.bullets(items);
        doc.para("`report.html` holds all of these pages in one self-contained file (charts inlined).");
    }

    private static void howToRead(ReportDoc doc, int files) {
        doc.heading(2, "How to read this report");
        doc.para("Rendered by `ReportMain` from " + files + " results file(s): the newest file per CPU key and"
                + " JDK, pooled with the older runs of its revision on that machine (result files are named"
                + " `<timestamp>-<jdk>.json`, so name order is time order; the CPU key comes from the run's"
                + " `.meta.json`, see docs/machines.md)."
                + " Times are per operation; lower is faster. **Forks are the unit of evidence**: each fork (JVM)"
                + " gives one value, the median of its measurement iterations; a time shown is the median of those"
                + " fork values, and `±` and error bars are 95% intervals over forks (none with one fork). One"
                + " confidence level throughout: 95%, tests at α = " + Panel.ALPHA + ". The intervals and tests cover"
                + " the variance between JVM processes (JIT decisions, memory layout, a noisy neighbour during one"
                + " fork), not between machines or days. A winner is the fastest variant only when a two-sided exact"
                + " Mann–Whitney U test on the fork values separates it from the runner-up; otherwise the fastest"
                + " variants are a tie (details: docs/verdicts.md).");
        doc.bullets(List.of(
                "Baseline of a stage: the FIRST constant of its registry enum in core (distribution: of the problem);"
                        + " pipeline: the configuration labelled `baseline`, else `default` (the solver's defaults);"
                        + " if none was measured, the first variant in the file.",
                "Growth exponent: least-squares slope of log(time) against log(size) over the largest "
                        + Series.GROWTH_TOP_SIZES + " sizes taking at least 0.1 ms (smaller ones measure call overhead);"
                        + " a fit from fewer than 3 sizes is marked weak"
                        + " (1 = linear; n log n reads about 1.05-1.1; 2 = quadratic), beside the complexity the"
                        + " registry states.",
                "`untested`: too few forks for a rank test to reach α (one fork a side, or 3 against 3): such a"
                        + " variant is neither called tied nor beaten. Sizes below the stage's largest are measured"
                        + " with one fork: they draw the curves, they decide nothing.",
                "Forks that disagree with their siblings (outliers) or whose iterations still drift are listed"
                        + " under each table; they stay in the rank test, which one extreme fork moves by one rank.",
                "A copy-only reference method (e.g. `copyBaseline`) is drawn dashed and never wins.",
                "Machines: every section names the CPU key and JDK its figures come from; a figure is divided only"
                        + " by a yardstick or baseline measured in the same results file (stage figures of the"
                        + " yardstick: same machine and session). A run limited with `-Djmh.isa` is this CPU"
                        + " limited to a narrower vector unit, never another CPU."));
    }

    private static void recommended(ReportDoc doc, MachineRun r) {
        doc.heading(2, "Recommended configuration (" + r.machine().shortName() + ")");
        doc.para("From `" + r.file().name() + "` (JDK " + r.file().jdkLabel() + ")" + (r.machine().recorded()
                ? ", written to `recommended-config.json` as the entry cpu=" + r.machine().cpuKey() + ", jdk="
                + r.machine().jdk() + " (`solve --config reports/recommended-config.json` on this CPU and JDK uses it)."
                : "; not written to `recommended-config.json`: the run has no meta file, so its CPU is unknown."));
        List<List<String>> rows = new ArrayList<>();
        for (RecommendedConfig.Choice c : r.choices()) {
            rows.add(List.of(c.stage(), c.variant() == null ? "(default)" : "`" + c.variant() + "`", c.evidence()));
        }
        doc.table(List.of("stage", "choice", "evidence"), rows);
        List<String> perProblem = new ArrayList<>();
        r.configurationPerProblem().forEach((p, c) -> perProblem.add(p.id() + ": "
                + dev.nimbench.config.ConfigurationJson.toJson(c).toString().replace("\"", "")));
        doc.para("Written to the entry, per problem (the fastest pipeline of each problem where one was measured):");
        doc.bullets(perProblem.stream().map(x -> "`" + x + "`").toList());
    }

    private static String cpuSuffix(ResultFile f) {
        String cpu = f.meta().first("cpu.model", "cpu", "cpuModel", "machine.cpu");
        return cpu == null ? "" : ", " + cpu;
    }

    private static void machine(ReportDoc doc, ResultFile f, Machine machine) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("results file", "`" + f.name() + "`"));
        rows.add(List.of("CPU key", machine.recorded() ? "`" + machine.cpuKey() + "`" + (f.meta().values()
                .containsKey("cpu.key") ? "" : " (derived from the model name of an older meta file)")
                : "not recorded"));
        if (machine.limitLabel() != null) {
            rows.add(List.of("vector unit", machine.limitLabel()));
        }
        rows.add(List.of("JDK (JMH)", f.jdkLabel()));
        Measurement m0 = f.measurements().get(0);
        rows.add(List.of("JMH mode", m0.mode()));
        if (f.meta().isEmpty()) {
            rows.add(List.of("meta file", "missing (`" + ResultReader.metaPathOf(f.path()).getFileName() + "`)"));
        }
        for (Map.Entry<String, String> e : f.meta().values().entrySet()) {
            if (HIDDEN_META.contains(e.getKey()) || e.getKey().startsWith("pipelineResolved.")) {
                continue;
            }
            String v = YardstickSection.displayPath(e.getValue());
            rows.add(List.of(e.getKey(), v.length() > 300 ? v.substring(0, 300) + "…" : v));
        }
        doc.table(List.of("run", "value"), rows);
        List<String> warnings = new ArrayList<>();
        for (String key : List.of("wrong", "failed", "skipped")) {
            String v = f.meta().values().get(key);
            if (v != null && !v.isBlank()) {
                warnings.add("**" + key + "**: " + v);
            }
        }
        String dropped = f.meta().values().get("budget.dropped");
        if (dropped != null && !dropped.isBlank()) {
            // each dropped fork is one "Class.method {params} xN forks" line of the meta file
            warnings.add("**dropped by the budget** of " + f.meta().values().get("budget.seconds") + " s (the least"
                    + " informative work runs last and went first: ceilings, one-thread baselines, curves): "
                    + dropped.split(" forks").length + " run(s), listed under `budget.dropped` in the meta file");
        }
        if (!warnings.isEmpty()) {
            doc.para("Warnings recorded by the run (" + f.name() + "): benchmarks below are missing from the results.");
            doc.bullets(warnings);
        }
    }

    /** The thread count of a series' first point ({@code threads} parameter), 1 when it has none. */
    private static int threads(Series s) {
        String t = s.points().get(0).params().get("threads");
        return t == null ? 1 : Integer.parseInt(t);
    }

    private static void panel(ReportDoc doc, Map<String, String> out, Panel p, String prefix, int level,
            String subtitle, Profiling profiling, List<SteadyStateCheck.Apart> apart, RunMeta meta) {
        doc.heading(level, p.title());
        TimeScale u = p.displayUnit();
        long sized = p.sizes().stream().filter(n -> n > 0).count();
        if (sized == 1) {
            long size = p.sizes().stream().filter(n -> n > 0).findFirst().orElseThrow();
            String bars = "charts/" + prefix + p.slug() + "-time.svg";
            out.put(bars, SvgCharts.barChart(p, size, subtitle));
            doc.chart(bars, p.title() + ": time per operation at " + Format.sizeLabel(size), out.get(bars));
        } else if (sized > 1) {
            String time = "charts/" + prefix + p.slug() + "-time.svg";
            out.put(time, SvgCharts.timeChart(p, subtitle));
            doc.chart(time, p.title() + ": time per operation against size, log-log", out.get(time));
            if (p.baseline() != null && p.series().size() > 1) {
                String speed = "charts/" + prefix + p.slug() + "-speedup.svg";
                out.put(speed, SvgCharts.speedupChart(p, subtitle));
                doc.chart(speed, p.title() + ": speed-up against " + p.baseline().label(), out.get(speed));
            }
        }
        // Variants: complexity beside the measured growth exponent.
        List<List<String>> vrows = new ArrayList<>();
        int mostThreads = p.series().stream().mapToInt(ReportRenderer::threads).max().orElse(1);
        for (Series s : p.series()) {
            String role = s == p.baseline() ? "baseline" : s.candidate() ? "" : "reference";
            String complexity = s.variant() == null ? "—" : Stages.complexity(p.stage(), p.problem(), s.variant());
            String description = !s.candidate() ? "reference method `" + s.points().get(0).method() + "`, not a variant"
                    : s.variant() == null ? "" : Stages.PIPELINE.equals(p.stage())
                    ? SearchOrigin.describe(meta, p.problem(), s.variant(), threads(s) == mostThreads)
                    : Stages.find(p.stage(), p.problem(), s.variant()).map(v -> v.description()).orElse("");
            vrows.add(List.of("`" + s.label() + "`", role, complexity, s.growth().describe(),
                    Integer.toString(s.points().size()), description));
        }
        doc.table(List.of("variant", "role", "complexity (registry)", "growth exponent (log-log slope)", "sizes",
                Stages.PIPELINE.equals(p.stage()) ? "where the candidate came from (plan order)" : "technique"), vrows, false, false, false, true, true, false);
        // Scores: a row per size, a column per line, and the winner.
        List<String> header = new ArrayList<>();
        header.add("size");
        p.series().forEach(s -> header.add(s.label() + " (" + u.symbol() + "/op)"));
        header.add("winner (exact Mann–Whitney on forks, α=" + Panel.ALPHA + ")");
        List<List<String>> rows = new ArrayList<>();
        List<BoxingCheck.Flag> flags = BoxingCheck.check(p, profiling);
        for (long n : p.sizes()) {
            List<String> row = new ArrayList<>();
            row.add(Format.sizeLabel(n));
            for (Series s : p.series()) {
                Measurement m = s.at(n);
                row.add(m == null ? "" : Format.sig(m.score() / u.seconds(), 4)
                        + (Double.isNaN(m.error()) ? "" : " ± " + Format.sig(m.error() / u.seconds(), 2))
                        + AllocationColumn.suffix(m, profiling, flags));
            }
            Verdict v = p.verdict(n);
            row.add(v == null ? "" : v.describe());
            rows.add(row);
        }
        boolean[] right = new boolean[header.size()];
        for (int i = 0; i < right.length - 1; i++) {
            right[i] = true;
        }
        doc.table(header, rows, right);
        List<String> notSteady = SteadyStateCheck.lines(p, apart, u);
        if (!notSteady.isEmpty()) {
            doc.para("Shown apart (not steady state: not drawn, fitted or ranked):");
            doc.bullets(notSteady);
        }
        List<String> forkWarnings = new ArrayList<>();
        for (Series s : p.series()) {
            for (Measurement m : s.points()) {
                for (String w : ForkStats.warnings(m, u)) {
                    forkWarnings.add("`" + s.label() + "` at " + Format.sizeLabel(m.size()) + ", " + w);
                }
            }
        }
        if (!forkWarnings.isEmpty()) {
            doc.para("Forks to look at (kept in the tests, shown here rather than averaged away):");
            doc.bullets(forkWarnings);
        }
    }

    /** Each of a CPU's JDKs against its lowest JDK (never across CPUs). */
    private static void jdkComparison(ReportDoc doc, String cpuKey, List<ResultFile> used) {
        ResultFile base = used.get(0);
        for (ResultFile other : used.subList(1, used.size())) {
            doc.heading(2, "JDK " + other.jdkVersion() + " / JDK " + base.jdkVersion() + " (" + cpuKey + ")");
            Comparability check = Comparability.of(base, other);
            if (check.refusal() != null) {
                doc.para("Not compared: " + check.refusal() + ".");
                continue;
            }
            if (!check.warnings().isEmpty()) {
                doc.bullets(check.warnings().stream().map(w -> "**" + w + "**").toList());
            }
            Comparison c = Comparison.of(base.measurements(), Comparability.threads(base), other.measurements(),
                    Comparability.threads(other));
            List<String> perStage = new ArrayList<>();
            for (Map.Entry<String, List<Comparison.Row>> e : c.atTargetSizes().entrySet()) {
                perStage.add(e.getKey() + ": " + Format.fixed(Comparison.geometricMean(e.getValue()), 3));
            }
            doc.para("Ratio of time per operation (below 1: JDK " + other.jdkVersion() + " is faster), "
                    + c.rows().size() + " matching benchmarks (" + c.testableRows() + " with enough forks to test);"
                    + " geometric mean of ratios per stage at its target size: " + String.join("; ", perStage)
                    + ". Shown: each line's largest size. Fork-level test and interval as everywhere in this report;"
                    + " p adjusted with Benjamini–Hochberg over the testable rows.");
            Map<String, Comparison.Row> largest = new LinkedHashMap<>();
            for (Comparison.Row r : c.rows()) {
                Measurement m = r.baseline();
                Map<String, String> rest = new TreeMap<>(m.params());
                rest.remove(Measurement.SIZE);
                String line = m.benchmark() + rest;
                Comparison.Row prev = largest.get(line);
                if (prev == null || prev.baseline().size() < m.size()) {
                    largest.put(line, r);
                }
            }
            doc.table(Comparison.tableHeader(), Comparison.tableRows(List.copyOf(largest.values()), 0),
                    Comparison.rightAligned());
            List<String> missing = new ArrayList<>();
            c.onlyBaseline().forEach(m -> missing.add("only JDK " + base.jdkVersion() + ": `" + m.shortName() + "`"));
            c.onlyCandidate().forEach(m -> missing.add("only JDK " + other.jdkVersion() + ": `" + m.shortName() + "`"));
            if (!missing.isEmpty()) {
                doc.para("Measured on one side only (not compared):");
                doc.bullets(missing);
            }
        }
    }

    /** Compares version strings numerically where they are numbers ("9" before "17" before "25"). */
    static int compareVersions(String a, String b) {
        String[] x = a.split("[^0-9]+");
        String[] y = b.split("[^0-9]+");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            if (x[i].isEmpty() || y[i].isEmpty()) {
                continue;
            }
            int c = Long.compare(parse(x[i]), parse(y[i]));
            if (c != 0) {
                return c;
            }
        }
        return a.compareTo(b);
    }

    private static long parse(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    private static String slug(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]+", "-");
    }
}
