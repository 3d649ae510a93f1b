package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nimbench.config.ConfigSource;
import dev.nimbench.platform.CpuIdentity;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code solve --json}'s {@code configSource} and the per-CPU entry of a recommendation file. */
class ConfigSourceCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String file(String cpu, int jdk, String combine) {
        return "{\"formatVersion\": 2, \"entries\": [{\"cpu\": \"" + cpu + "\", \"jdk\": " + jdk
                + ", \"configuration\": {\"combine\": \"" + combine + "\", \"threads\": 1}, \"evidence\": {}}]}";
    }

    @Test
    void configFileEntryOfThisCpuAndJdkIsUsedAndNamed(@TempDir Path dir) throws Exception {
        String key = CpuIdentity.current().key();
        int jdk = Runtime.version().feature();
        Path f = dir.resolve("rec.json");
        Files.writeString(f, file(key, jdk, "repeated-squaring"));
        CliRun run = CliRun.of("solve", "divisor-game", "10", "5", "--json", "--config", f.toString());
        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode root = JSON.readTree(run.out());
        assertThat(root.get("configSource").asText()).isEqualTo(f + " [cpu=" + key + ", jdk=" + jdk + "]"
                + " > built-in defaults");
        assertThat(root.get("config").get("combine").asText()).isEqualTo("repeated-squaring");
        assertThat(root.get("stageSources").get("combine").asText()).isEqualTo(f + " [cpu=" + key + ", jdk=" + jdk + "]");
        assertThat(root.get("answer").asText()).isEqualTo("40085");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void theUsersFlagsBeatTheConfigFileWhichYieldsInsteadOfConflicting(@TempDir Path dir) throws Exception {
        String key = CpuIdentity.current().key();
        int jdk = Runtime.version().feature();
        Path f = dir.resolve("rec.json");
        Files.writeString(f, "{\"formatVersion\": 2, \"entries\": [{\"cpu\": \"" + key + "\", \"jdk\": " + jdk
                + ", \"configuration\": {\"combine\": \"fused-vector-dist-wht\", \"transform\": \"blocked\","
                + " \"distribution\": {\"card-stacking\": \"tau-recurrence\"}}}]}");
        // The file's fused combine runs its own transform: it gives way to one that runs --transform.
        CliRun run = CliRun.of("solve", "card-stacking", "13", "4", "--json", "--config", f.toString(),
                "--transform", "scalar-mod");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode root = JSON.readTree(run.out());
        assertThat(root.get("answer").asText()).isEqualTo("540318329");
        assertThat(root.get("config").get("transform").asText()).isEqualTo("scalar-mod");
        assertThat(root.get("config").get("combine").asText()).isEqualTo("wht");
        JsonNode sources = root.get("stageSources");
        assertThat(sources.get("transform").asText()).isEqualTo("command line");
        assertThat(sources.get("combine").asText()).startsWith("built-in defaults");
        assertThat(sources.get("distribution").asText()).isEqualTo(f + " [cpu=" + key + ", jdk=" + jdk + "]");
        assertThat(root.get("config").get("distribution").get("card-stacking").asText()).isEqualTo("tau-recurrence");
        // The file's distribution has no range writer: with --combine fused-vector-dist-wht it yields too.
        CliRun fused = CliRun.of("solve", "card-stacking", "13", "4", "--json", "--config", f.toString(),
                "--combine", "fused-vector-dist-wht");
        assertThat(fused.exitCode()).as(fused.toString()).isZero();
        assertThat(JSON.readTree(fused.out()).get("config").get("distribution").get("card-stacking").asText())
                .isNotEqualTo("tau-recurrence");
        // Only the user's own flags can conflict with each other.
        CliRun both = CliRun.of("solve", "card-stacking", "13", "4", "--config", f.toString(),
                "--combine", "repeated-squaring", "--transform", "scalar-mod");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("transform 'scalar-mod' would not be used").doesNotContain("\n ");
    }

    @Test
    void anotherVendorsOrWidthsEntryIsNeverAppliedAndSaysSo(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("rec.json");
        Files.writeString(f, file("other-elsewhere-scalar", 17, "repeated-squaring"));
        CliRun run = CliRun.of("solve", "divisor-game", "10", "5", "--json", "--config", f.toString());
        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode root = JSON.readTree(run.out());
        assertThat(root.get("configSource").asText()).contains(f + " [no entry for this CPU: not applied]");
        assertThat(root.get("stageSources").get("combine").asText()).startsWith("built-in defaults");
        assertThat(root.get("answer").asText()).isEqualTo("40085");
        assertThat(run.err().strip().lines()).hasSize(1);
        assertThat(run.err()).contains("warning: " + f + " has no entry for cpu=" + CpuIdentity.current().key())
                .contains("never applied");
    }

    @Test
    void withoutConfigTheSourceIsNamed() throws Exception {
        String old = System.getProperty(ConfigSource.PROPERTY);
        try {
            System.setProperty(ConfigSource.PROPERTY, "none");
            CliRun run = CliRun.of("solve", "divisor-game", "10", "5", "--json");
            assertThat(JSON.readTree(run.out()).get("configSource").asText()).isEqualTo("built-in defaults");
        } finally {
            if (old == null) {
                System.clearProperty(ConfigSource.PROPERTY);
            } else {
                System.setProperty(ConfigSource.PROPERTY, old);
            }
        }
        // The jar's own recommendations: measured for this CPU and JDK, or the built-in defaults.
        CliRun run = CliRun.of("solve", "divisor-game", "10", "5", "--json");
        String source = JSON.readTree(run.out()).get("configSource").asText();
        assertThat(source.equals("built-in defaults") || source.startsWith("measured: ")).as(source).isTrue();
    }

    @Test
    void badRecommendationFileIsOneLineExit2(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("dup.json");
        String entry = "{\"cpu\": \"amd-f26m2-avx512\", \"jdk\": 17, \"configuration\": {}}";
        Files.writeString(f, "{\"formatVersion\": 2, \"entries\": [" + entry + ", " + entry + "]}");
        CliRun run = CliRun.of("solve", "divisor-game", "10", "5", "--config", f.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().strip().lines()).hasSize(1);
        assertThat(run.err()).contains(f.toString()).contains("duplicate");
    }

    @Test
    void aMeasuredStageThatCannotRunHereGivesWayToTheDefaults(@TempDir Path dir) throws Exception {
        String key = CpuIdentity.current().key();
        int jdk = Runtime.version().feature();
        Path f = dir.resolve("measured.json");
        Files.writeString(f, file(key, jdk, "wht"));
        String old = System.getProperty(ConfigSource.PROPERTY);
        try {
            System.setProperty(ConfigSource.PROPERTY, f.toString());
            CliRun odd = CliRun.of("solve", "divisor-game", "10", "5", "--json");
            JsonNode root = JSON.readTree(odd.out());
            String measured = "measured: " + f + " [cpu=" + key + ", jdk=" + jdk + "]";
            assertThat(root.get("configSource").asText()).isEqualTo(measured + " > built-in defaults");
            assertThat(root.get("config").get("combine").asText()).isEqualTo("wht");
            assertThat(root.get("stageSources").get("combine").asText()).isEqualTo(measured);
            // wht needs an odd modulus: the measured combine yields, the defaults choose one that runs
            CliRun even = CliRun.of("solve", "divisor-game", "10", "5", "--modulus", "1000", "--json");
            assertThat(even.exitCode()).as(even.toString()).isZero();
            JsonNode evenRoot = JSON.readTree(even.out());
            assertThat(evenRoot.get("config").get("combine").asText()).isEqualTo("repeated-squaring");
            assertThat(evenRoot.get("stageSources").get("combine").asText()).startsWith("built-in defaults");
        } finally {
            if (old == null) {
                System.clearProperty(ConfigSource.PROPERTY);
            } else {
                System.setProperty(ConfigSource.PROPERTY, old);
            }
        }
    }
}
