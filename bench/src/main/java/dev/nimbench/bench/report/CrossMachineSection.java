package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The view across machines, one page per stage: per problem (and method) at the stage's
 * production size (the largest size any machine measured), the variants as rows and each
 * machine (CPU key × JDK) as a column, each cell the median over forks ± its 95% interval over forks;
 * under each table the winner of every column by {@link Verdict} (ties called ties), and a chart
 * with the best variant of each machine. The pipeline's page ends with one line per machine: its
 * recommended configuration and its ratio to the yardstick run beside it. A column only ever compares
 * variants measured on its own machine; nothing is divided across columns.
 */
final class CrossMachineSection {

    private CrossMachineSection() {
    }

    /** The file name of the page of {@code stage}. */
    static String page(String stage) {
        return "stage-" + stage.replaceAll("[^A-Za-z0-9._-]+", "-") + ".md";
    }

    /**
     * One page per stage (file name -> page, in the order the stages first appear), each with a
     * table per problem and method at its production size; the pipeline's page (made if no
     * pipeline was measured) ends with each machine's recommended configuration.
     */
    static Map<String, ReportDoc> render(Map<String, String> out, List<MachineRun> runs) {
        Map<String, Map<String, Map<MachineRun, Panel>>> byStage = new LinkedHashMap<>();
        for (MachineRun r : runs) {
            for (Panel p : r.panels()) {
                byStage.computeIfAbsent(p.stage(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(p.title(), k -> new LinkedHashMap<>()).put(r, p);
            }
        }
        Map<String, ReportDoc> pages = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, Map<MachineRun, Panel>>> stage : byStage.entrySet()) {
            ReportDoc doc = new ReportDoc("Across machines: " + stage.getKey());
            intro(doc, runs);
            for (Map.Entry<String, Map<MachineRun, Panel>> e : stage.getValue().entrySet()) {
                table(doc, out, e.getKey(), e.getValue());
            }
            pages.put(page(stage.getKey()), doc);
        }
        ReportDoc pipeline = pages.computeIfAbsent(page("pipeline"), k -> intro(new ReportDoc("Across machines: pipeline"), runs));
        recommendations(pipeline, runs);
        return pages;
    }

    private static ReportDoc intro(ReportDoc doc, List<MachineRun> runs) {
        doc.para("Back to [the report](report.md). Machines (CPU key, JDK): " + String.join("; ", runs.stream()
                .map(r -> r.machine().longName() + " from `" + r.file().name() + "`").toList())
                + ". Cells: median over forks ± half the 95% interval of the median over forks"
                + " (none with one fork), per operation; **bold**: the column's tested winner or tied winners (exact"
                + " Mann–Whitney on fork values, α = " + Panel.ALPHA + "; nothing is bold where the forks were too few"
                + " to test). Columns are never divided by each other.");
        return doc;
    }

    private static void recommendations(ReportDoc doc, List<MachineRun> runs) {
        doc.heading(2, "Recommended configuration per machine");
        List<String> lines = new ArrayList<>();
        for (MachineRun run : runs) {
            Recommender.Decision best = Recommender.decide(run.file(), dev.nimbench.distribution.Problem.CARD_STACKING);
            Double yard = YardstickSection.yardstickMillis(run.file());
            double millis = best == null ? Double.NaN : best.keptDefault() ? best.defaultMillis() : best.fastestMillis();
            String config = best == null ? "no card-stacking pipeline measured (stage choices only, see its section)"
                    : "`" + best.label() + " [threads=" + best.threads() + "]`, " + Format.sig(millis, 4) + " ms";
            YardstickSection.Ratio r = best == null || best.n() != YardstickSection.TARGET_N ? null
                    : YardstickSection.ratio(run.file(), best.label(), best.threads(), millis);
            String ratio = best == null ? "" : yard == null ? "; no yardstick ran beside this run"
                    : best.n() != YardstickSection.TARGET_N ? "; measured at n = " + Format.size(best.n())
                    + ", not the yardstick's 10^7" : "; " + Format.fixed(r.value(), 2) + "× the native yardstick ("
                    + (r.forks() > 0 ? r.how() : Format.sig(yard, 3) + " ms") + ", same run)";
            lines.add(run.machine().shortName() + (run.machine().limitLabel() == null ? "" : " (" + run.machine().limitLabel()
                    + ")") + ": " + config + ratio);
        }
        doc.bullets(lines);
    }

    private static void table(ReportDoc doc, Map<String, String> out, String title, Map<MachineRun, Panel> panels) {
        long size = panels.values().stream().mapToLong(Panel::largestCandidateSize).max().orElse(-1);
        List<MachineRun> columns = new ArrayList<>();
        Set<String> rowLabels = new LinkedHashSet<>();
        for (Map.Entry<MachineRun, Panel> e : panels.entrySet()) {
            List<Series> at = e.getValue().candidates().stream().filter(s -> s.at(size) != null).toList();
            if (!at.isEmpty()) {
                columns.add(e.getKey());
                at.forEach(s -> rowLabels.add(s.label()));
            }
        }
        if (columns.isEmpty()) {
            return;
        }
        Panel first = panels.get(columns.get(0));
        TimeScale u = first.displayUnit();
        doc.heading(2, title + " at " + Format.sizeLabel(size) + " (" + u.symbol() + "/op)");
        List<String> header = new ArrayList<>();
        header.add("variant");
        columns.forEach(c -> header.add(c.machine().shortName()));
        List<List<String>> rows = new ArrayList<>();
        List<String> winners = new ArrayList<>();
        winners.add("**winner**");
        Map<MachineRun, Verdict> verdicts = new LinkedHashMap<>();
        for (MachineRun c : columns) {
            Verdict v = panels.get(c).verdict(size);
            verdicts.put(c, v);
            winners.add(v == null ? "" : v.describe());
        }
        for (String label : rowLabels) {
            List<String> row = new ArrayList<>();
            row.add("`" + label + "`");
            for (MachineRun c : columns) {
                Series s = panels.get(c).candidates().stream().filter(x -> x.label().equals(label)).findFirst().orElse(null);
                Measurement m = s == null ? null : s.at(size);
                if (m == null) {
                    row.add("—");
                    continue;
                }
                String cell = Format.sig(YardstickSection.medianMillis(m) / 1e3 / u.seconds(), 4)
                        + (Double.isNaN(m.error()) ? "" : " ± " + Format.sig(m.error() / u.seconds(), 2));
                Verdict v = verdicts.get(c);
                // Bold only a tested winner: a fastest that no test backs (every other candidate untested) is plain.
                boolean win = v != null && v.runnerUp() != null && v.untested().size() < v.ranked().size() - 1
                        && v.tied().stream().anyMatch(x -> x.label().equals(label));
                row.add(win ? "**" + cell + "**" : cell);
            }
            rows.add(row);
        }
        rows.add(winners);
        boolean[] right = new boolean[header.size()];
        for (int i = 1; i < right.length; i++) {
            right[i] = true;
        }
        doc.table(header, rows, right);
        chart(doc, out, title, size, columns, verdicts, first);
    }

    /** One bar per machine: the fastest variant of that machine at this size. */
    private static void chart(ReportDoc doc, Map<String, String> out, String title, long size, List<MachineRun> columns,
            Map<MachineRun, Verdict> verdicts, Panel first) {
        if (columns.size() < 2) {
            return; // one machine: its own section has the chart
        }
        List<Measurement> bars = new ArrayList<>();
        for (MachineRun c : columns) {
            Verdict v = verdicts.get(c);
            if (v == null) {
                continue;
            }
            Measurement m = v.fastest().at(size);
            Map<String, String> params = new LinkedHashMap<>();
            params.put(Measurement.SIZE, Long.toString(size));
            params.put(Measurement.VARIANT, c.machine().shortName() + ": " + v.fastest().label());
            if (m.problem() != null) {
                params.put(Measurement.PROBLEM, m.problem());
            }
            bars.add(new Measurement(m.file(), m.benchmark(), m.className(), m.method(), m.stage(),
                    java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(params)), m.mode(), m.score(),
                    m.ciLow(), m.ciHigh(), m.samples(), m.forks(), m.unit(), m.jdkVersion(), m.vmName(), m.forkRuns()));
        }
        List<Panel> panel = Panel.of(bars);
        if (panel.isEmpty()) {
            return;
        }
        String path = "charts/machines-" + first.slug() + "-best.svg";
        out.put(path, SvgCharts.barChart(panel.get(0), size, "the fastest variant on each machine (CPU key, JDK)"));
        doc.chart(path, title + ": the fastest variant on each machine at " + Format.sizeLabel(size), out.get(path));
    }
}
