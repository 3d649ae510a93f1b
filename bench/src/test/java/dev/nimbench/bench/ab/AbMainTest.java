package dev.nimbench.bench.ab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.bench.ab.AbOrder.Side;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The A/B run with synthetic forks in place of the harness: each fork is a results file of one
 * fork per configuration, on a machine that drifts over the run (every fork slower than the one
 * before), so only the interleaving keeps an A/A quiet; a real 5% slow-down is still found.
 */
class AbMainTest {

    @TempDir
    Path tmp;

    /** Drift per fork slot (0.8% slower each fork: 10% over a 12-fork run) and fork-to-fork noise. */
    private static final double DRIFT = 0.008;
    private static final double NOISE = 0.003;

    /** Synthetic forks: slot-by-slot drift; {@code slowdown} on the candidate. */
    private AbMain.ForkRunner synthetic(double slowdown, long seed) {
        Random random = new Random(seed);
        int[] slot = {0};
        return (side, round, dir) -> {
            double level = Math.pow(1 + DRIFT, slot[0]++) * (side == Side.CANDIDATE ? slowdown : 1);
            ArrayNode entries = AbMerge.JSON.createArrayNode();
            for (String variant : List.of("default", "transform=blocked")) {
                double ms = (variant.equals("default") ? 40 : 55) * level * Math.exp(NOISE * random.nextGaussian());
                entries.add(entry(variant, ms, random));
            }
            Path json = dir.resolve("20261201T160000Z-jdk17.json");
            AbMerge.JSON.writeValue(json.toFile(), entries);
            ObjectNode meta = AbMerge.JSON.createObjectNode();
            meta.put("gitRevision", side.id());
            meta.putObject("cpu").put("key", "intel-f6m207-avx512").put("model", "Intel Xeon").put("mhz", 2300.0 + slot[0]);
            meta.put("profile", "default");
            meta.put("threads", 2);
            AbMerge.JSON.writeValue(AbMerge.metaOf(json).toFile(), meta);
            return json;
        };
    }

    private static ObjectNode entry(String variant, double ms, Random random) {
        ObjectNode e = AbMerge.JSON.createObjectNode();
        e.put("jmhVersion", "1.37");
        e.put("benchmark", "dev.nimbench.bench.PipelineBench.solve");
        e.put("mode", "avgt");
        e.put("threads", 1);
        e.put("forks", 1);
        e.put("jdkVersion", "17.0.15");
        e.putObject("params").put("problem", "card-stacking").put("size", "10000000").put("threads", "2")
                .put("variant", variant);
        ObjectNode pm = e.putObject("primaryMetric");
        ArrayNode fork = pm.putArray("rawData").addArray();
        double sum = 0;
        for (int i = 0; i < 5; i++) {
            double v = ms * Math.exp(0.002 * random.nextGaussian());
            fork.add(v);
            sum += v;
        }
        pm.put("score", sum / 5);
        pm.put("scoreError", "NaN");
        pm.putArray("scoreConfidence").add(sum / 5).add(sum / 5);
        pm.put("scoreUnit", "ms/op");
        e.putObject("secondaryMetrics").putObject("gc.alloc.rate.norm").put("score", 100).put("scoreUnit", "B/op")
                .putArray("rawData").addArray().add(100).add(100);
        return e;
    }

