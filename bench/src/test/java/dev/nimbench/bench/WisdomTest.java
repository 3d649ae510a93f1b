package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.distribution.Problem;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The search's first step on fake runs: the planner reads the stage leaders of the newest
 * complete default run of this CPU key and JDK ({@link Wisdom}) and composes them into pipeline
 * candidates ({@link PipelinePlan#composed}), so that two choices that each stage benchmark picks,
 * and that no built-in candidate puts together, are measured together.
 */
class WisdomTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path results;

    /** One JMH entry: a benchmark method, its params, one value per fork (ms/op). */
    private static ObjectNode entry(String benchmark, Map<String, String> params, double... forkMillis) {
        ObjectNode e = JSON.createObjectNode();
        e.put("jmhVersion", "1.37");
        e.put("benchmark", "dev.nimbench.bench." + benchmark);
        e.put("mode", "avgt");
        e.put("threads", 1);
        e.put("forks", forkMillis.length);
        e.put("jdkVersion", "17.0.15");
        e.put("vmName", "OpenJDK 64-Bit Server VM");
        ObjectNode p = e.putObject("params");
        params.forEach(p::put);
        ObjectNode pm = e.putObject("primaryMetric");
        ArrayNode raw = pm.putArray("rawData");
        double sum = 0;
        for (double v : forkMillis) {
            raw.addArray().add(v).add(v).add(v);
            sum += v;
        }
        pm.put("score", sum / forkMillis.length);
        pm.put("scoreError", 0.0);
        pm.put("scoreUnit", "ms/op");
        return e;
    }

    private void run(String name, String cpuKey, String profile, boolean complete, ObjectNode... entries) throws Exception {
        ArrayNode all = JSON.createArrayNode();
        for (ObjectNode e : entries) {
            all.add(e);
        }
        Files.writeString(results.resolve(name + ".json"), JSON.writeValueAsString(all), StandardCharsets.UTF_8);
        ObjectNode meta = JSON.createObjectNode();
        meta.putObject("cpu").put("key", cpuKey);
        meta.put("profile", profile);
        meta.put("complete", complete);
        Files.writeString(results.resolve(name + ".meta.json"), JSON.writeValueAsString(meta), StandardCharsets.UTF_8);
    }

    private static Map<String, String> p(String variant, String size) {
        return Map.of("variant", variant, "size", size, "threads", "2");
    }

    @Test
    void theLeadersComeFromTheNewestCompleteDefaultRunOfThisCpuAndJdk() throws Exception {
        // at 2^24 `blocked` leads the transform and `vector-fma` the power sum; at 2^20 others do
        run("20261201T000000Z-jdk17", "cpu-a", "default", true,
                entry("TransformBench.transform", p("blocked", "16777216"), 30, 31, 29, 30),
                entry("TransformBench.transform", p("vector", "16777216"), 40, 41),
                entry("TransformBench.transform", p("vector", "1048576"), 1),
                entry("PowerSumBench.sum", p("vector-fma", "16777216"), 50, 52, 51),
                entry("PowerSumBench.sum", p("scalar", "16777216"), 900),
                entry("DistributionBench.histogram", Map.of("problem", "card-stacking", "variant",
                        "tail-sum-recurrence", "size", "10000000", "threads", "2"), 80, 81));
        // newer, but another CPU, an interrupted run, a quick run: not this machine's wisdom
        run("20261202T000000Z-jdk17", "cpu-b", "default", true, entry("TransformBench.transform", p("vector", "16777216"), 1));
        run("20261203T000000Z-jdk17", "cpu-a", "default", false, entry("TransformBench.transform", p("vector", "16777216"), 1));
        run("20261204T000000Z-jdk17", "cpu-a", "quick", true, entry("TransformBench.transform", p("vector", "4096"), 1));
        Wisdom w = Wisdom.read(results, "cpu-a", 17);
        assertThat(w).isNotNull();
        assertThat(w.file()).isEqualTo("20261201T000000Z-jdk17.json");
        assertThat(w.leaders()).containsEntry("transform", "blocked").containsEntry("power", "vector-fma")
                .containsEntry("distribution/card-stacking", "tail-sum-recurrence")
                .doesNotContainKey("distribution/divisor-game");
        assertThat(Wisdom.read(results, "cpu-a", 25)).as("no run of JDK 25").isNull();
        assertThat(Wisdom.read(results.resolve("none"), "cpu-a", 17)).isNull();
    }

    @Test
    void twoLeadersThatNoBuiltInCandidateJoinsAreComposedIntoOneCandidate() {
        Wisdom w = new Wisdom("x.json", Map.of("transform", "blocked", "power", "forkjoin",
                "distribution/card-stacking", "tail-sum-recurrence"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        List<String> composed = PipelinePlan.composed(Problem.CARD_STACKING, w, new PrintStream(log));
        assertThat(composed).anySatisfy(l -> assertThat(l).contains("distribution=tail-sum-recurrence",
                "transform=blocked", "power=forkjoin").startsWith("combine="));
        assertThat(PipelinePlan.candidates(Problem.CARD_STACKING)).as("the built-in list never joins them")
                .noneMatch(l -> l.contains("transform=blocked") && l.contains("power=forkjoin"));
        // every composition names its combine, and each resolves here
        assertThat(composed).allMatch(l -> l.startsWith("combine="));
    }

    @Test
    void aLeaderThisJvmCannotRunIsNotComposedAndTheLogSaysWhy() {
        Wisdom w = new Wisdom("x.json", Map.of("transform", "no-such-transform", "power", "forkjoin"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        List<String> composed = PipelinePlan.composed(Problem.DIVISOR_GAME, w, new PrintStream(log));
        assertThat(composed).isEmpty();
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("not composed", "no-such-transform");
        assertThat(PipelinePlan.composed(Problem.DIVISOR_GAME, null, new PrintStream(log))).isEmpty();
    }
}
