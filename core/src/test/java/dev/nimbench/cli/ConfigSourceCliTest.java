package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nimbench.pipeline.ConfigSource;
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
        assertThat(root.get("configSource").asText()).isEqualTo(f + " [cpu=" + key + ", jdk=" + jdk + "]");
        assertThat(root.get("config").get("combine").asText()).isEqualTo("repeated-squaring");
        assertThat(root.get("answer").asText()).isEqualTo("40085");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void anotherCpusEntryIsUsedWithOneWarningLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("rec.json");
        Files.writeString(f, file("other-elsewhere-scalar", 17, "repeated-squaring"));
        CliRun run = CliRun.of("solve", "divisor-game", "10", "5", "--json", "--config", f.toString());
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(JSON.readTree(run.out()).get("configSource").asText()).endsWith("[cpu=other-elsewhere-scalar, jdk=17]");
        assertThat(run.err().strip().lines()).hasSize(1);
        assertThat(run.err()).contains("warning: " + f + " has no entry for cpu=" + CpuIdentity.current().key())
                .contains("using the entry cpu=other-elsewhere-scalar, jdk=17");
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
    void aMeasuredEntryThatCannotRunHereGivesWayToTheDefaults(@TempDir Path dir) throws Exception {
        String key = CpuIdentity.current().key();
        int jdk = Runtime.version().feature();
        Path f = dir.resolve("measured.json");
        Files.writeString(f, file(key, jdk, "wht"));
        String old = System.getProperty(ConfigSource.PROPERTY);
        try {
            System.setProperty(ConfigSource.PROPERTY, f.toString());
            CliRun odd = CliRun.of("solve", "divisor-game", "10", "5", "--json");
            JsonNode root = JSON.readTree(odd.out());
            assertThat(root.get("configSource").asText()).isEqualTo("measured: " + f + " [cpu=" + key + ", jdk=" + jdk + "]");
            assertThat(root.get("config").get("combine").asText()).isEqualTo("wht");
            // wht needs an odd modulus: the measured entry does not apply, the defaults choose for themselves
            CliRun even = CliRun.of("solve", "divisor-game", "10", "5", "--modulus", "1000", "--json");
            assertThat(even.exitCode()).as(even.toString()).isZero();
            assertThat(JSON.readTree(even.out()).get("configSource").asText()).isEqualTo("built-in defaults");
        } finally {
            if (old == null) {
                System.clearProperty(ConfigSource.PROPERTY);
            } else {
                System.setProperty(ConfigSource.PROPERTY, old);
            }
        }
    }
}
