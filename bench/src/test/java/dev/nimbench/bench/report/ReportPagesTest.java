package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's layout on the committed runs of {@code machines/} (one AMD and two Intel runs): an
 * index whose first screen is the newest run's machine, one page per machine and JDK, one page per
 * stage across machines, every link between them resolving, and report.html holding them all.
 */
class ReportPagesTest {

    private static final Pattern MD_LINK = Pattern.compile("\\]\\(([^()\\s]+)\\)");

    @TempDir
    Path tmp;

    @Test
    void theIndexOpensOnTheNewestMachineAndLinksOnePagePerMachineAndStage() throws Exception {
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(Fixtures.copy("machines", tmp), reports);
        assertThat(run.status()).as(run.err()).isZero();
        Map<String, byte[]> files = Fixtures.snapshot(reports);
        assertThat(files).containsKeys("report.md", "report.html", "status.md",
                "machine-" + MachinesReportTest.AMD + "-jdk17.md",
                "machine-" + MachinesReportTest.INTEL + "-jdk17.md",
                "machine-" + MachinesReportTest.INTEL + "-jdk25.md",
                "stage-transform.md", "stage-pipeline.md");
        assertThat(files.keySet().stream().filter(n -> n.startsWith("machine-"))).hasSize(3);

        String index = Fixtures.read(reports.resolve("report.md"));
        String screen = String.join("\n", index.lines().limit(60).toList());
        // the newest run is the Intel Xeon's of JDK 25: its machine, its recommendation, its pages
        assertThat(screen).contains("## This machine:", "(`" + MachinesReportTest.INTEL + "`)",
                "| JDK | problem | recommended configuration |", "## Pages",
                "(machine-" + MachinesReportTest.INTEL + "-jdk25.md)");
        assertThat(index).doesNotContain("# Machine: ").doesNotContain("# Across machines");

        // every relative link of every page names a file of this render
        for (String name : files.keySet()) {
            if (!name.endsWith(".md")) {
                continue;
            }
            for (String target : links(Fixtures.read(reports.resolve(name)))) {
                if (!target.contains("://") && !target.startsWith("#") && !target.startsWith("../")) {
                    assertThat(files).as(name + " links " + target).containsKey(target);
                }
            }
        }
        // every machine and stage page links back to the index
        files.keySet().stream().filter(n -> n.startsWith("machine-") || n.startsWith("stage-"))
                .forEach(n -> assertThat(Fixtures.read(reports.resolve(n))).as(n).contains("[the report](report.md)"));
    }

    @Test
    void reportHtmlHoldsEveryPageAsASectionAndLinksBetweenThemAreAnchors() throws Exception {
        Path reports = tmp.resolve("reports");
        assertThat(Fixtures.report(Fixtures.copy("machines", tmp), reports).status()).isZero();
        String html = Fixtures.read(reports.resolve("report.html"));
        assertThat(html).contains("<section id=\"report\">", "<section id=\"machine-" + MachinesReportTest.AMD
                + "-jdk17\">", "<section id=\"stage-transform\">", "href=\"#machine-" + MachinesReportTest.INTEL
                + "-jdk25\"", "href=\"#report\"");
        // links to pages that are sections are anchors; status.md is a file of its own beside it
        assertThat(html).doesNotContain("href=\"machine-").doesNotContain("href=\"stage-")
                .doesNotContain("href=\"report.md\"");
        assertThat(html.indexOf("<section id=\"report\">")).isLessThan(html.indexOf("<section id=\"machine-"));
    }

    @Test
    void aPageOfAMachineNoLongerRenderedIsDeleted() throws Exception {
        Path results = Fixtures.copy("machines", tmp);
        Path reports = tmp.resolve("reports");
        assertThat(Fixtures.report(results, reports).status()).isZero();
        String intel25 = "machine-" + MachinesReportTest.INTEL + "-jdk25.md";
        assertThat(reports.resolve(intel25)).exists();
        Files.writeString(reports.resolve("notes.md"), "mine"); // not a page name of ours: kept

        String run = MachinesReportTest.INTEL25.replace(".json", "");
        Files.delete(results.resolve(run + ".json"));
        Files.delete(results.resolve(run + ".meta.json"));
        Fixtures.Run again = Fixtures.report(results, reports);
        assertThat(again.status()).as(again.err()).isZero();
        assertThat(reports.resolve(intel25)).doesNotExist();
        assertThat(reports.resolve("machine-" + MachinesReportTest.INTEL + "-jdk17.md")).exists();
        assertThat(reports.resolve("notes.md")).exists();
        assertThat(Fixtures.read(reports.resolve("report.md"))).doesNotContain(intel25);
    }

    private static List<String> links(String md) {
        List<String> out = new ArrayList<>();
        Matcher m = MD_LINK.matcher(md);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
