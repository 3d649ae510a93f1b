package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.config.ConfigSource;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@code solve} under {@code bin/nimbench} ({@value ConfigSource#ONE_SHOT_PROPERTY}{@code =true}):
 * a single run without --config takes the one-shot configuration, the command line still
 * overrides it, --repeat and an even modulus keep the usual defaults, and the answer is the same.
 */
class OneShotCliTest {

    private static final String ONE_SHOT_CONFIG = "distribution=tail-sum-recurrence transform=autovec"
            + " multiplier=montgomery power=autovec-montgomery";

    @Test
    void aSingleRunTakesTheOneShotConfigurationWithTheSameAnswer() {
        CliRun usual = CliRun.of("solve", "card-stacking", "1000", "7");
        CliRun oneShot = underLauncher(() -> CliRun.of("solve", "card-stacking", "1000", "7"));
        assertThat(usual.out()).as(usual.toString()).contains("= 478378212").doesNotContain(ONE_SHOT_CONFIG);
        assertThat(oneShot.out()).as(oneShot.toString()).contains("= 478378212").contains(ONE_SHOT_CONFIG)
                .contains("combine=wht threads=1");
        CliRun json = underLauncher(() -> CliRun.of("solve", "divisor-game", "1000", "3", "--json"));
        assertThat(json.out()).as(json.toString()).contains("\"transform\":\"autovec\"").contains("\"threads\":1")
                .contains("\"configSource\":\"" + ConfigSource.ONE_SHOT)
                .contains("\"transform\":\"" + ConfigSource.ONE_SHOT + "\"");
        assertThat(CliRun.of("solve", "divisor-game", "1000", "3").out()).contains(answer(json.out()));
    }

    @Test
    void theCommandLineOverridesItAndRepeatOrAnEvenModulusKeepTheUsualDefaults() {
        CliRun threads = underLauncher(() -> CliRun.of("solve", "card-stacking", "1000", "7", "--threads", "2"));
        assertThat(threads.out()).as(threads.toString()).contains(ONE_SHOT_CONFIG).contains("threads=2");
        CliRun repeat = underLauncher(() -> CliRun.of("solve", "card-stacking", "1000", "7", "--repeat", "1", "--json"));
        assertThat(repeat.out()).as(repeat.toString()).doesNotContain(ConfigSource.ONE_SHOT).contains("478378212");
        CliRun even = underLauncher(() -> CliRun.of("solve", "divisor-game", "10", "5", "--modulus", "1000000"));
        assertThat(even.out()).as(even.toString()).contains("combine=repeated-squaring").contains("= 40085");
    }

    private static String answer(String json) {
        int at = json.indexOf("\"answer\":\"") + 10;
        return "= " + json.substring(at, json.indexOf('"', at));
    }

    private static CliRun underLauncher(Supplier<CliRun> run) {
        String before = System.getProperty(ConfigSource.ONE_SHOT_PROPERTY);
        System.setProperty(ConfigSource.ONE_SHOT_PROPERTY, "true");
        try {
            return run.get();
        } finally {
            if (before == null) {
                System.clearProperty(ConfigSource.ONE_SHOT_PROPERTY);
            } else {
                System.setProperty(ConfigSource.ONE_SHOT_PROPERTY, before);
            }
        }
    }
}
