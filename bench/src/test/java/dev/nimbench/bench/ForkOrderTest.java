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
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Interleaved fork order ({@link ForkOrder}): sets of compared groups, rounds, the seed, and a real run. */
class ForkOrderTest {

    private static final Profile.Iterations IT = new Profile.Iterations(1, 100, 1, 100);

    @TempDir
    Path tmp;

    private static RunGroup transform(int forks, String... variants) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("variant", List.of(variants));
        params.put("size", List.of("1024", "4096"));
        return new RunGroup("TransformBench", List.of("transform"), params, IT, forks, 0);
    }

    private static RunGroup pipeline(String problem, String variant, int threads, int forks) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("problem", List.of(problem));
        params.put("variant", List.of(variant));
        params.put("size", List.of("10000000"));
        params.put("threads", List.of(Integer.toString(threads)));
        return new RunGroup("PipelineBench", List.of("solve"), params, IT, forks, 0);
    }

    @Test
    void comparedGroupsFormOneSetOtherGroupsRunAlone() {
        RunGroup d1 = pipeline("card-stacking", "default", 1, 4);
        RunGroup swap = pipeline("card-stacking", "multiplier=plain", 1, 2);
        RunGroup d2 = pipeline("card-stacking", "default", 2, 4);
        RunGroup wht = pipeline("card-stacking", "combine=wht", 2, 4);
        RunGroup dg = pipeline("divisor-game", "default", 2, 4);
        RunGroup small1 = transform(1, "a", "b");
        RunGroup small2 = transform(1, "c");
        assertThat(ForkOrder.sets(List.of(d1, swap, d2, wht, dg, small1, small2)))
                .containsExactly(List.of(d1, swap, d2, wht), List.of(dg), List.of(small1), List.of(small2));
        assertThat(ForkOrder.interleaves(List.of(d1, swap, d2, wht))).isTrue();
        assertThat(ForkOrder.interleaves(List.of(dg))).isFalse(); // one combination: nothing to order
        assertThat(ForkOrder.interleaves(List.of(small1))).isFalse(); // one fork: one round
        assertThat(ForkOrder.interleaves(List.of(transform(4, "a")))).isTrue(); // two sizes
    }

    @Test
    void eachRoundRunsOneForkOfEveryCombinationInASeededShuffledOrder() {
        RunGroup a = pipeline("card-stacking", "default", 2, 4);
        RunGroup b = pipeline("card-stacking", "multiplier=plain", 1, 2);
        RunGroup c = transform(4, "x", "y").withForks(4);
        List<RunGroup> set = List.of(a, b, transform(4, "x", "y"));
        List<List<ForkOrder.Slot>> rounds = ForkOrder.rounds(set, 42);
        assertThat(rounds).hasSize(4);
        for (int r = 0; r < 4; r++) {
            List<RunGroup> forks = rounds.get(r).stream().map(ForkOrder.Slot::fork).toList();
            List<RunGroup> expected = new ArrayList<>(ForkOrder.combinations(a));
            expected.addAll(ForkOrder.combinations(c));
            if (r == 0 || r == 2) { // the 2-fork group: rounds spread over the 4
                expected.addAll(ForkOrder.combinations(b));
            }
            assertThat(forks).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(rounds.get(r)).allMatch(s -> s.fork().forks() == 1 && s.fork().combinations() == 1
                    && ForkOrder.combinations(s.group()).contains(s.fork()));
        }
        assertThat(new HashSet<>(rounds.stream().map(rd -> rd.stream().map(ForkOrder.Slot::fork).toList()
                .subList(0, 3)).toList())).hasSizeGreaterThan(1); // not the same order every round
        assertThat(ForkOrder.rounds(set, 42)).isEqualTo(rounds); // a resumed run repeats the order
        assertThat(ForkOrder.rounds(set, 43)).isNotEqualTo(rounds);
        assertThat(ForkOrder.describe(set, rounds)).matches("([1-6] ){5}[1-6] \\| ([1-6] ){4}[1-6] \\| ([1-6] ){5}[1-6]"
                + " \\| ([1-6] ){4}[1-6]");
        assertThat(ForkOrder.takesPart(3, 4, 0) && ForkOrder.takesPart(3, 4, 1) && ForkOrder.takesPart(3, 4, 2)
                && !ForkOrder.takesPart(3, 4, 3)).isTrue();
    }

    @Test
    void overManySeedsEveryCombinationRunsFirstAsOftenAsAnother() {
        List<RunGroup> set = List.of(transform(2, "a", "b"));
        Map<RunGroup, Integer> first = new LinkedHashMap<>();
        for (long seed = 0; seed < 4000; seed++) {
            first.merge(ForkOrder.rounds(set, seed).get(0).get(0).fork(), 1, Integer::sum);
        }
        assertThat(first).hasSize(4);
        assertThat(first.values()).allMatch(n -> n > 800 && n < 1200);
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
        assertThat(out).containsPattern("nimbench forks interleaved: 1 group\\(s\\), 2 rounds, order [12] [12] \\| [12] [12]")
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
