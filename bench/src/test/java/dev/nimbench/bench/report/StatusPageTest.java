package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code reports/status.md} owns the current figures: rendered from the committed {@code results/},
 * it names every machine and JDK the report uses, and no guide (the README, {@code docs/*.md})
 * quotes one of its figures; they link to it instead, so that a figure has one value in the
 * repository. Dated findings under {@code docs/journal/} are history and may. Tests run in
 * {@code bench/}, so the repository top is {@code ..}.
 */
class StatusPageTest {

    private static final Path TOP = Path.of("..");

    @Test
    void noGuideQuotesAFigureTheStatusPageOwns() throws Exception {
        Set<String> figures = StatusPage.figures(TOP.resolve("results"));
        assertThat(figures).as("figures of the committed runs").hasSizeGreaterThan(5);
        List<Path> pages = new ArrayList<>(List.of(TOP.resolve("README.md")));
        try (Stream<Path> docs = Files.list(TOP.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<String> quoted = new ArrayList<>();
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                for (String figure : figures) {
                    if (quotes(lines.get(i), figure)) {
                        quoted.add(TOP.relativize(page) + ":" + (i + 1) + " quotes " + figure);
                    }
                }
            }
        }
        assertThat(quoted).as("figures owned by reports/status.md, quoted in a guide (link to the status page)").isEmpty();
    }

    /** Whether {@code line} holds {@code figure} as a number of its own (not the tail of a longer one). */
    static boolean quotes(String line, String figure) {
        int at = line.indexOf(figure);
        while (at >= 0) {
            char before = at == 0 ? ' ' : line.charAt(at - 1);
            // the end of a range ("1.13–1.21×") is another figure that ends alike
            boolean rangeEnd = (before == '–' || before == '-') && at >= 2 && Character.isDigit(line.charAt(at - 2));
            if (!Character.isDigit(before) && before != '.' && before != ',' && !rangeEnd) {
                return true;
            }
            at = line.indexOf(figure, at + 1);
        }
        return false;
    }

    @Test
    void aFigureIsFoundOnlyAsANumberOfItsOwn() {
        assertThat(quotes("the default took 185.9 ms here", "185.9 ms")).isTrue();
        assertThat(quotes("the default took 1185.9 ms here", "185.9 ms")).isFalse();
        assertThat(quotes("ratio 2.71× of it", "2.71×")).isTrue();
        assertThat(quotes("ratio 12.71× of it", "2.71×")).isFalse();
        assertThat(quotes("between 1.13–1.21× here", "1.21×")).isFalse();
        assertThat(quotes("(1.21×, 1.3×)", "1.21×")).isTrue();
    }

    @Test
    void theStatusPageHasARowPerMachineWithItsRunAndRevision() throws Exception {
        Path results = TOP.resolve("results");
        List<ResultFile> files = ReportMain.completeRuns(ResultReader.readDir(results), results,
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        String status = ReportRenderer.render(files, YardstickStages.readAll(results), null,
                ColdStartSection.read(results)).get("status.md");
        assertThat(status).contains("# nimbench status", "| machine | JDK | run |", "card stacking C(10^7, 10^7)");
        assertThat(status.lines().filter(l -> l.startsWith("| ") && l.contains(".json`")).count())
                .isEqualTo(RunSelection.select(files).size());
    }
}
