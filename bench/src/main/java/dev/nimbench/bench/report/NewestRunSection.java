package dev.nimbench.bench.report;

import dev.nimbench.distribution.Problem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The report's first screen: the machine of the newest run (after {@code jmh:run}, the reader's
 * own), its recommendation per JDK and problem, what changed since that machine's previous run
 * of the same JDK, and where the rest of the report is. Figures of two runs are set side by side,
 * never divided: runs of different sessions differ by more than their intervals say.
 */
final class NewestRunSection {

    private NewestRunSection() {
    }

    static void render(ReportDoc doc, List<MachineRun> runs) {
        MachineRun newest = runs.stream().max(Comparator.comparing((MachineRun r) -> r.file().name())).orElse(null);
        if (newest == null) {
            return;
        }
        Machine machine = newest.machine();
        List<MachineRun> mine = runs.stream().filter(r -> r.machine().cpuKey().equals(machine.cpuKey())
                && Objects.equals(r.machine().limitLabel(), machine.limitLabel())).toList();
        doc.heading(2, "This machine: " + (machine.model().isBlank() ? "" : machine.model() + " ") + "(`"
                + machine.cpuKey() + "`" + (machine.limitLabel() == null ? "" : ", " + machine.limitLabel()) + ")");
        doc.para("The machine of the newest run, `" + newest.file().name() + "`" + SummarySection.dirty(newest.file())
                + ": what to run on it, per JDK and"
                + " problem (`solve --config reports/recommended-config.json` picks this row on this CPU and JDK),"
                + " and what changed since its previous run.");
        List<List<String>> rows = new ArrayList<>();
        for (MachineRun r : mine) {
            MachineRun previous = previous(r);
            for (Problem problem : Problem.values()) {
                Recommender.Decision d = Recommender.decide(r.file(), problem);
                if (d == null) {
                    String why = Recommender.undecided(r.file(), problem);
                    if (why != null) {
                        rows.add(List.of("JDK " + r.file().jdkVersion(), problem.id(), "none: " + why, "—", "—", "—"));
                    }
                    continue;
                }
                rows.add(List.of("JDK " + r.file().jdkVersion(), problem.id() + " n = " + Format.size(d.n()),
                        "`" + d.label() + " [threads=" + d.threads() + "]` = " + SummarySection.describe(d),
                        Format.sig(SummarySection.millis(d), 4) + " ms",
                        problem == Problem.CARD_STACKING ? SummarySection.yardstick(r.file(), d) : "—",
                        sincePrevious(r, previous, problem, d)));
            }
        }
        if (rows.isEmpty()) {
            doc.para("No whole-pipeline run at a production size on this machine: no recommendation yet"
                    + " (`mvn -pl bench jmh:run` runs the pipelines).");
        } else {
            doc.table(List.of("JDK", "problem", "recommended configuration", "median", "× native yardstick",
                    "since the previous run"), rows, false, false, false, true, true, false);
        }
        doc.para("Its tables and charts: " + String.join(", ", mine.stream().map(r -> "[JDK " + r.machine().jdk()
                + "](" + ReportRenderer.machinePage(r) + ")").toList()) + ". Below: the pages of this report (one per"
                + " machine and JDK, one per stage across machines), every machine's recommendation (Summary), the rows"
                + " not measured at steady state (shown apart, left out of every decision), the boxing check, and how"
                + " to read the tables and their statistics. The current figures of every machine are on one page,"
                + " [status.md](status.md); `results/README.md` lists every run.");
    }

    /**
     * The machine's run before the one rendered: its newest complete file that the rendered run
     * did not pool (another revision), rendered as the report would have rendered it then.
     */
    static MachineRun previous(MachineRun r) {
        List<ResultFile> files = r.files();
        for (int i = files.size() - 1; i >= 0; i--) {
            if (!r.file().pooled().contains(files.get(i).name()) && !files.get(i).name().equals(r.file().name())) {
                return MachineRun.of(r.machine(), files.subList(0, i + 1));
            }
        }
        return null;
    }

    private static String sincePrevious(MachineRun r, MachineRun previous, Problem problem, Recommender.Decision d) {
        if (previous == null) {
            return "first run of this machine and JDK";
        }
        String run = "`" + previous.file().name() + "`" + revision(previous.file());
        String now = SummarySection.dirty(r.file()).isEmpty() ? "" : " (this run: dirty tree)";
        Recommender.Decision before = Recommender.decide(previous.file(), problem);
        if (before == null) {
            return "no recommendation in the previous run, " + run;
        }
        String median = Format.sig(SummarySection.millis(before), 4) + " ms";
        boolean same = before.stages().equals(d.stages()) && before.threads() == d.threads();
        return (same ? "same configuration" : "was " + SummarySection.describe(before)) + ", " + median + " in " + run + now;
    }

    private static String revision(ResultFile f) {
        String revision = f.meta().first("gitRevision");
        return revision == null ? "" : " (" + revision.substring(0, Math.min(7, revision.length()))
                + (revision.endsWith("-dirty") ? ", dirty" : "") + ")";
    }
}
