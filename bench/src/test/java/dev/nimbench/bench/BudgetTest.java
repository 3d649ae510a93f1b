package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The budget on a fake clock and a fake measurement backend: a plan's groups run in
 * {@link Budget#ordered} order as {@code BenchMain} runs them (decisions whole, the tail fork by
 * fork through {@link Budget#admits}), each fork taking its estimate times a pace, so what is
 * dropped, in what order, and when the run ends are checked without running JMH.
 */
class BudgetTest {

    private static final Profile.Iterations ITER = new Profile.Iterations(1, 100, 5, 100);

    private static RunGroup group(String bench, String method, List<String> variants, List<String> sizes, String threads,
            int forks) {
        return new RunGroup(bench, List.of(method), Map.of("variant", variants, "size", sizes, "threads", List.of(threads)),
                ITER, forks, 10);
    }

    /** A small default-profile-like plan, in the order the planner adds groups. */
    private static List<RunGroup> plan() {
        return List.of(
                group("PowerSumBench", "sum", List.of("scalar", "vector-fma"), List.of("65536", "1048576"), "2", 1),
                group("PowerSumBench", "sum", List.of("scalar", "vector-fma"), List.of("16777216"), "2", 4),
                group("TransformBench", "transform", List.of("blocked", "vector"), List.of("65536", "1048576"), "2", 1),
                group("TransformBench", "transform", List.of("blocked", "vector"), List.of("16777216"), "2", 4),
                group("PipelineBench", "solve", List.of("default"), List.of("10000000"), "1", 2),
                group("PipelineBench", "solve", List.of("power=scalar"), List.of("10000000"), "1", 1),
                group("PipelineBench", "solve", List.of("default", "combine=wht"), List.of("10000000"), "2", 4),
                group("LimitsBench", "productPeak", List.of("vector-fma"), List.of("16384"), "2", 1));
    }

    @Test
    void decisionsRunFirstThenCeilingsBaselinesAndCurvesNextToTheDecisionSizeFirst() {
        List<RunGroup> ordered = Budget.ordered(plan());
        Map<String, Long> top = Budget.topSizes(ordered);
        assertThat(ordered).extracting(g -> Budget.tier(g, top)).containsExactly(
                Budget.Tier.DECISION, Budget.Tier.DECISION, Budget.Tier.DECISION,
                Budget.Tier.CEILING, Budget.Tier.BASELINE, Budget.Tier.BASELINE,
                Budget.Tier.CURVE, Budget.Tier.CURVE, Budget.Tier.CURVE, Budget.Tier.CURVE);
        assertThat(ordered.subList(6, 10)).extracting(g -> g.benchmarkClass() + " " + g.params().get("size"))
                .containsExactly("PowerSumBench [1048576]", "TransformBench [1048576]", "PowerSumBench [65536]",
                        "TransformBench [65536]");
        // every planned combination and fork is still there, only split and moved
        assertThat(ordered.stream().mapToInt(g -> g.combinations() * g.forks()).sum())
                .isEqualTo(plan().stream().mapToInt(g -> g.combinations() * g.forks()).sum());
    }

    /** Runs the ordered plan as BenchMain does; returns the forks that ran, as group strings. */
    private static List<String> run(List<RunGroup> ordered, Budget budget, AtomicLong clock, double pace) {
        Map<String, Long> top = Budget.topSizes(ordered);
        List<String> ran = new ArrayList<>();
        for (RunGroup g : ordered) {
            if (budget.runsWhole(Budget.tier(g, top))) {
                double s = g.estimatedSeconds() * pace;
                clock.addAndGet((long) (s * 1e9));
                budget.ran(g.estimatedSeconds(), s);
                ran.add(g.toString());
                continue;
            }
            for (RunGroup c : ForkOrder.combinations(g)) {
                RunGroup fork = c.withForks(g.forks());
                if (budget.admits(fork.toString(), fork.estimatedSeconds())) {
                    double s = fork.estimatedSeconds() * pace;
                    clock.addAndGet((long) (s * 1e9));
                    budget.ran(fork.estimatedSeconds(), s);
                    ran.add(fork.toString());
                }
            }
        }
        return ran;
    }

    private static double decisionSeconds(List<RunGroup> ordered) {
        return Budget.estimates(ordered).get(Budget.Tier.DECISION);
    }

    @Test
    void aRunOverBudgetDropsTheCurvesFirstSaysWhichAndEndsByItsDeadline() {
        List<RunGroup> ordered = Budget.ordered(plan());
        Map<Budget.Tier, Double> est = Budget.estimates(ordered);
        // room for the decisions, the ceilings and the baselines at a pace of 1.2, not for the curves
        double room = 1.2 * (est.get(Budget.Tier.DECISION) + est.get(Budget.Tier.CEILING) + est.get(Budget.Tier.BASELINE))
                + 1;
        AtomicLong clock = new AtomicLong();
        Instant now = Instant.parse("2026-12-03T12:00:00Z");
        Budget budget = new Budget(now.minusSeconds(30), room + 30 + 15, 15, now, clock::get);
        List<String> ran = run(ordered, budget, clock, 1.2);

        assertThat(budget.dropped()).isNotEmpty().allMatch(d -> !d.startsWith("PipelineBench")
                && !d.startsWith("LimitsBench") && !d.contains("16777216"));
        assertThat(budget.dropped().get(0)).contains("size=[1048576]"); // the largest curve size was next
        assertThat(ran).anyMatch(r -> r.startsWith("LimitsBench")).anyMatch(r -> r.contains("power=scalar"));
        assertThat(budget.secondsLeft()).isGreaterThanOrEqualTo(0); // ended by its deadline
        assertThat(budget.pace()).isCloseTo(1.2, org.assertj.core.data.Offset.offset(1e-9));
        // nothing after the cut ran: the dropped forks are the plan's tail, in order
        List<String> tail = new ArrayList<>();
        for (RunGroup g : ordered.subList(6, ordered.size())) {
            ForkOrder.combinations(g).forEach(c -> tail.add(c.withForks(g.forks()).toString()));
        }
        assertThat(tail.subList(tail.size() - budget.dropped().size(), tail.size())).isEqualTo(budget.dropped());
    }

    @Test
    void theDecisionsAreNeverDroppedAndTheLogSaysTheRunWillOverrun() {
        List<RunGroup> ordered = Budget.ordered(plan());
        AtomicLong clock = new AtomicLong();
        Instant now = Instant.parse("2026-12-03T12:00:00Z");
        double decisions = decisionSeconds(ordered);
        Budget budget = new Budget(now, decisions / 2 + 15, 15, now, clock::get);
        assertThat(String.join("\n", budget.describe(ordered))).contains("the decisions alone", "exceed", "overrun");
        List<String> ran = run(ordered, budget, clock, 1.0);
        assertThat(ran).hasSize(3); // the three decision groups, whole
        assertThat(budget.isCut()).isTrue();
        assertThat(budget.dropped()).hasSize(ordered.subList(3, ordered.size()).stream()
                .mapToInt(RunGroup::combinations).sum());
    }

    @Test
    void aProfileThatDecidesNothingDropsDecisionForksTooAndEndsByItsDeadline() {
        List<RunGroup> ordered = Budget.ordered(plan());
        AtomicLong clock = new AtomicLong();
        Instant now = Instant.parse("2026-12-07T10:00:00Z");
        double decisions = decisionSeconds(ordered);
        Budget budget = new Budget(now, decisions / 2 + 15, 15, now, clock::get);
        budget.decisionsDecideNothing();
        String plan = String.join("\n", budget.describe(ordered));
        assertThat(plan).contains("dropped like the tail").doesNotContain("never dropped", "overrun");
        assertThat(budget.expectedSeconds(ordered)).isLessThanOrEqualTo(decisions / 2);
        List<String> ran = run(ordered, budget, clock, 1.3); // slower than planned, as quick ran on Zen 5
        assertThat(ran).isNotEmpty();
        assertThat(budget.dropped()).anyMatch(d -> d.contains("16777216")); // decision-size forks among the dropped
        assertThat(budget.secondsLeft()).isGreaterThanOrEqualTo(0);
        assertThat(Profile.QUICK.decides()).isFalse();
        assertThat(Profile.DEFAULT.decides()).isTrue();
        assertThat(Profile.RECOMMEND.decides()).isTrue();
    }

    @Test
    void theExpectedTimeIsTheDecisionsAndTheTailThatFitsAndARunThatFillsItsBudgetEndsNearIt() {
        List<RunGroup> ordered = Budget.ordered(plan());
        Map<Budget.Tier, Double> est = Budget.estimates(ordered);
        double all = est.values().stream().mapToDouble(Double::doubleValue).sum();
        AtomicLong clock = new AtomicLong();
        Instant now = Instant.parse("2026-12-03T12:00:00Z");
        Budget roomy = new Budget(now, all + 100, 15, now, clock::get);
        assertThat(roomy.expectedSeconds(ordered)).isCloseTo(all, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(String.join("\n", roomy.describe(ordered))).doesNotContain("of the tail dropped", "overrun");

        double left = decisionSeconds(ordered) + est.get(Budget.Tier.CEILING) + 0.5 * est.get(Budget.Tier.CURVE);
        Budget tight = new Budget(now, left + 15, 15, now, clock::get);
        double expected = tight.expectedSeconds(ordered);
        assertThat(expected).isLessThanOrEqualTo(left).isGreaterThan(0.85 * left);
        run(ordered, tight, clock, 1.0);
        double took = clock.get() / 1e9;
        assertThat(took).isCloseTo(expected, org.assertj.core.data.Offset.offset(0.10 * expected));
    }

    @Test
    void aPaceFromTheForksThatRanAndOneBeforeAny() {
        Budget b = new Budget(Instant.EPOCH, 900, 15, Instant.EPOCH, () -> 0L);
        assertThat(b.pace()).isEqualTo(1.0);
        b.ran(10, 13);
        b.ran(10, 11);
        assertThat(b.pace()).isCloseTo(1.2, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(RunProgress.clock(885)).isEqualTo("14:45");
    }

    @Test
    void theBudgetIsTheProfilesUnlessGivenAndABadOneIsRefusedInOneLine() {
        assertThat(BenchOptions.parse().budget()).isEqualTo(15);
        assertThat(BenchOptions.parse("--profile", "quick").budget()).isEqualTo(4);
        assertThat(BenchOptions.parse("--profile", "recommend").budget()).isZero();
        assertThat(BenchOptions.parse("--budget", "0").budget()).isZero();
        assertThat(BenchOptions.parse("--profile", "quick", "--budget", "30").budget()).isEqualTo(30);
        for (String bad : new String[] {"-1", "abc", "1441", "2.5"}) {
            assertThatThrownBy(() -> BenchOptions.parse("--budget", bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'").hasMessageContaining("0 .. 1440").hasMessageNotContaining("\n");
        }
        assertThatThrownBy(() -> BenchOptions.parse("--started", "123")).hasMessageContaining("'123'")
                .hasMessageContaining("within the last day");
    }

    @Test
    void combinationsThatRacedOutInThePreviousRunAreExpectedToRunAsManyForksAgain() {
        List<RunGroup> ordered = Budget.ordered(plan());
        AtomicLong clock = new AtomicLong();
        Instant now = Instant.parse("2026-12-07T00:00:00Z");
        double all = ordered.stream().mapToDouble(RunGroup::estimatedSeconds).sum();
        Budget plain = new Budget(now, all + 100, 15, now, clock::get);
        Budget raced = new Budget(now, all + 100, 15, now, clock::get);
        RunGroup wht = ForkOrder.combinations(group("PipelineBench", "solve", List.of("combine=wht"), List.of("10000000"),
                "2", 4)).get(0);
        // the previous run dropped combine=wht after 1 of its 4 forks; an unknown line changes nothing
        raced.expectRacing("previous.json", Map.of(ForkRace.label(wht), 1, "TransformBench {variant=[nope]}", 2));
        double perFork = wht.withForks(1).estimatedSeconds();
        assertThat(plain.expectedSeconds(ordered) - raced.expectedSeconds(ordered)).isCloseTo(3 * perFork,
                org.assertj.core.data.Offset.offset(1e-6));
        assertThat(String.join("\n", raced.describe(ordered))).contains("race out as in previous.json");
        assertThat(String.join("\n", plain.describe(ordered))).doesNotContain("race out");
        assertThat(raced.metadata(ordered, raced.expected(ordered))).containsEntry("racingExpectedFrom", "previous.json");

        // decisions over the time left at full forks, within it after the racing expected: a caution, not an overrun
        double decisions = decisionSeconds(ordered);
        Budget close = new Budget(now, decisions - 1.5 * perFork + 15, 15, now, clock::get);
        close.expectRacing("previous.json", Map.of(ForkRace.label(wht), 1));
        assertThat(String.join("\n", close.describe(ordered))).contains("the decisions at full forks", "with the racing"
                + " expected they take").doesNotContain("the decisions alone");
        Budget over = new Budget(now, decisions - 4 * perFork + 15, 15, now, clock::get);
        over.expectRacing("previous.json", Map.of(ForkRace.label(wht), 1));
        assertThat(String.join("\n", over.describe(ordered))).contains("the decisions alone", "after the racing expected",
                "overrun");
    }
}
