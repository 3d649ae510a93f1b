package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmh:compare} across machines of different speed: the same code on a machine 20% slower
 * throughout must not read as 20% regressions; a real regression must still be found; without a
 * yardstick on a side the gate is refused, never passed or failed on the machine's speed.
 */
class MachineSpeedCompareTest {

    @TempDir
    Path tmp;

    /** A run of four benchmarks (5 forks each) on a machine {@code slower} times slower, one of them {@code regressed} times slower still. */
    private Path run(String name, long seed, double slower, double regressed, Double yardstick, Double mhz) {
        Synthetic s = new Synthetic(seed);
        int i = 0;
        for (String v : new String[] {"blocked", "vector", "lazy-long", "forkjoin"}) {
            double ms = (10 + 5 * i++) * slower * (v.equals("vector") ? regressed : 1);
            s.add("TransformBench.transform", Map.of("variant", v, "size", "16777216", "threads", "2"),
                    s.forks(ms, 5, 0.004, 0.002, 1));
        }
        return s.write(tmp.resolve("results"), name, "abc", 2, yardstick, mhz);
    }

    private Fixtures.Run compare(Path base, Path cand, String... extra) {
        String[] args = {"--baseline", base.toString(), "--candidate", cand.toString(), "--out", tmp.resolve("out").toString()};
        String[] all = new String[args.length + extra.length];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(extra, 0, all, args.length, extra.length);
        return Fixtures.compare(all);
    }

    @Test
    void theSameCodeOnAMachineTwentyPercentSlowerPassesTheGateOnNormalisedRatios() {
        Path base = run("fast", 1, 1, 1, 35.3, 2596.0);
        Path cand = run("slow", 2, 1.2, 1, 35.3 * 1.2, 2096.0);
        // Raw, every row is 20% slower: without the yardsticks the gate fails.
        Fixtures.Run rawRun = compare(run("fast-no-yardstick", 1, 1, 1, null, null),
                run("slow-no-yardstick", 2, 1.2, 1, null, null), "--threshold", "5");
        assertThat(rawRun.status()).isEqualTo(1);
        Fixtures.Run r = compare(base, cand, "--threshold", "5");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out().lines().findFirst().orElseThrow()).startsWith("MACHINES DIFFER: yardstick 35.3 ms against 42.4 ms (×1.20)")
                .contains("clock 2596 MHz against 2096 MHz (×0.81)", "the gate uses the normalised ratios");
        assertThat(r.out()).doesNotContain("REGRESSION").contains("normalised by each side's yardstick");
        String md = Fixtures.read(tmp.resolve("out/compare.md"));
        assertThat(md).contains("normalised ratio [95% CI]", "raw ratio", "significant regressions over 5%: 0")
                .containsPattern("\\| 1\\.(19|20)\\d \\| 0\\.\\d+ \\| [0-9.]+ \\| same \\(not significant\\) \\|");
    }

    @Test
    void aRealRegressionOnTheSlowerMachineIsStillFound() {
        Fixtures.Run r = compare(run("fast", 1, 1, 1, 35.3, 2596.0), run("slow", 2, 1.2, 1.15, 35.3 * 1.2, 2096.0),
                "--threshold", "5");
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out().lines().filter(l -> l.startsWith("REGRESSION"))).singleElement().asString()
                .contains("variant=vector", "normalised by the yardsticks", "15.");
    }

    @Test
    void withoutAYardstickOnOneSideTheGateIsRefused() {
        Path base = run("fast", 1, 1, 1, 35.3, 2596.0);
        Path cand = run("slow", 2, 1.2, 1, null, 2096.0);
        Fixtures.Run gated = compare(base, cand, "--threshold", "5");
        assertThat(gated.status()).isEqualTo(2);
        assertThat(gated.err()).contains("gate refused: the machines differ (yardstick 35.3 ms against none,"
                + " clock 2596 MHz against 2096 MHz (×0.81)) and the candidate ran no yardstick");
        Fixtures.Run ungated = compare(base, cand);
        assertThat(ungated.status()).isZero();
        assertThat(ungated.out()).contains("MACHINES DIFFER", "the ratios are raw and mix the machines with the code");
    }

    @Test
    void machinesWithinTheToleranceAreComparedRaw() {
        Fixtures.Run r = compare(run("a", 1, 1, 1, 35.3, 2596.0), run("b", 2, 1.01, 1, 35.5, 2596.0), "--threshold", "5");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).doesNotContain("MACHINES DIFFER", "normalised");
        assertThat(Fixtures.read(tmp.resolve("out/compare.md"))).doesNotContain("raw ratio").contains("35.3 ms", "35.5 ms");
    }
}
