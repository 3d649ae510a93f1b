package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The forecast of the decisions against a fake measurement backend: a set of pipeline candidates
 * runs in rounds as {@code BenchMain.runInterleaved} runs it (the racing after each round, then
 * the budget's rule), each fork taking its estimate on a fake clock and scoring what the test
 * says, so the printed expectation is checked against what the run then takes.
 */
class DecisionForecastTest {

    private static final Profile.Iterations ITER = new Profile.Iterations(1, 100, 5, 100);

    private static RunGroup pipelines(List<String> variants, String problem) {
        return new RunGroup("PipelineBench", List.of("solve"), Map.of("problem", List.of(problem), "variant", variants,
                "size", List.of("10000000"), "threads", List.of("2")), ITER, 4, 70);
    }

    /** Ten card-stacking pipelines, 4 forks each, like a default run's composed candidates. */
    private static RunGroup cardStacking() {
        List<String> variants = new ArrayList<>(List.of("default"));
        for (int i = 1; i < 10; i++) {
            variants.add("combine=c" + i);
        }
        return pipelines(variants, "card-stacking");
    }

    /** Two interleaved sets like a default run's pipeline decisions: card stacking, then the divisor game. */
    private static List<RunGroup> plan() {
        return List.of(cardStacking(), pipelines(List.of("default", "combine=c1", "power=d"), "divisor-game"));
    }

    private static double all(List<RunGroup> plan) {
        return plan.stream().mapToDouble(RunGroup::estimatedSeconds).sum();
    }

    private static double perFork(List<RunGroup> plan) {
        return ForkOrder.combinations(plan.get(0)).get(0).estimatedSeconds();
    }

    /** Runs the plan's sets as BenchMain does; returns the combinations the budget stopped. */
    private static List<ForkRace.Out> run(List<RunGroup> plan, Budget budget, AtomicLong clock,
            ToDoubleFunction<RunGroup> score) {
        List<ForkRace.Out> stopped = new ArrayList<>();
        for (List<RunGroup> set : ForkOrder.sets(plan)) {
            List<List<ForkOrder.Slot>> rounds = ForkOrder.rounds(set, 7L);
            ForkRace race = new ForkRace();
            for (int r = 0; r < rounds.size(); r++) {
                for (ForkOrder.Slot slot : rounds.get(r)) {
                    if (race.isOut(slot.fork())) {
                        continue;
                    }
                    double s = slot.fork().estimatedSeconds();
                    clock.addAndGet((long) (s * 1e9));
                    budget.ran(s, s);
                    race.record(slot.fork(), score.applyAsDouble(slot.fork()), true, "ms/op");
                }
                race.afterRound();
                if (ForkOrder.remainingSeconds(rounds, r + 1, rounds.size(), race::isOut) * budget.pace()
                        > budget.secondsLeft()) {
                    boolean nextRoundShort = ForkOrder.remainingSeconds(rounds, r + 1, r + 2, race::isOut)
                            * budget.pace() > budget.secondsLeft();
                    stopped.addAll(race.overBudget(nextRoundShort));
                }
            }
        }
        return stopped;
    }

    private static String variant(RunGroup c) {
        return c.params().get("variant").get(0);
    }

    @Test
    void withRoomEveryForkRunsAndTheForecastIsThePlan() {
        List<RunGroup> plan = plan();
        DecisionForecast.Forecast f = DecisionForecast.of(plan.subList(0, 1), Map.of(), 1e6);
        assertThat(f.seconds()).isCloseTo(plan.get(0).estimatedSeconds(), offset(1e-6));
        assertThat(f.budgetStops()).isZero();
    }

    @Test
    void aShortBudgetStopsAllButTheLeaderAndTheDefaultAtTwoForks() {
        RunGroup set = pipelines(List.of("default", "combine=a", "combine=b", "distribution=c", "power=d"),
                "card-stacking"); // 5 combinations, 4 forks
        double fork = perFork(plan());
        // 6 forks of room: after round 2 (10 forks) the rest ends past the deadline
        DecisionForecast.Forecast f = DecisionForecast.of(List.of(set), Map.of(), 6 * fork);
        assertThat(f.budgetStops()).isEqualTo(3);
        assertThat(f.seconds()).isCloseTo((5 * 2 + 2 * 2) * fork, offset(1e-6));
        // a candidate that the last run's racing dropped after one fork is not the assumed leader and is not counted
        RunGroup a = ForkOrder.combinations(set).get(1);
        DecisionForecast.Forecast raced = DecisionForecast.of(List.of(set), Map.of(ForkRace.label(a), 1), 6 * fork);
        assertThat(raced.budgetStops()).isEqualTo(2);
        assertThat(raced.seconds()).isCloseTo((1 + 4 * 2 + 2 * 2) * fork, offset(1e-6));
    }

    @Test
    void aRunWhoseDecisionsOverrunEndsWithinTenPercentOfThePrintedExpectation() {
        List<RunGroup> plan = List.of(cardStacking());
        Instant now = Instant.parse("2026-12-07T21:00:00Z");
        // room for 26 of the 40 forks: after round 2 (20 forks) the rest would end past the deadline,
        // the leader's and the default's 4 forks still fit
        double room = 26 * perFork(plan);
        for (String leader : List.of("combine=c1", "default")) {
            AtomicLong clock = new AtomicLong();
            Budget budget = new Budget(now, room + 15, 15, now, clock::get);
            Budget.Expected forecast = budget.expected(plan);
            double expected = forecast.seconds();
            String log = String.join("\n", budget.describe(plan));
            assertThat(log).contains("candidate(s) stop at two forks, untested against the default")
                    .doesNotContain("overrun");
            assertThat(budget.metadata(plan, forecast)).containsKey("expectedBudgetStops");
            // every candidate within the racing margin of the leader: only the budget stops them
            List<ForkRace.Out> stopped = run(plan, budget, clock, c -> variant(c).equals(leader) ? 60 : 66);
            double took = clock.get() / 1e9;
            assertThat(stopped).isNotEmpty().allMatch(ForkRace.Out::budget)
                    .noneMatch(o -> variant(o.combination()).equals(leader) || variant(o.combination()).equals("default"));
            assertThat(took).as("leader " + leader).isLessThan(all(plan)).isCloseTo(expected, offset(0.10 * expected));
        }
    }

    @Test
    void decisionsThatOverrunEvenWhenStoppedSayBy() {
        List<RunGroup> plan = plan();
        Instant now = Instant.parse("2026-12-07T21:00:00Z");
        double fork = perFork(plan);
        // room for 8 forks; the two sets need at least 10 x 2 + 2 x 2 and 3 x 2 + 2 x 2: 34
        Budget budget = new Budget(now, 8 * fork + 15, 15, now, () -> 0L);
        String log = String.join("\n", budget.describe(plan));
        assertThat(log).contains("the decisions alone", "with 9 candidate(s) stopped at two forks", "overrun by ~");
        assertThat(budget.expectedSeconds(plan)).isCloseTo(34 * fork, offset(1e-6));
    }
}
