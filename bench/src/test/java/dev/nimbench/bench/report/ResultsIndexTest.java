package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated {@code results/README.md}: every run with its revision and tree state, every folder, the loose files. */
class ResultsIndexTest {

    @TempDir
    Path tmp;

    @Test
    void theReportWritesAnIndexOfRunsFoldersAndFiles() throws Exception {
        Path results = tmp.resolve("results");
        Map<String, String> params = Map.of("variant", "vector", "size", "1024", "threads", "2");
        Synthetic older = new Synthetic(1);
        older.add("TransformBench.transform", params, older.forks(10, 2, 0.01, 0.01, 1));
        older.write(results, "20261201T000000Z-jdk17", "1234567890abcdef-dirty", 2);
        Synthetic newer = new Synthetic(2);
        newer.add("TransformBench.transform", params, newer.forks(10, 2, 0.01, 0.01, 1));
        newer.write(results, "20261202T000000Z-jdk17", "fedcba0987654321", 2);
        Files.createDirectories(results.resolve("probe-with-readme"));
        Files.writeString(results.resolve("probe-with-readme/README.md"), "# A probe of the scans\n\ntext\n");
        Files.createDirectories(results.resolve("bare-folder"));
        Files.writeString(results.resolve("bare-folder/out.txt"), "x");
        Files.writeString(results.resolve("anchors-warm-20261202T0000Z.txt"), "warm 2: 40 ms\n");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = ReportMain.run(new String[] {"--results", results.toString(), "--reports", tmp.resolve("reports").toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("results index", "2 runs");

        String index = Files.readString(results.resolve("README.md"));
        assertThat(index).contains("## Runs (2)", "## Folders (2)", "## Other files (1)")
                .containsPattern("\\| `20261201T000000Z-jdk17\\.json` \\|.*\\| `123456789` \\| \\*\\*dirty\\*\\* \\| complete \\| ")
                .containsPattern("\\| `20261202T000000Z-jdk17\\.json` \\|.*\\| `fedcba098` \\| clean \\| complete \\| \\*\\*used\\*\\* \\|")
                .contains("1 of 2 runs are from dirty trees", "| `probe-with-readme/` | 1 | A probe of the scans |",
                        "| `bare-folder/` | 1 | **no README** |", "1 of 2 folders have no README",
                        "`anchors-warm-20261202T0000Z.txt`")
                .doesNotContain("`20261201T000000Z-jdk17.meta.json`");
        // the index itself is not a results file: a second report reads the same runs
        assertThat(ReportMain.run(new String[] {"--results", results.toString(), "--reports", tmp.resolve("reports").toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))).isZero();
        assertThat(Files.readString(results.resolve("README.md"))).contains("## Runs (2)", "## Other files (1)");
    }
}
