package dev.nimbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.distribution.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigurationJsonTest {

    private static final String BRIEF_EXAMPLE = "{\n"
            + "  \"distribution\": {\"card-stacking\": \"tail-sum-recurrence\", \"divisor-game\": \"omega-sieve\"},\n"
            + "  \"transform\": \"blocked\",\n"
            + "  \"multiplier\": \"montgomery\",\n"
            + "  \"power\": \"vector-montgomery\",\n"
            + "  \"combine\": \"wht\",\n"
            + "  \"threads\": 2,\n"
            + "  \"evidence\": { \"anything\": [1, 2, {\"nested\": true}] }\n"
            + "}\n";

    @Test
    void readsTheDocumentedFormat() {
        Configuration c = ConfigurationJson.parse(BRIEF_EXAMPLE);
        assertThat(c.distribution()).containsExactly(Map.entry(Problem.CARD_STACKING, "tail-sum-recurrence"),
                Map.entry(Problem.DIVISOR_GAME, "omega-sieve"));
        assertThat(c.transform()).isEqualTo("blocked");
        assertThat(c.multiplier()).isEqualTo("montgomery");
        assertThat(c.power()).isEqualTo("vector-montgomery");
        assertThat(c.combine()).isEqualTo("wht");
        assertThat(c.threads()).isEqualTo(2);
    }

    @Test
    void everyKeyIsOptional() {
        assertThat(ConfigurationJson.parse("{}")).isEqualTo(Configuration.defaults());
        assertThat(ConfigurationJson.parse("{\"threads\": 3}").threads()).isEqualTo(3);
    }

    @Test
    void roundTripsThroughTextAndFiles(@TempDir Path dir) throws IOException {
        Configuration c = ConfigurationJson.parse(BRIEF_EXAMPLE);
        assertThat(ConfigurationJson.parse(ConfigurationJson.write(c))).isEqualTo(c);
        Configuration partial = new Configuration(Map.of(Problem.DIVISOR_GAME, "signature-memo"), null, "plain",
                null, "repeated-squaring", null);
        Path file = dir.resolve("c.json");
        Files.writeString(file, ConfigurationJson.write(partial));
        assertThat(ConfigurationJson.read(file)).isEqualTo(partial);
    }

    @Test
    void overridesReplaceOnlyWhatTheyName() {
        Configuration file = ConfigurationJson.parse(BRIEF_EXAMPLE);
        Configuration flags = new Configuration(Map.of(Problem.CARD_STACKING, "tau-recurrence"), null, null, null,
                null, 1);
        Configuration merged = file.overriddenBy(flags);
        assertThat(merged.distributionFor(Problem.CARD_STACKING)).isEqualTo("tau-recurrence");
        assertThat(merged.distributionFor(Problem.DIVISOR_GAME)).isEqualTo("omega-sieve");
        assertThat(merged.transform()).isEqualTo("blocked");
        assertThat(merged.threads()).isEqualTo(1);
    }

    @Test
    void rejectsUnknownKeysWrongTypesAndMalformedJson() {
        assertInvalid("{\"transfrom\": \"blocked\"}", "unknown key \"transfrom\"");
        assertInvalid("{\"threads\": 0}", "\"threads\" must be an integer in [1, 1024]");
        assertInvalid("{\"threads\": \"two\"}", "\"threads\" must be an integer in [1, 1024]");
        assertInvalid("{\"threads\": 2.5}", "\"threads\" must be an integer in [1, 1024]");
        assertInvalid("{\"threads\": 99999999999}", "\"threads\" must be an integer in [1, 1024]");
        // Above ForkJoinPool's limit it used to fail in the pool with the message "null".
        assertInvalid("{\"threads\": 1025}", "\"threads\" must be an integer in [1, 1024], got 1025");
        assertInvalid("{\"threads\": 100000}", "\"threads\" must be an integer in [1, 1024], got 100000");
        assertInvalid("{\"transform\": 3}", "\"transform\" must be a variant id string");
        assertInvalid("{\"distribution\": \"omega-sieve\"}", "\"distribution\" must be an object");
        assertInvalid("{\"distribution\": {\"chess\": \"x\"}}", "unknown problem 'chess'");
        assertInvalid("[1, 2]", "expected a JSON object");
        assertInvalid("", "expected a JSON object");
        assertInvalid("{\"transform\": ", "malformed JSON");
        assertInvalid("{\"transform\": \"blocked\"} x", "malformed JSON");
        assertInvalid("{\"transform\": \"blocked\"}\n{\"threads\": 1}", "malformed JSON");
        assertInvalid("{\"transform\": \"blocked\", \"transform\": \"vector\"}", "Duplicate field 'transform'");
    }

    @Test
    void namesTheFileWhenItCannotBeRead(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> ConfigurationJson.read(dir.resolve("missing.json")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("missing.json")
                .hasMessageContaining("does not exist");
        assertThatThrownBy(() -> ConfigurationJson.read(dir))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot read config file");
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"combine\": wht}");
        assertThatThrownBy(() -> ConfigurationJson.read(bad))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad.json")
                .hasMessageContaining("malformed JSON").hasMessageNotContaining("\n");
    }

    private static void assertInvalid(String json, String message) {
        assertThatThrownBy(() -> ConfigurationJson.parse(json))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining("\n");
    }
}
