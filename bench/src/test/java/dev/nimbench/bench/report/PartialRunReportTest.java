package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An interrupted run (meta {@code "complete": false}) is never reported as a complete one: it is left out, with one line. */
class PartialRunReportTest {

    @TempDir
    Path tmp;

    private static void markPartial(Path meta) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode m = (ObjectNode) json.readTree(meta.toFile());
        m.put("complete", false);
        m.putArray("groupsDone").add("TransformBench.transform {variant=[blocked], size=[1024]}");
        json.writeValue(meta.toFile(), m);
    }

    @Test
    void anInterruptedRunIsLeftOutWithOneLine() throws Exception {
        Path results = Fixtures.copy("jdks", tmp);
        markPartial(results.resolve("20261129T110000Z-jdk25.meta.json"));
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(results, reports);
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).containsOnlyOnce("left out: 20261129T110000Z-jdk25.json is an interrupted run (")
                .contains("-Djmh.resume").contains("from 2 results file(s)");
        String md = Fixtures.pages(reports);
        assertThat(md).contains("20261129T100000Z-jdk17.json").doesNotContain("JDK 25.0.1").doesNotContain("20261129T110000Z-jdk25.json");
        assertThat(Fixtures.read(reports.resolve("recommended-config.json"))).doesNotContain("jdk25");
    }

    @Test
    void onlyInterruptedRunsIsBadInput() throws Exception {
        Path results = Fixtures.copy("basic", tmp);
        markPartial(results.resolve("20261129T120000Z-jdk17.meta.json"));
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(results, reports);
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).startsWith("error: ").contains("no complete run").hasLineCount(1);
        assertThat(Files.exists(reports)).isFalse();
    }

    @Test
    void filesWithoutTheKeyAreComplete() throws Exception {
        Path results = Fixtures.copy("basic", tmp);
        ResultFile f = ResultReader.read(results.resolve("20261129T120000Z-jdk17.json"));
        assertThat(ResultReader.isPartial(f)).isFalse();
        markPartial(results.resolve("20261129T120000Z-jdk17.meta.json"));
        assertThat(ResultReader.isPartial(ResultReader.read(results.resolve("20261129T120000Z-jdk17.json")))).isTrue();
    }
}
