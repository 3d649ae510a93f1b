package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows not measured at steady state are shown apart: a synthetic slow-then-fast fork (its warm-up
 * reached the cap while the kernel was still slow, so its measured time is the slow one) is listed,
 * and never drawn, fitted, ranked or recommended.
 */
class SteadyStateCheckTest {

    private static final String BASIC = "20261129T120000Z-jdk17";

    @TempDir
    Path tmp;

    /**
     * The basic fixture with the warm-up outcome recorded for every row: all settled but the
     * {@code vector} transform at 2^14, whose fork did not settle and measured 100× its compiled time
     * (and the best time of all, if it were believed, nowhere: it is a hump in the curve).
     */
    private Path withOneUnsettledFork() throws IOException {
        Path results = Fixtures.copy("basic", tmp);
        ObjectMapper mapper = new ObjectMapper();
        Path file = results.resolve(BASIC + ".json");
        ArrayNode runs = (ArrayNode) mapper.readTree(file.toFile());
        for (JsonNode e : runs) {
            JsonNode p = e.get("params");
            boolean slow = e.get("benchmark").asText().endsWith("TransformBench.transform")
                    && p.get("variant").asText().equals("vector") && p.get("size").asText().equals("16384");
            ObjectNode s = ((ObjectNode) e.get("secondaryMetrics")).putObject(Profiling.SETTLED);
            s.put("score", slow ? 0 : 1);
            s.put("scoreUnit", "settled");
            ArrayNode fork = s.putArray("rawData").addArray();
            for (int i = 0; i < 3; i++) {
                fork.add(slow ? 0 : 1);
            }
            if (slow) {
                ObjectNode pm = (ObjectNode) e.get("primaryMetric");
                double t = pm.get("score").asDouble() * 100;
                pm.put("score", t);
                pm.putArray("scoreConfidence").add(t).add(t);
                ArrayNode raw = pm.putArray("rawData").addArray();
                for (int i = 0; i < 3; i++) {
                    raw.add(t);
                }
            }
        }
        mapper.writeValue(file.toFile(), runs);
        return results;
    }

    @Test
    void anUnsettledForkIsShownApartAndKeptOutOfChartsFitsAndWinners() throws Exception {
        Path results = withOneUnsettledFork();
        ResultFile f = ResultReader.read(results.resolve(BASIC + ".json"));
        SteadyStateCheck.Split split = SteadyStateCheck.split(f, Profiling.of(f));
        assertThat(split.apart()).hasSize(1);
        SteadyStateCheck.Apart a = split.apart().get(0);
        assertThat(a.measurement().variant()).isEqualTo("vector");
        assertThat(a.measurement().size()).isEqualTo(16384);
        assertThat(a.reason()).isEqualTo("1 of 1 fork(s) did not settle within the warm-up cap");
        assertThat(split.kept().measurements()).hasSize(f.measurements().size() - 1)
                .noneMatch(m -> m == a.measurement());

        // the panels the report draws, fits and ranks do not have it: the vector line skips 2^14
        MachineRun run = MachineRun.of(Machine.of(f), List.of(f));
        Panel transform = run.panels().stream().filter(p -> p.stage().equals(Stages.TRANSFORM)).findFirst().orElseThrow();
        Series vector = transform.series().stream().filter(s -> "vector".equals(s.variant())).findFirst().orElseThrow();
        assertThat(vector.at(16384)).isNull();
        assertThat(vector.at(4096)).isNotNull();
        assertThat(run.apart()).extracting(SteadyStateCheck.Apart::measurement).containsExactly(a.measurement());

        Path reports = tmp.resolve("reports");
        Fixtures.Run r = Fixtures.report(results, reports);
        assertThat(r.status()).as(r.err()).isZero();
        String md = Fixtures.pages(reports);
        assertThat(md).contains("## Steady state", "**1 row(s) not measured at steady state**, shown apart:",
                "transform `vector` at 2^14: 1 of 1 fork(s) did not settle within the warm-up cap",
                "Shown apart (not steady state: not drawn, fitted or ranked):");
        assertThat(md.indexOf("## Steady state")).isLessThan(md.indexOf("## How to read this report"));
        // the table's 2^14 row has no vector cell
        assertThat(md).containsPattern("\\| 2\\^14 \\|[^\\n]*\\|  \\|[^\\n]*\\n");
    }

    @Test
    void compareLeavesTheUnsettledRowOut() throws Exception {
        Path file = withOneUnsettledFork().resolve(BASIC + ".json");
        Fixtures.Run cmp = Fixtures.compare("--baseline", file.toString(), "--candidate", file.toString(), "--out",
                tmp.resolve("cmp").toString());
        assertThat(cmp.status()).as(cmp.err()).isZero();
        assertThat(cmp.out()).contains("note: rows not measured at steady state are left out: 1 of " + BASIC + ".json, 1 of "
                + BASIC + ".json");
        String md = Fixtures.read(tmp.resolve("cmp/compare.md"));
        String compared = md.substring(0, md.indexOf("## Not compared: not at steady state"));
        assertThat(compared).contains("TransformBench.transform [size=4096, variant=vector]")
                .doesNotContain("TransformBench.transform [size=16384, variant=vector]");
        // listed apart, with its reason, on each side; not as "only in" either file
        assertThat(md.substring(compared.length())).contains(
                "baseline `TransformBench.transform [size=16384, variant=vector]`: 1 of",
                "candidate `TransformBench.transform [size=16384, variant=vector]`: 1 of").doesNotContain("## Only in");
    }

    @Test
    void runsThatRecordedNoWarmUpAreJudgedByAllocationOnly() throws Exception {
        Path results = Fixtures.copy("basic", tmp);
        ResultFile f = ResultReader.read(results.resolve(BASIC + ".json"));
        Profiling prof = Profiling.of(f);
        assertThat(prof.recordedSettling()).isFalse();
        assertThat(SteadyStateCheck.split(f, prof).apart()).isEmpty();
        Path reports = tmp.resolve("reports");
        assertThat(Fixtures.report(results, reports).status()).isZero();
        assertThat(Fixtures.pages(reports)).contains("## Steady state",
                "Every row rendered below was measured at steady state.");
    }
}
