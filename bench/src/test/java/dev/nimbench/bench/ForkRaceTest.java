package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Racing on a fake measurement backend: forks drawn from known distributions, fed to
 * {@link ForkRace} round by round as {@code BenchMain} does, so what drops out and when is checked
 * without running JMH.
 */
class ForkRaceTest {

    private static RunGroup combination(String bench, String variant, String threads) {
        return new RunGroup(bench, List.of(bench.equals("PipelineBench") ? "solve" : "sum"),
                Map.of("variant", List.of(variant), "size", List.of("16777216"), "threads", List.of(threads)),
                new Profile.Iterations(1, 100, 5, 100), 1, 100);
    }

    /** A pipeline configuration at 2 threads. */
    private static RunGroup pipeline(String variant) {
        return combination("PipelineBench", variant, "2");
    }

    /** The forks the next run's budget reads from a dropped combination's line ({@link Wisdom#racedOut}). */
    private static Map<String, Integer> readBack(ForkRace.Out o) {
        return Wisdom.racedOut(new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(List.of(o.describe())));
    }

    /** Runs {@code rounds} rounds; {@code forkMillis} draws each fork's value; returns the forks each combination got. */
    private static Map<RunGroup, Integer> race(ForkRace race, List<RunGroup> combos, int rounds,
            java.util.function.BiFunction<RunGroup, Integer, Double> forkMillis) {
        Map<RunGroup, Integer> forks = new java.util.LinkedHashMap<>();
        for (int round = 0; round < rounds; round++) {
            for (RunGroup c : combos) {
                if (race.isOut(c)) {
                    continue;
                }
                race.record(c, forkMillis.apply(c, round), true, "ms/op");
                forks.merge(c, 1, Integer::sum);
            }
            race.afterRound();
        }
        return forks;
    }

    @Test
    void aClearLoserDropsAfterOneForkAndTheContendersRunEveryFork() {
        RunGroup winner = combination("PowerSumBench", "vector-fma-reload-forkjoin", "2");
        RunGroup close = combination("PowerSumBench", "vector-fma-forkjoin", "2");
        RunGroup loser = combination("PowerSumBench", "vector-montgomery-forkjoin", "2");
        ForkRace race = new ForkRace();
        Map<RunGroup, Integer> forks = race(race, List.of(winner, close, loser), 4,
                (c, r) -> c == winner ? 100.0 + r : c == close ? 140.0 - r : 500.0);
        assertThat(forks).containsEntry(winner, 4).containsEntry(close, 4).containsEntry(loser, 1);
        assertThat(race.outs()).singleElement().satisfies(o -> {
            assertThat(o.combination()).isEqualTo(loser);
            assertThat(o.leader()).isEqualTo(winner);
            assertThat(o.describe()).contains("out after 1 fork(s)", "500.0 ms/op", "2.5 x", "100.0 ms/op");
        });
    }

    /**
     * A spent budget in the middle of a set: every candidate that neither leads nor is the default,
     * with two forks, stops; the leader and the default keep their forks, and a candidate with one
     * fork runs its second before the rule reaches it.
     */
    @Test
    void aSpentBudgetKeepsOnlyTheLeaderAndTheDefaultOnceEachHasTwoForks() {
        RunGroup dflt = pipeline("default");
        RunGroup leader = pipeline("combine=fused-vector-dist-wht-q32-wide");
        RunGroup close = pipeline("combine=fused-vector-dist-wht-q32");
        RunGroup fresh = pipeline("combine=wht");
        RunGroup oneThread = combination("PipelineBench", "default", "1");
        ForkRace race = new ForkRace();
        for (int round = 0; round < 2; round++) {
            race.record(dflt, 52.0 + round, true, "ms/op");
            race.record(leader, 50.0 + round, true, "ms/op");
            race.record(close, 53.0 + round, true, "ms/op");
            race.record(oneThread, 95.0, true, "ms/op");
        }
        race.record(fresh, 55.0, true, "ms/op");
        assertThat(race.afterRound()).as("within every racing margin").isEmpty();
        List<ForkRace.Out> cut = race.overBudget(false);
        assertThat(cut).singleElement().satisfies(o -> {
            assertThat(o.combination()).isEqualTo(close);
            assertThat(o.leader()).isEqualTo(leader);
            assertThat(o.describe()).contains("out after 2 fork(s): the budget is spent and it does not lead",
                    "53.00 ms/op");
        });
        assertThat(race.isOut(dflt)).isFalse();
        assertThat(race.isOut(leader)).isFalse();
        assertThat(race.isOut(oneThread)).as("the leader of its own race (1 thread)").isFalse();
        assertThat(race.isOut(fresh)).as("one fork so far").isFalse();
        race.record(fresh, 56.0, true, "ms/op");
        assertThat(race.overBudget(false)).extracting(ForkRace.Out::combination).containsExactly(fresh);
        // the next run's budget does not expect it to stop again: that is its own budget's to forecast
        assertThat(readBack(cut.get(0))).doesNotContainKey(ForkRace.label(close));
    }

