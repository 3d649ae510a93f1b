package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * B/op beside each time, the boxing flag and the flame-graph links, on the {@code basic} fixture
 * with a synthetic {@code gc.alloc.rate.norm} added to every entry.
 */
class BoxingCheckTest {

    private static final String BASIC = "20261129T120000Z-jdk17";
    private static final double MIB = 1 << 20;

    @TempDir
    Path tmp;

    /**
     * Transform: scalar variants 2 B/op; vector 900 B/op at 2^10 (within the slack), 2 MiB/op at
     * 2^12 (boxed in one of its two forks). Power: scalar 8 MiB/op at 2^16 (say it allocated its result), vector 8 MiB + 512 B
     * there (within the slack of the allowance), 3 MiB/op at 2^14 against a scalar 0 (boxed).
     */
    private static double bytesPerOp(String benchmark, String variant, long size) {
        if (benchmark.endsWith("TransformBench.transform") && variant.equals("vector")) {
            return size == 1024 ? 900 : size == 4096 ? 2 * MIB : 0.2;
        }
        if (benchmark.endsWith("PowerSumBench.sum")) {
            boolean vector = variant.equals("vector-montgomery");
            if (size == 65536) {
                return 8 * MIB + (vector ? 512 : 0);
            }
            return vector && size == 16384 ? 3 * MIB : 0;
        }
        return 2;
    }

    private Path resultsWithAllocation() throws IOException {
        Path results = Fixtures.copy("basic", tmp);
        ObjectMapper mapper = new ObjectMapper();
        Path file = results.resolve(BASIC + ".json");
        JsonNode runs = mapper.readTree(file.toFile());
        for (JsonNode e : runs) {
            JsonNode p = e.get("params");
            double b = bytesPerOp(e.get("benchmark").asText(), p.path("variant").asText(), p.path("size").asLong());
            ObjectNode norm = ((ObjectNode) e.get("secondaryMetrics")).putObject(Profiling.ALLOC_NORM);
            norm.put("score", b);
            norm.put("scoreUnit", "B/op");
            // The boxed transform: one fork boxed at twice the mean, one compiled as intended.
            boolean split = b == 2 * MIB;
            norm.putArray("rawData").addArray().add(split ? 2 * b : b).add(split ? 2 * b : b);
            if (split) {
                ((com.fasterxml.jackson.databind.node.ArrayNode) norm.get("rawData")).addArray().add(0.2).add(0.2);
            }
        }
        mapper.writeValue(file.toFile(), runs);
        return results;
    }

    @Test
    void aWholePipelineThatAllocatesLikeBoxedVectorsIsFlaggedAndShownApart() throws IOException {
        // Two rows of the quiet JDK 17 run results/20261201T193541Z-jdk17.json: the default (0.64 MB per
        // call in every fork) and combine=fused-vector-wht-masked, 2 of whose 4 forks allocated 6.9 GB
        // per call at 513-561 ms against 193 ms (C2 without the masked intrinsics).
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(Fixtures.copy("boxed-pipeline", tmp), reports);
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(reports);
        assertThat(md).contains("**BOXED?** pipeline", "`combine=fused-vector-wht-masked` at 10^7", "(2 of 4 forks over the limit)",
                "a whole pipeline, limit 610 MiB/op");
        assertThat(md.split("BOXED\\?\\*\\* pipeline", -1).length - 1).as("only the boxed configuration").isEqualTo(1);
    }

    @Test
    void flagsBoxedVectorKernelsOnTheirRowAndAtTheTop() throws IOException {
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(resultsWithAllocation(), reports);
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(reports);

        assertThat(md).contains("## Allocation per operation and boxed vectors",
                "**2 Vector API measurement(s) allocate like boxed vectors**",
                "* **BOXED?** transform `vector` at 2^12: 2.00 MiB/op (1 of 2 forks over the limit), scalar `scalar-mod`"
                        + " 2.0 B/op, limit 48.0 KiB/op",
                "* **BOXED?** power `vector-montgomery` at 2^14: 3.00 MiB/op, scalar `scalar` 0 B/op, limit 144 KiB/op");
        assertThat(md.indexOf("**BOXED?** transform")).isLessThan(md.indexOf("## How to read this report"));
        // A boxed row is no steady-state measurement: shown apart under its table, not in it; the
        // other cells with their B/op.
        assertThat(md).containsPattern("\\| 2\\^12 \\|[^\\n]* · 2\\.0 B/op \\|  \\|")
                .contains("* `vector` at 2^12: ", " not steady state (allocates like boxed vectors: 2.00 MiB/op,"
                        + " limit 48.0 KiB/op)", "transform `vector` at 2^12: allocates like boxed vectors")
                .containsPattern("\\| 2\\^10 \\|[^\\n]* · 2\\.0 B/op \\|[^\\n]* · 900 B/op \\|")
                .containsPattern("\\| 2\\^16 \\|[^\\n]* · 8\\.00 MiB/op \\|[^\\n]* · 8\\.00 MiB/op \\|");
        assertThat(md.split("BOXED\\?", -1).length - 1).as("the rule, 2 lines at the top").isEqualTo(3);

        String html = Fixtures.read(reports.resolve("report.html"));
        assertThat(html).contains("allocates like boxed vectors: 2.00 MiB/op").doesNotContain("MiB/op BOXED?</strong>");
    }

