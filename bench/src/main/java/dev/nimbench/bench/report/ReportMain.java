package dev.nimbench.bench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code ReportMain [--results DIR] [--reports DIR]} (defaults {@code results}, {@code reports}):
 * renders {@code report.md}, {@code report.html}, SVG charts and {@code recommended-config.json}
 * from the JMH results in DIR, using the newest results file per CPU key and JDK (see
 * {@link ReportRenderer}); the entries of an existing {@code recommended-config.json} for other
 * CPUs and JDKs are kept.
 *
 * <p>Exit status: 0 rendered; 2 bad input (one line on stderr naming the file and the problem;
 * the reports folder is not touched); 3 internal error.
 */
public final class ReportMain {

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private ReportMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The complete runs; one line for each interrupted run left out. */
    static List<ResultFile> completeRuns(List<ResultFile> files, Path dir, PrintStream out) throws BadInputException {
        List<ResultFile> complete = new ArrayList<>();
        for (ResultFile f : files) {
            if (ResultReader.isPartial(f)) {
                out.println("left out: " + f.name() + " is an interrupted run (" + f.measurements().size()
                        + " results so far); `mvn -pl bench jmh:run -Djmh.resume` finishes it");
            } else {
                complete.add(f);
            }
        }
        if (complete.isEmpty()) {
            throw new BadInputException(dir, "no complete run to report (only interrupted ones; resume them with -Djmh.resume)");
        }
        return complete;
    }

    /** Runs the renderer; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            Args a = new Args(args, Set.of("results", "reports"));
            Path results = Path.of(a.get("results", "results"));
            Path reports = Path.of(a.get("reports", "reports"));
            List<ResultFile> all = ResultReader.readDir(results);
            List<ResultFile> files = completeRuns(all, results, out);
            Path previousFile = reports.resolve("recommended-config.json");
            dev.nimbench.config.Recommendations previous = null;
            if (java.nio.file.Files.isRegularFile(previousFile)) {
                try {
                    previous = dev.nimbench.config.Recommendations.read(previousFile);
                } catch (IllegalArgumentException e) {
                    throw new BadInputException(e.getMessage() + " (fix or delete it; its entries for other CPUs are kept"
                            + " when the report is rendered)");
                }
            }
            Map<String, String> rendered = ReportRenderer.render(files, YardstickStages.readAll(results), previous,
                    ColdStartSection.read(results), ExhaustiveSection.read(results));
            try {
                OutputDir.install(reports, rendered);
            } catch (IOException e) {
                err.println("error: " + reports + ": cannot write reports: " + e.getMessage());
                return 2;
            }
            out.println("nimbench report: " + rendered.size() + " files in " + reports + " from " + files.size()
                    + " results file(s) in " + results + " (newest per CPU key and JDK)");
            List<ResultFile> used = new ArrayList<>();
            RunSelection.select(files).values().forEach(machine -> used.addAll(Pooling.poolable(machine)));
            try {
                out.println("nimbench report: results index " + ResultsIndex.write(results, all, used) + " ("
                        + all.size() + " runs, " + used.size() + " used)");
            } catch (IOException e) {
                err.println("error: " + results + ": cannot write the results index: " + e.getMessage());
                return 2;
            }
            return 0;
        } catch (BadInputException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (RuntimeException e) {
            err.println("error: internal error while rendering: " + e);
            e.printStackTrace(err);
            return 3;
        }
    }
}
