package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI in-process through picocli's {@code execute}: answers, output formats, bad input. */
class MainTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void publishedValues() {
        assertAnswer(CliRun.of("solve", "card-stacking", "3", "2"), "C(3, 2) mod 1000000007 = 26");
        assertAnswer(CliRun.of("solve", "card-stacking", "13", "4"), "C(13, 4) mod 1000000007 = 540318329");
        assertAnswer(CliRun.of("solve", "divisor-game", "10", "5"), "f(10, 5) mod 987654321 = 40085");
        assertAnswer(CliRun.of("solve", "card-stacking", "13", "4", "--exact"), "C(13, 4) (exact) = 556569544214312");
        assertAnswer(CliRun.of("solve", "divisor-game", "10", "5", "--exact"), "f(10, 5) (exact) = 40085");
        assertAnswer(CliRun.of("solve", "card-stacking", "3", "2", "--exact"), "C(3, 2) (exact) = 26");
    }

    @Test
    void edgeCases() {
        assertAnswer(CliRun.of("solve", "card-stacking", "9", "0"), "= 1\n");
        assertAnswer(CliRun.of("solve", "card-stacking", "1", "10"), "= 1024\n");
        assertAnswer(CliRun.of("solve", "divisor-game", "9", "0"), "= 0\n");
    }

    @Test
    void humanOutputHasTheConfigurationAsRunAndTimings() {
        CliRun run = CliRun.of("solve", "divisor-game", "10", "5", "--combine", "repeated-squaring", "--threads", "1",
                "--repeat", "2");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("configuration: distribution=").contains("transform=none")
                .contains("power=none").contains("combine=repeated-squaring").contains("threads=1")
                .contains("timings (ms, median of 2 runs after warm-up to steady state): distribution ")
                .contains("combine ");
    }

    @Test
    void jsonOutput() throws IOException {
        CliRun run = CliRun.of("solve", "card-stacking", "13", "4", "--json", "--repeat", "3", "--combine", "wht");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode root = JSON.readTree(run.out());
        assertThat(root.get("problem").asText()).isEqualTo("card-stacking");
        assertThat(root.get("n").asInt()).isEqualTo(13);
        assertThat(root.get("s").asLong()).isEqualTo(4);
        assertThat(root.get("modulus").isNumber()).isTrue();
        assertThat(root.get("modulus").asLong()).isEqualTo(1_000_000_007L);
        assertThat(root.get("losing").isTextual()).isTrue();
        assertThat(root.get("losing").asText()).isEqualTo("540318329");
        assertThat(root.get("winning").isTextual()).isTrue();
        assertThat(root.get("answer").asText()).isEqualTo("540318329");
        JsonNode config = root.get("config");
        assertThat(config.get("distribution").get("card-stacking").isTextual()).isTrue();
        for (String stage : List.of("transform", "multiplier", "power", "combine")) {
            assertThat(config.get(stage).isTextual()).as(stage).isTrue();
        }
        assertThat(config.get("threads").isInt()).isTrue();
        assertThat(fieldNames(root.get("timingsMillis"))).containsExactly("distribution", "transform", "power",
                "combine");
        assertThat(root.get("repeat").asInt()).isEqualTo(3);
        assertThat(root.get("defaults").asText()).matches("built-in defaults, lanes=(plain|masked|fma): .*")
                .contains("JDK " + Runtime.version().feature());
        JsonNode platform = root.get("platform");
        assertThat(platform.get("jdk").asInt()).isEqualTo(Runtime.version().feature());
        assertThat(platform.get("jit").asText()).isEqualTo("C2");
        assertThat(platform.get("cores").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(platform.has("UseFMA") && platform.has("MaxVectorSize") && platform.has("vectorBits")).isTrue();
        assertThat(root.get("stageSources").get("threads").asText()).isEqualTo("this machine's cores");
        assertThat(root.get("stageSources").get("combine").asText()).isEqualTo("command line");
        assertThat(root.get("stageSources").get("transform").asText()).startsWith("built-in defaults, lanes=");

        JsonNode divisor = JSON.readTree(CliRun.of("solve", "divisor-game", "10", "5", "--json", "--exact").out());
        assertThat(divisor.get("modulus").asText()).isEqualTo("exact");
        assertThat(divisor.get("k").asLong()).isEqualTo(5);
        assertThat(divisor.get("winning").asText()).isEqualTo("40085");
        assertThat(divisor.get("losing").asText()).isEqualTo(String.valueOf(59_049 - 40_085));
    }

    @Test
    void configFileRoundTrip(@TempDir Path dir) throws IOException {
        CliRun first = CliRun.of("solve", "divisor-game", "10", "5", "--json", "--combine", "repeated-squaring",
                "--threads", "2");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        JsonNode config = JSON.readTree(first.out()).get("config");
        Path file = dir.resolve("run-config.json");
        Files.writeString(file, config.toString());
        CliRun second = CliRun.of("solve", "divisor-game", "10", "5", "--json", "--config", file.toString());
        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(JSON.readTree(second.out()).get("config")).isEqualTo(config);
        assertThat(JSON.readTree(second.out()).get("answer").asText()).isEqualTo("40085");

        // Command-line options override the file; "evidence" is ignored.
        Files.writeString(file, "{\"combine\": \"repeated-squaring\", \"threads\": 2, \"evidence\": {\"x\": 1}}");
        CliRun overridden = CliRun.of("solve", "divisor-game", "10", "5", "--json", "--config", file.toString(),
                "--threads", "1");
        JsonNode c = JSON.readTree(overridden.out()).get("config");
        assertThat(c.get("threads").asInt()).isEqualTo(1);
        assertThat(c.get("combine").asText()).isEqualTo("repeated-squaring");
    }

    @Test
    void platformPrintsTheJvmsFactsAndTheRuleOfTheDefaults() {
        CliRun run = CliRun.of("platform");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("cpuKey ").contains("jit").contains("UseFMA").contains("vectorBits")
                .containsPattern("defaults +built-in defaults, lanes=");
    }

    @Test
    void aBadLanesPropertyIsOneLineExit2() {
        String old = System.getProperty("nimbench.lanes");
        try {
            System.setProperty("nimbench.lanes", "wide");
            CliRun run = CliRun.of("solve", "divisor-game", "10", "5");
            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.err().strip().lines()).hasSize(1);
            assertThat(run.err()).contains("-Dnimbench.lanes=wide is not known; valid: plain, masked, fma");
        } finally {
            if (old == null) {
                System.clearProperty("nimbench.lanes");
            } else {
                System.setProperty("nimbench.lanes", old);
            }
        }
    }

    @Test
    void variantsJsonShape() throws IOException {
        CliRun run = CliRun.of("variants", "--json");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode root = JSON.readTree(run.out());
        assertThat(fieldNames(root)).containsExactly("distribution", "transform", "multiplier", "power", "combine");
        Map<String, List<? extends Variant>> registries = Map.of(
                "distribution", Registry.all(DistributionVariant.class),
                "transform", Registry.all(TransformVariant.class),
                "multiplier", Registry.all(MultiplierVariant.class),
                "power", Registry.all(PowerVariant.class),
                "combine", Registry.all(CombineVariant.class));
        for (String stage : fieldNames(root)) {
            JsonNode entries = root.get(stage);
            assertThat(entries.isArray()).isTrue();
            List<String> ids = new ArrayList<>();
            for (JsonNode entry : entries) {
                ids.add(entry.get("id").asText());
                assertThat(entry.get("available").isBoolean()).isTrue();
                assertThat(entry.get("description").isTextual()).isTrue();
                assertThat(entry.get("complexity").isTextual()).isTrue();
                if (stage.equals("distribution")) {
                    assertThat(entry.get("problem").asText()).isIn("card-stacking", "divisor-game");
                }
            }
            assertThat(ids).containsExactlyElementsOf(registries.get(stage).stream().map(Variant::id).toList());
        }
        CliRun text = CliRun.of("variants");
        assertThat(text.exitCode()).isZero();
        registries.values().forEach(vs -> vs.forEach(v -> assertThat(text.out()).contains(v.id())));
    }

    @Test
    void badInputExitsTwoWithOneLineNamingTheValueAndTheRange(@TempDir Path dir) throws IOException {
        Path malformed = dir.resolve("malformed.json");
        Files.writeString(malformed, "{\"transform\": \"blocked\",");
        Path unknownKey = dir.resolve("unknown-key.json");
        Files.writeString(unknownKey, "{\"transfrom\": \"blocked\"}");
        Path badId = dir.resolve("bad-id.json");
        Files.writeString(badId, "{\"power\": \"nope\"}");
        String missing = dir.resolve("missing.json").toString();

        assertBadInput("1 <= N <= 1073741824", "solve", "card-stacking", "0", "2");
        assertBadInput("2 <= N", "solve", "divisor-game", "1", "2");
        assertBadInput("'abc'", "solve", "card-stacking", "abc", "2");
        assertBadInput("'99999999999999999999'", "solve", "card-stacking", "99999999999999999999", "2");
        assertBadInput("N = 2147483648", "solve", "card-stacking", "2147483648", "2");
        assertBadInput("S = -1", "solve", "card-stacking", "5", "-1");
        assertBadInput("K = -2", "solve", "divisor-game", "5", "-2");
        assertBadInput("'1e3'", "solve", "card-stacking", "5", "1e3");
        assertBadInput("'99999999999999999999'", "solve", "divisor-game", "5", "99999999999999999999");
        assertBadInput("2 <= M <= 2147483647", "solve", "card-stacking", "5", "2", "--modulus", "1");
        assertBadInput("2 <= M <= 2147483647", "solve", "card-stacking", "5", "2", "--modulus", "2147483648");
        assertBadInput("'ten'", "solve", "card-stacking", "5", "2", "--modulus", "ten");
        assertBadInput("modulus = 1000000006", "solve", "divisor-game", "10", "5", "--modulus", "1000000006",
                "--combine", "wht");
        assertBadInput("987654321", "solve", "card-stacking", "100", "2", "--modulus", "987654321");
        assertBadInput("97", "solve", "card-stacking", "100", "2", "--modulus", "97");
        assertBadInput("unknown transform variant 'nope'; valid: ", "solve", "card-stacking", "5", "2",
                "--transform", "nope");
        assertBadInput("belongs to divisor-game", "solve", "card-stacking", "5", "2", "--distribution",
                divisorVariant());
        assertBadInput("100000", "solve", "card-stacking", "100000", "2", "--distribution", "brute-force");
        assertBadInput("P = 8192", "solve", "card-stacking", "5000", "2", "--combine", "repeated-squaring");
        assertBadInput("1 <= T <= 1024", "solve", "card-stacking", "5", "2", "--threads", "0");
        assertBadInput("1 <= R <= 1000000", "solve", "card-stacking", "5", "2", "--repeat", "0");
        assertBadInput("missing.json", "solve", "card-stacking", "5", "2", "--config", missing);
        assertBadInput("malformed JSON", "solve", "card-stacking", "5", "2", "--config", malformed.toString());
        assertBadInput("unknown key \"transfrom\"", "solve", "card-stacking", "5", "2", "--config",
                unknownKey.toString());
        assertBadInput("unknown power variant 'nope'", "solve", "card-stacking", "5", "2", "--config",
                badId.toString());
        assertBadInput("cannot read config file", "solve", "card-stacking", "5", "2", "--config", dir.toString());
        Path manyThreads = dir.resolve("many-threads.json");
        Files.writeString(manyThreads, "{\"threads\": 100000}");
        assertBadInput("\"threads\" must be an integer in [1, 1024], got 100000", "solve", "card-stacking", "100000", "2",
                "--config", manyThreads.toString());
        assertBadInput("exclude each other", "solve", "card-stacking", "5", "2", "--exact", "--modulus", "101");
        assertBadInput("--transform", "solve", "card-stacking", "5", "2", "--exact", "--transform", "blocked");
        assertBadInput("n <= 2048", "solve", "card-stacking", "5000", "2", "--exact");
        assertBadInput("2^26", "solve", "card-stacking", "13", "100000000", "--exact");
        assertBadInput("--frobnicate", "solve", "card-stacking", "5", "2", "--frobnicate");
        assertBadInput("S", "solve", "card-stacking", "5");
        assertBadInput("Missing required parameter: 'S'; valid: card-stacking N S [options]", "solve", "card-stacking", "5");
        assertBadInput("valid: divisor-game N K [options]", "solve", "divisor-game");
        assertBadInput("card-stacking, divisor-game", "solve");
        assertBadInput("chess", "solve", "chess", "1", "2");
        assertBadInput("valid: card-stacking, divisor-game", "solve", "chess", "1", "2");
        assertBadInput("valid: solve, variants, platform", "chess");
        assertBadInput("valid: card-stacking N S [options]", "solve", "card-stacking", "5", "2", "7");
        assertBadInput("valid: divisor-game N K [options]", "solve", "divisor-game", "5", "2", "--frobnicate");
        assertBadInput("solve, variants, platform", new String[0]);
    }

    private static String divisorVariant() {
        // An id that only divisor-game has (both problems have a brute-force).
        return DistributionVariant.forProblem(Problem.DIVISOR_GAME).stream().map(DistributionVariant::id)
                .filter(id -> DistributionVariant.forProblem(Problem.CARD_STACKING).stream()
                        .noneMatch(c -> c.id().equals(id)))
                .findFirst().orElseThrow();
    }

    private static void assertBadInput(String mention, String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as("%s%n%s", String.join(" ", args), run).isEqualTo(2);
        assertThat(run.out()).as(run.toString()).isEmpty();
        assertThat(run.err()).as(run.toString()).endsWith("\n");
        assertThat(run.err().lines()).as(run.toString()).hasSize(1);
        assertThat(run.err()).as(run.toString()).startsWith("nimbench: ").contains(mention)
                .doesNotContain("Exception").doesNotContain("\tat ");
    }

    private static void assertAnswer(CliRun run, String expected) {
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.err()).as(run.toString()).isEmpty();
        assertThat(run.out()).as(run.toString()).contains(expected);
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.properties().forEach(e -> names.add(e.getKey()));
        return names;
    }
}