    @Test
    void theRuleAllowsWhatScalarVariantsAllocatePlusScratch() {
        // vector-montgomery compiled as intended at 4096: its long[1024] block, 8.9 KB/op (measured).
        assertThat(BoxingCheck.flagged(8_930, 18, 4096)).isFalse();
        // ... and boxed in the same process kind: 8.9 MB/op (measured).
        assertThat(BoxingCheck.flagged(8_930_000, 18, 4096)).isTrue();
        // A result array the scalar variants allocate too is in the allowance.
        assertThat(BoxingCheck.flagged(8_000_000 + 20_000, 8_000_000, 1_000_000)).isFalse();
        // Exactly at the limit: allowance + 16 KiB + 8 B per element.
        assertThat(BoxingCheck.limit(100, 1024)).isEqualTo(100 + 16 * 1024 + 8 * 1024);
        assertThat(BoxingCheck.flagged(BoxingCheck.limit(100, 1024), 100, 1024)).isFalse();
        assertThat(BoxingCheck.flagged(BoxingCheck.limit(100, 1024) + 1, 100, 1024)).isTrue();
        // No size parameter: the fixed slack only. Nothing recorded: never flagged.
        assertThat(BoxingCheck.limit(0, -1)).isEqualTo(16 * 1024);
        assertThat(BoxingCheck.flagged(Double.NaN, 0, 1024)).isFalse();
    }

    @Test
    void withoutAllocationTheReportSaysSoAndFlagsNothing() {
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(Fixtures.copy("basic", tmp), reports);
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(reports);
        assertThat(md).contains("Allocation was not recorded in `" + BASIC + ".json`").doesNotContain("BOXED?")
                .doesNotContain("B/op ·").doesNotContain(" B/op |");
    }

    @Test
    void linksEachProfiledRowToItsFlameGraph() throws IOException {
        Path results = resultsWithAllocation();
        Path meta = results.resolve(BASIC + ".meta.json");
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode m = (ObjectNode) mapper.readTree(meta.toFile());
        ObjectNode g = m.putArray("flameGraphs").addObject();
        g.put("benchmark", "dev.nimbench.bench.PowerSumBench.sum");
        g.putObject("params").put("size", "4096").put("variant", "scalar");
        g.putArray("files").add("flamegraphs/run/sum-size-4096-variant-scalar/flame-cpu-forward.html");
        mapper.writeValue(meta.toFile(), m);

        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(results, reports);
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(reports);
        assertThat(md).containsPattern("\\| 2\\^12 \\| [^|\\n]* · 0 B/op · "
                + "\\[flame graph\\]\\(flamegraphs/run/sum-size-4096-variant-scalar/flame-cpu-forward\\.html\\) \\|");
        assertThat(md.split("\\[flame graph\\]", -1).length - 1).isEqualTo(1);
        // The index is not dumped into the run table.
        assertThat(md).doesNotContain("| flameGraphs |");
        String html = Fixtures.read(reports.resolve("report.html"));
        assertThat(html).contains("<a href=\"flamegraphs/run/sum-size-4096-variant-scalar/flame-cpu-forward.html\">"
                + "flame graph</a>");
    }

    @Test
    void bytesAreReadable() {
        assertThat(Map.of(0.0, "0 B", 0.42, "0.4 B", 48.0, "48 B", 10_445.0, "10.2 KiB", 2.1 * MIB, "2.10 MiB"))
                .allSatisfy((b, text) -> assertThat(AllocationColumn.bytes(b)).isEqualTo(text));
    }
}