    private Map<String, String> options(String name) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("baseline-rev", "aaaaaaaaaaaa");
        o.put("candidate-rev", name.equals("aa") ? "aaaaaaaaaaaa" : "bbbbbbbbbbbb");
        o.put("rounds", "6");
        o.put("seed", "20261201");
        o.put("threshold", "3");
        o.put("out", tmp.resolve(name).toString());
        o.put("compare-out", tmp.resolve(name + "-report").toString());
        return o;
    }

    private record Outcome(int rc, String out, String err) {
    }

    private Outcome run(Map<String, String> o, AbMain.ForkRunner runner) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = AbMain.run(o, runner, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anAaOnADriftingMachineFindsNothing() throws IOException {
        Outcome r = run(options("aa"), synthetic(1.0, 7));
        assertThat(r.err).isEmpty();
        assertThat(r.rc).isZero();
        assertThat(r.out).doesNotContain("REGRESSION").doesNotContain("MACHINES DIFFER")
                .contains("2 benchmarks (2 with enough forks to test)");
        String md = Files.readString(tmp.resolve("aa-report/compare.md"));
        assertThat(md).contains("significant regressions over 3%: 0").contains("significant improvements over 3%: 0");
    }

    @Test
    void aRealFivePercentSlowDownIsFoundThroughTheDrift() {
        Outcome r = run(options("ab"), synthetic(1.05, 7));
        assertThat(r.rc).as(r.out + r.err).isEqualTo(1);
        assertThat(r.out).contains("REGRESSION PipelineBench.solve").containsPattern("REGRESSION [^\\n]*default");
        assertThat(r.out.lines().filter(l -> l.startsWith("REGRESSION"))).hasSize(2);
    }

    @Test
    void withoutInterleavingTheSameDriftPassesForARegression() {
        // The control: all baseline forks, then all candidate forks, on the same drifting machine.
        AbMain.ForkRunner drifting = synthetic(1.0, 7);
        List<Path> baseline = new ArrayList<>();
        List<Path> candidate = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                Path d = Files.createDirectories(tmp.resolve("seq/a" + i));
                baseline.add(drifting.run(Side.BASELINE, i, d));
            }
            for (int i = 0; i < 6; i++) {
                Path d = Files.createDirectories(tmp.resolve("seq/b" + i));
                candidate.add(drifting.run(Side.CANDIDATE, i, d));
            }
            Path a = AbMerge.write(tmp.resolve("seq"), "baseline", baseline, Map.of("side", "baseline"), 2300.0);
            Path b = AbMerge.write(tmp.resolve("seq"), "candidate", candidate, Map.of("side", "candidate"), 2300.0);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int rc = dev.nimbench.bench.report.CompareMain.run(new String[] {"--baseline", a.toString(), "--candidate",
                    b.toString(), "--threshold", "3", "--out", tmp.resolve("seq-report").toString()},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
            assertThat(rc).isEqualTo(1);
            assertThat(out.toString(StandardCharsets.UTF_8)).contains("REGRESSION");
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void eachSideIsOneMergedFileWithAllItsForksInRunOrderAndTheOrderRecorded() throws IOException {
        Outcome r = run(options("aa"), synthetic(1.0, 3));
        assertThat(r.rc).isZero();
        Path dir = tmp.resolve("aa");
        JsonNode merged = AbMerge.JSON.readTree(dir.resolve("baseline-aaaaaaaaaaaa.json").toFile());
        assertThat(merged).hasSize(2);
        for (JsonNode e : merged) {
            assertThat(e.get("forks").asInt()).isEqualTo(6);
            JsonNode raw = e.path("primaryMetric").get("rawData");
            assertThat(raw).hasSize(6);
            // drift: each later fork slower than the first (the forks kept in the order they ran)
            assertThat(raw.get(5).get(0).asDouble()).isGreaterThan(raw.get(0).get(0).asDouble());
            double sum = 0;
            for (JsonNode f : raw) {
                for (JsonNode v : f) {
                    sum += v.asDouble();
                }
            }
            assertThat(e.path("primaryMetric").get("score").asDouble()).isCloseTo(sum / 30, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(e.path("secondaryMetrics").path("gc.alloc.rate.norm").get("rawData")).hasSize(6);
        }
        JsonNode meta = AbMerge.JSON.readTree(dir.resolve("candidate-aaaaaaaaaaaa.meta.json").toFile());
        assertThat(meta.path("ab").get("seed").asLong()).isEqualTo(20261201L);
        assertThat(meta.path("ab").get("side").asText()).isEqualTo("candidate");
        assertThat(meta.path("ab").get("order").asText()).isEqualTo(AbOrder.describe(AbOrder.rounds(6, 20261201L)));
        // one machine, one clock on both sides
        JsonNode baseMeta = AbMerge.JSON.readTree(dir.resolve("baseline-aaaaaaaaaaaa.meta.json").toFile());
        assertThat(meta.path("cpu").get("mhz").asDouble()).isEqualTo(baseMeta.path("cpu").get("mhz").asDouble());
        try (var forks = Files.list(dir.resolve("forks"))) {
            assertThat(forks.map(p -> p.getFileName().toString()).sorted().toList()).hasSize(12)
                    .startsWith("01-baseline", "01-candidate").endsWith("06-baseline", "06-candidate");
        }
    }

    @Test
    void theUsersSelectionReachesEveryFork() {
        Map<String, String> o = AbMain.options(new String[] {"--baseline-rev", "aaaaaaaaaaaa", "--candidate-rev",
                "bbbbbbbbbbbb", "--rounds", "6", "--out", "o", "--compare-out", "c", "--java", "java", "--baseline-jvm",
                "a.args", "--baseline-root", "/a", "--include", "TransformBench", "--variants", "^blocked$",
                "--sizes", "2^24", "--threads", "2"});
        java.util.List<String> cmd = AbMain.harnessCommand(o, dev.nimbench.bench.ab.AbOrder.Side.BASELINE, 2, tmp);
        assertThat(String.join(" ", cmd)).startsWith("java @a.args dev.nimbench.bench.BenchMain --profile default --forks 1")
                .contains("--include TransformBench").contains("--variants ^blocked$").contains("--sizes 2^24")
                .contains("--threads 2").contains("--root /a").contains("round 3");
    }

    @Test
    void badOptionsAndAFailedForkAreOneLine() {
        Map<String, String> o = options("bad");
        o.put("rounds", "1");
        Outcome r = run(o, synthetic(1.0, 1));
        assertThat(r.rc).isEqualTo(2);
        assertThat(r.err.strip()).startsWith("error: rounds (-Djmh.forks) = 1 is out of range").doesNotContain("\n");
        Outcome failed = run(options("fail"), (side, round, dir) -> {
            throw new AbMain.ForkFailedException("the baseline harness (aaaaaaaaaaaa) failed in round 1 (BenchMain exit 1)");
        });
        assertThat(failed.rc).isEqualTo(4);
        assertThat(failed.err.strip()).isEqualTo("error: the baseline harness (aaaaaaaaaaaa) failed in round 1 (BenchMain exit 1)");
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> AbMain.options(new String[] {"--rounds"})))
                .hasMessage("option --rounds needs a value");
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> AbMain.options(new String[] {"--round", "6"})))
                .hasMessageStartingWith("unknown option --round; valid: --baseline-jvm ");
    }
}