    @Test
    void aShortBudgetStopsAOneForkCandidateBeyondTheTwoForkMarginOnly() {
        RunGroup dflt = pipeline("default");
        RunGroup leader = pipeline("combine=fused-vector-dist-wht-fma-reload");
        RunGroup close = pipeline("combine=fused-vector-dist-wht-masked");
        RunGroup slow = pipeline("combine=fused-vector-dist-wht-q32");
        ForkRace race = new ForkRace();
        race.record(dflt, 181.0, true, "ms/op");
        race.record(leader, 170.0, true, "ms/op");
        race.record(close, 198.0, true, "ms/op");
        race.record(slow, 324.0, true, "ms/op");         // 1.9x the leader: within the one-fork racing margin (2.5x)
        assertThat(race.afterRound()).isEmpty();
        assertThat(race.overBudget(false)).as("a second fork fits: nobody stops at one fork").isEmpty();
        List<ForkRace.Out> cut = race.overBudget(true);
        assertThat(cut).singleElement().satisfies(o -> {
            assertThat(o.combination()).isEqualTo(slow);
            assertThat(o.budget()).isTrue();
            assertThat(o.describe()).contains("out after 1 fork(s): the budget is short", "324.0 ms/op > 1.5 x",
                    "(170.0 ms/op)");
        });
        assertThat(race.isOut(close)).as("within 1.5x of the leader: it gets its second fork").isFalse();
        assertThat(race.isOut(dflt)).isFalse();
        assertThat(readBack(cut.get(0))).containsEntry(ForkRace.label(slow), 1);
    }

    @Test
    void aCandidateTwiceAsSlowGoesOutOnceBothHaveTwoForks() {
        RunGroup winner = pipeline("default");
        RunGroup slower = pipeline("combine=fused-vector-dist-wht-q32");
        ForkRace race = new ForkRace();
        Map<RunGroup, Integer> forks = race(race, List.of(winner, slower), 4, (c, r) -> c == winner ? 200.0 + r : 440.0 - r);
        // 2.2x: under the one-fork margin of 2.5, over the two-fork margin of 1.5
        assertThat(forks).containsEntry(winner, 4).containsEntry(slower, 2);
        assertThat(race.outs()).singleElement().satisfies(o -> assertThat(o.describe()).contains("out after 2 fork(s)",
                "1.5 x"));
    }

    @Test
    void aNoisyLoserDropsWithoutTheWinnerDroppingAcrossSeeds() {
        RunGroup winner = combination("TransformBench", "vector-radix8-forkjoin", "2");
        RunGroup noisy = combination("TransformBench", "vector-unblocked", "2");
        for (long seed = 1; seed <= 200; seed++) {
            Random random = new Random(seed);
            ForkRace race = new ForkRace();
            // winner: 47 ms, 10% between forks; noisy loser: 3x slower, 40% between forks
            Map<RunGroup, Integer> forks = race(race, List.of(winner, noisy), 4,
                    (c, r) -> (c == winner ? 47 : 141) * Math.exp((c == winner ? 0.10 : 0.40) * random.nextGaussian()));
            assertThat(race.isOut(winner)).as("seed %d", seed).isFalse();
            assertThat(forks.get(winner)).isEqualTo(4);
        }
    }

    @Test
    void equalCandidatesAreAlmostNeverDropped() {
        // Two configurations of the same speed, forks 15% apart (wider than this machine's median fork spread):
        // racing drops one only when one fork is 2.5x another, or the faster of two 1.5x the slower of two.
        int dropped = 0;
        for (long seed = 1; seed <= 500; seed++) {
            Random random = new Random(seed);
            RunGroup a = pipeline("combine=wht");
            RunGroup b = pipeline("combine=fused-vector-wht-fma");
            ForkRace race = new ForkRace();
            race(race, List.of(a, b), 4, (c, r) -> 200 * Math.exp(0.15 * random.nextGaussian()));
            dropped += race.outs().size();
        }
        assertThat(dropped).isZero();
    }

    @Test
    void theDefaultPipelineRunsEveryForkHoweverSlow() {
        RunGroup dflt = pipeline("default");
        RunGroup fast = pipeline("combine=fused-vector-dist-wht-fma");
        ForkRace race = new ForkRace();
        Map<RunGroup, Integer> forks = race(race, List.of(dflt, fast), 4, (c, r) -> c == dflt ? 900.0 : 100.0);
        assertThat(forks).containsEntry(dflt, 4).containsEntry(fast, 4);
        assertThat(race.outs()).isEmpty();
    }

    @Test
    void oneThreadRowsRaceAmongThemselvesNotAgainstTwoThreads() {
        RunGroup two = pipeline("combine=wht");
        RunGroup one = combination("PipelineBench", "combine=wht", "1");
        ForkRace race = new ForkRace();
        race(race, List.of(two, one), 3, (c, r) -> c == two ? 100.0 : 300.0);
        assertThat(race.outs()).isEmpty();
    }

    @Test
    void aForkThatDidNotSettleIsNoEvidence() {
        RunGroup winner = combination("PowerSumBench", "vector-fma-reload-forkjoin", "2");
        RunGroup other = combination("PowerSumBench", "vector-fma-forkjoin", "2");
        ForkRace race = new ForkRace();
        // the winner's first fork is boxed (10x) and did not settle; the other is 2x the winner's true speed
        race.record(winner, 1000, false, "ms/op");
        race.record(other, 200, true, "ms/op");
        assertThat(race.afterRound()).isEmpty();
        race.record(winner, 100, true, "ms/op");
        race.record(other, 210, true, "ms/op");
        assertThat(race.afterRound()).isEmpty();
        assertThat(race.isOut(winner)).isFalse();
        assertThat(race.isOut(other)).isFalse();
    }

    @Test
    void ceilingBenchmarksDoNotRace() {
        RunGroup fast = combination("LimitsBench", "vector-fma", "2");
        RunGroup slow = combination("LimitsBench", "vector-montgomery", "2");
        ForkRace race = new ForkRace();
        race(race, new ArrayList<>(List.of(fast, slow)), 2, (c, r) -> c == fast ? 1.0 : 10.0);
        assertThat(race.outs()).isEmpty();
    }
}
