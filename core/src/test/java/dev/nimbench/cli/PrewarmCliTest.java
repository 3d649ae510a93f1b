package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrewarmCliTest {

    @Test
    void aSingleSolveWithAndWithoutThePrewarmPrintsTheSameAnswer() {
        CliRun warm = CliRun.of("solve", "card-stacking", "100000", "10000000", "--threads", "1");
        CliRun cold = CliRun.of("solve", "card-stacking", "100000", "10000000", "--threads", "1", "--no-prewarm");
        assertThat(warm.exitCode()).as(warm.toString()).isZero();
        assertThat(cold.exitCode()).as(cold.toString()).isZero();
        assertThat(warm.out()).contains("= 997109764");
        assertThat(cold.out()).contains("= 997109764");
    }
}
