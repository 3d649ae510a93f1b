package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Interleaved fork order ({@link ForkOrder}): rounds, the seed, and a real run's results file. */
class ForkOrderTest {

    private static final Profile.Iterations IT = new Profile.Iterations(1, 100, 1, 100);

    @TempDir
    Path tmp;

    private static RunGroup group(int forks, String... variants) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("variant", List.of(variants));
        params.put("size", List.of("1024", "4096"));
        return new RunGroup("TransformBench", List.of("transform"), params, IT, forks, 0);
    }

    @Test
    void eachRoundRunsEveryCombinationOnceInASeededShuffledOrder() {
        RunGroup g = group(4, "a", "b", "c");
        List<RunGroup> combos = ForkOrder.combinations(g);
        assertThat(combos).hasSize(6).allMatch(c -> c.forks() == 1 && c.combinations() == 1);
        List<RunGroup> s = ForkOrder.schedule(g, 42);
        assertThat(s).hasSize(24);
        Set<RunGroup> firsts = new HashSet<>();
        List<List<RunGroup>> rounds = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            List<RunGroup> round = s.subList(6 * r, 6 * r + 6);
            assertThat(round).containsExactlyInAnyOrderElementsOf(combos);
            firsts.add(round.get(0));
            rounds.add(round);
        }
        // shuffled per round: not the plan order every time, not the same order every round
        assertThat(rounds).anyMatch(round -> !round.equals(combos));
        assertThat(new HashSet<>(rounds)).hasSizeGreaterThan(1);
        // the same seed gives the same order (a resumed run repeats it), another seed another order
        assertThat(ForkOrder.schedule(g, 42)).isEqualTo(s);
        assertThat(ForkOrder.schedule(g, 43)).isNotEqualTo(s);
        assertThat(ForkOrder.describe(g, s)).matches("([1-6] ){5}[1-6]( \\| ([1-6] ){5}[1-6]){3}");
    }

    @Test
    void overManySeedsEveryCombinationRunsFirstAsOftenAsAnother() {
        RunGroup g = group(2, "a", "b");
        Map<RunGroup, Integer> first = new LinkedHashMap<>();
        for (long seed = 0; seed < 4000; seed++) {
            first.merge(ForkOrder.schedule(g, seed).get(0), 1, Integer::sum);
        }
        assertThat(first).hasSize(4);
        assertThat(first.values()).allMatch(n -> n > 800 && n < 1200);
    }

    @Test
    void onlyGroupsThatCompareSeveralCombinationsWithSeveralForksInterleave() {
        assertThat(ForkOrder.interleaves(group(4, "a"))).isTrue(); // two sizes
        assertThat(ForkOrder.interleaves(group(1, "a", "b"))).isFalse();
        Map<String, List<String>> one = Map.of("variant", List.of("a"), "size", List.of("1024"));
        assertThat(ForkOrder.interleaves(new RunGroup("TransformBench", List.of("transform"), one, IT, 4, 0))).isFalse();
    }

    /** A real harness run: two variants, 2 forks each, interleaved; one entry per variant with both forks. */
    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void aRunWritesOneEntryPerCombinationWithAllItsInterleavedForks() throws Exception {
        Path results = tmp.resolve("results");
        Path log = tmp.resolve("run.log");
        List<String> cmd = new ArrayList<>(List.of(LifelineTest.javaExecutable(), "--add-modules=jdk.incubator.vector",
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), BenchMain.class.getName(),
                "--profile", "quick", "--include", "TransformBench\\.transform", "--variants", "^(blocked|lazy-long)$",
                "--sizes", "1024", "--forks", "2", "--warmup-iterations", "0", "--iterations", "1",
                "--yardstick", "none", "--results", results.toString(), "--root", tmp.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(log);
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).containsPattern("nimbench forks interleaved: 2 rounds of 2 combinations, order [12] [12] \\| [12] [12]")
                .contains("nimbench progress: group 1 of 1");
        Path json;
        try (Stream<Path> files = Files.list(results)) {
            json = files.filter(f -> f.toString().endsWith(".json") && !f.toString().endsWith(".meta.json"))
                    .findFirst().orElseThrow();
        }
        ObjectMapper m = new ObjectMapper();
        JsonNode entries = m.readTree(json.toFile());
        assertThat(entries).hasSize(2);
        for (JsonNode e : entries) {
            assertThat(e.path("forks").asInt()).isEqualTo(2);
            assertThat(e.path("primaryMetric").path("rawData")).hasSize(2);
        }
        JsonNode meta = m.readTree(Path.of(json.toString().replace(".json", ".meta.json")).toFile());
        assertThat(meta.path("forkOrder").path("seed").isNumber()).isTrue();
        assertThat(meta.path("complete").asBoolean()).isTrue();
    }
}
