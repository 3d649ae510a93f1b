package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.platform.CpuIdentity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The partial files' bookkeeping without JMH: names, and what a resume keeps of a run killed between its two writes. */
class PartialResultsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final RunGroup TRANSFORM = new RunGroup("TransformBench", List.of("transform"),
            Map.of("variant", List.of("blocked"), "size", List.of("1024")), Profile.QUICK.otherIterations, 1, 0);
    private static final RunGroup COPY = new RunGroup("TransformBench", List.of("copyBaseline"),
            Map.of("variant", List.of("scalar-mod"), "size", List.of("1024")), Profile.QUICK.otherIterations, 1, 0);
    private static final List<RunGroup> PLAN = List.of(TRANSFORM, COPY);

    @TempDir
    Path dir;

    private static Map<String, Object> metadata() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("gitRevision", "abc");
        m.put("cpu", Map.of("key", CpuIdentity.current().key()));
        m.put("jdk", Map.of("version", "17.0.15"));
        m.put("profile", "quick");
        m.put("options", Map.of("profile", "quick", "include", "TransformBench"));
        m.put("plan", List.of(TRANSFORM.toString(), COPY.toString()));
        return m;
    }

    private static ObjectNode entry(String method, String variant) {
        ObjectNode e = JSON.createObjectNode();
        e.put("benchmark", RunGroup.PACKAGE + ".TransformBench." + method);
        e.putObject("params").put("size", "1024").put("variant", variant);
        e.putObject("primaryMetric").put("score", 0.016);
        return e;
    }

    @Test
    void twoRunsStartedInTheSameSecondGetTwoNames() throws Exception {
        Instant t = Instant.parse("2026-12-01T05:00:00Z");
        PartialResults a = PartialResults.begin(dir, t, metadata(), PLAN);
        PartialResults b = PartialResults.begin(dir, t, metadata(), PLAN);
        assertThat(a.resultFile()).isNotEqualTo(b.resultFile());
        assertThat(b.resultFile().getFileName().toString()).endsWith("-2.json");
        assertThat(JSON.readTree(dir.resolve(a.resultFile().getFileName().toString().replace(".json", ".meta.json")).toFile())
                .get(PartialResults.COMPLETE).asBoolean()).isFalse();
    }

    /** Killed after the results file was written but before the metadata: that group's entries are dropped, the group runs again. */
    @Test
    void entriesOfGroupsNotListedAsDoneAreDroppedOnResume() throws Exception {
        PartialResults first = PartialResults.begin(dir, Instant.parse("2026-12-01T05:00:00Z"), metadata(), PLAN);
        Path json = first.resultFile();
        Path meta = json.resolveSibling(json.getFileName().toString().replace(".json", ".meta.json"));
        ArrayNode entries = JSON.createArrayNode().add(entry("transform", "blocked")).add(entry("copyBaseline", "scalar-mod"));
        JSON.writeValue(json.toFile(), entries);
        ObjectNode m = (ObjectNode) JSON.readTree(meta.toFile());
        m.putArray(PartialResults.GROUPS_DONE).add(TRANSFORM.toString());
        JSON.writeValue(meta.toFile(), m);

        PartialResults resumed = PartialResults.resume(dir, "true", metadata(), PLAN);
        assertThat(resumed.isDone(TRANSFORM)).isTrue();
        assertThat(resumed.isDone(COPY)).isFalse();
        resumed.complete(Map.of("finished", "now"));
        JsonNode out = JSON.readTree(json.toFile());
        assertThat(out).hasSize(1);
        assertThat(out.get(0).get("benchmark").asText()).endsWith(".transform");
        JsonNode finalMeta = JSON.readTree(meta.toFile());
        assertThat(finalMeta.get(PartialResults.COMPLETE).asBoolean()).isTrue();
        assertThat(finalMeta.has(PartialResults.GROUPS_DONE)).isFalse();
        assertThat(finalMeta.get(PartialResults.RESUMED)).hasSize(1);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).hasSize(2); // no temporary file left
        }
        assertThatThrownBy(() -> PartialResults.resume(dir, json.getFileName().toString(), metadata(), PLAN))
                .hasMessageContaining("that run is complete");
    }

    @Test
    void anotherPlanIsRefusedNamingTheFirstDifferentGroup() throws Exception {
        PartialResults.begin(dir, Instant.parse("2026-12-01T05:00:00Z"), metadata(), PLAN);
        Map<String, Object> other = metadata();
        other.put("plan", List.of(TRANSFORM.toString()));
        assertThatThrownBy(() -> PartialResults.resume(dir, "true", other, List.of(TRANSFORM)))
                .hasMessageContaining("plan's group 2 was " + COPY + ", now it is (none)")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> PartialResults.resume(dir, "no-such-run.json", metadata(), PLAN))
                .hasMessageContaining("'no-such-run.json'").hasMessageContaining("valid:");
    }
}
