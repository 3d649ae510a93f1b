package dev.nimbench.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The run's wall-time budget: the whole command, Maven included, ends by its deadline (15 minutes
 * for the default profile, 4 for quick; {@code -Djmh.budget=MINUTES}, 0 for none).
 *
 * <p><b>What it drops, and in what order.</b> The plan runs in the order of what its work decides
 * ({@link Tier}): first the decisions (each stage at its largest size, the multiplier, the
 * pipelines at two or more threads), which racing trims and the budget never drops; then, while
 * time is left, the ceilings every row is checked against, the one-thread pipeline swaps, and last
 * the scaling curves, the size next to the decision size first. Before each fork of that tail, the
 * fork's planned time, scaled by the pace of the run so far (its measured time over the plan's
 * estimate for what already ran), must end by the deadline; the first that would not ends the
 * tail, and everything after it is dropped and listed (the log, the metadata's {@code budget}, the
 * report). The least informative work runs last, so it is what goes first.
 *
 * <p><b>The estimate.</b> Printed once planned ({@link #expected}): the decisions as their sets
 * are expected to run, with the forks that racing is expected to drop ({@link #expectRacing}) and
 * the candidates that the budget stops at two forks once a set would end past the deadline
 * ({@link DecisionForecast}), plus as much of the tail as fits, so a run that fills its budget ends
 * within one fork of the printed time. The plan says when the budget is expected to stop
 * candidates (they go untested against the default) and when even then the decisions exceed the
 * budget, and by how much: they still run; when only their full-fork count exceeds it, the plan
 * says that racing is what keeps the run within it.
 *
 * <p>Not thread-safe: one run, one loop.
 */
final class Budget {

    /** The plan's work in the order it runs; the budget drops from the end. */
    enum Tier {
        /**
         * Each stage at its largest size, the multiplier, the pipelines at two or more threads: never
         * dropped; a set of them whose remaining forks would end past the deadline keeps, once each
         * candidate has two forks, only each race's leader and the default ({@link ForkRace#overBudget}).
         */
        DECISION("decisions"),
        /** {@code LimitsBench}: the product ceilings every row is checked against. */
        CEILING("ceilings"),
        /** The one-thread pipeline swaps: what each technique buys. */
        BASELINE("one-thread baselines"),
        /** Stage sizes below the decision size: the scaling curves. */
        CURVE("curves");

        private final String label;

        Tier(String label) {
            this.label = label;
        }

        String label() {
            return label;
        }
    }

    /**
     * Seconds the command spends after the deadline besides the yardstick (which is measured): the
     * last fork's overrun past its estimate, the report, rendered by Maven in a JVM of its own, and
     * Maven's end. Measured: about 10 s for {@code jmh:report} over the committed results on 2
     * cores; the last fork of a default run ended 22 s after the deadline (AMD Zen 5, JDK 25,
     * {@code results/20261204T210836Z-jdk25.json}: whole command 15:12 with 15 s here). A pipeline
     * fork at production size takes 10-15 s, most of it warm-up.
     */
    static final double AFTER_SECONDS = 35;

    private final Instant started;
    private final double seconds;
    private final Instant deadline;
    private final LongSupplier nanoClock;
    /** The deadline on {@link #nanoClock}. */
    private final long deadlineNanos;
    private double ranSeconds;
    private double ranEstimate;
    private boolean cut;
    private final List<String> dropped = new ArrayList<>();
    private boolean decisionsDrop;
    private Map<String, Integer> racedBefore = Map.of();
    private String racedFrom;

    /**
     * @param started when the command started (Maven's JVM, or this one)
     * @param seconds the budget, whole command
     * @param reserveSeconds what the command needs after the last fork (the yardstick, the report)
     * @param now the wall clock now
     * @param nanoClock {@link System#nanoTime} outside tests
     */
    Budget(Instant started, double seconds, double reserveSeconds, Instant now, LongSupplier nanoClock) {
        this.started = started;
        this.seconds = seconds;
        this.deadline = started.plusMillis(Math.round((seconds - reserveSeconds) * 1000));
        this.nanoClock = nanoClock;
        this.deadlineNanos = nanoClock.getAsLong() + Duration.between(now, deadline).toNanos();
    }

    /** The tier of a planned group: see {@link Tier}; {@code topSize} is {@link #topSizes}. */
    static Tier tier(RunGroup g, Map<String, Long> topSize) {
        switch (g.benchmarkClass()) {
            case "LimitsBench":
                return Tier.CEILING;
            case "PipelineBench":
                return g.params().getOrDefault("threads", List.of()).equals(List.of("1")) ? Tier.BASELINE : Tier.DECISION;
            default:
                Long top = topSize.get(stage(g));
                return top != null && maxSize(g) < top ? Tier.CURVE : Tier.DECISION;
        }
    }

    /** The largest size planned per stage (class, methods, problem). */
    static Map<String, Long> topSizes(List<RunGroup> groups) {
        Map<String, Long> top = new LinkedHashMap<>();
        for (RunGroup g : groups) {
            top.merge(stage(g), maxSize(g), Math::max);
        }
        return top;
    }

    /**
     * The groups in the order they run: by {@link Tier}, plan order within one; each curve group
     * split by size, the size next to its stage's decision size first (then the next, and so on),
     * so that a cut keeps every stage's larger sizes.
     */
    static List<RunGroup> ordered(List<RunGroup> groups) {
        Map<String, Long> top = topSizes(groups);
        List<RunGroup> out = new ArrayList<>();
        for (Tier t : List.of(Tier.DECISION, Tier.CEILING, Tier.BASELINE)) {
            groups.stream().filter(g -> tier(g, top) == t).forEach(out::add);
        }
        record Curve(int rank, int index, RunGroup group) {
        }
        List<Curve> curves = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            RunGroup g = groups.get(i);
            if (tier(g, top) != Tier.CURVE) {
                continue;
            }
            List<Long> below = groups.stream().filter(o -> stage(o).equals(stage(g))).flatMap(o -> sizes(o).stream())
                    .distinct().sorted(Comparator.reverseOrder()).toList();
            for (long size : sizes(g)) {
                Map<String, List<String>> p = new LinkedHashMap<>(g.params());
                p.put("size", List.of(Long.toString(size)));
                curves.add(new Curve(below.indexOf(size), i, new RunGroup(g.benchmarkClass(), g.methods(), p,
                        g.iterations(), g.forks(), g.estimatedOpMillis())));
            }
        }
        curves.sort(Comparator.comparingInt(Curve::rank).thenComparingInt(Curve::index));
        curves.forEach(c -> out.add(c.group()));
        return out;
    }

    /** Estimated seconds per tier, in run order. */
    static Map<Tier, Double> estimates(List<RunGroup> groups) {
        Map<String, Long> top = topSizes(groups);
        Map<Tier, Double> out = new EnumMap<>(Tier.class);
        for (RunGroup g : groups) {
            out.merge(tier(g, top), g.estimatedSeconds(), Double::sum);
        }
        return out;
    }

    /** Seconds from now to the deadline (negative once past it). */
    double secondsLeft() {
        return (deadlineNanos - nanoClock.getAsLong()) / 1e9;
    }

    /** The run's pace: measured seconds over the plan's estimate for the forks run so far (1 before any). */
    double pace() {
        return ranEstimate > 1 ? Math.max(0.5, ranSeconds / ranEstimate) : 1.0;
    }

    /** Records a fork (or group) that ran: its estimate and the seconds it took. */
    void ran(double estimatedSeconds, double seconds) {
        ranEstimate += estimatedSeconds;
        ranSeconds += seconds;
    }

    /**
     * Whether a fork of the tail may start: its estimate at the run's pace ends by the deadline, and
     * nothing before it was dropped. A refused fork is listed ({@link #dropped}) as {@code what}.
     */
    boolean admits(String what, double estimatedSeconds) {
        if (!cut && estimatedSeconds * pace() > secondsLeft()) {
            cut = true;
        }
        if (cut) {
            dropped.add(what);
        }
        return !cut;
    }

    /**
     * For a profile that decides nothing ({@link Profile#decides}: one fork per configuration, so
     * no row is tested), the decision-size forks are admitted one by one like the tail's and the
     * budget may drop them: quick's decisions alone took 3:42 of benchmarks against 2:58 expected on
     * AMD Zen 5, JDK 17 (2026-12-07), and its whole command 4:17 against its 4 minutes.
     */
    void decisionsDecideNothing() {
        decisionsDrop = true;
    }

    /** Whether a group of {@code tier} runs whole (a decision of a profile that decides) or fork by fork through {@link #admits}. */
    boolean runsWhole(Tier tier) {
        return tier == Tier.DECISION && !decisionsDrop;
    }

    /** Whether the budget has ended the tail. */
    boolean isCut() {
        return cut;
    }

    /** What the budget dropped, in the order it would have run. */
    List<String> dropped() {
        return List.copyOf(dropped);
    }

    /**
     * Expects each combination that the racing of {@code file} (this machine's previous default run
     * of this JDK) dropped to be dropped again after as many forks ({@code racedOut}, from
     * {@link Wisdom#racedOut}); without it every decision fork counts, and racing makes the run
     * shorter than expected (by 10-12% on 2026-12-04 and 06 runs).
     */
    void expectRacing(String file, Map<String, Integer> racedOut) {
        racedFrom = file;
        racedBefore = Map.copyOf(racedOut);
    }

    /** The forks a decision group is expected to run: the full count, less what racing dropped before. */
    private double decisionSeconds(RunGroup g) {
        if (racedBefore.isEmpty()) {
            return g.estimatedSeconds();
        }
        double s = 0;
        for (RunGroup c : ForkOrder.combinations(g)) {
            int forks = Math.min(g.forks(), racedBefore.getOrDefault(ForkRace.label(c), g.forks()));
            s += c.withForks(forks).estimatedSeconds();
        }
        return s;
    }

    /**
     * What the plan expects, in seconds from now: the decisions, each interleaved set through
     * {@link DecisionForecast} (the racing of the previous run, {@link #expectRacing}, and the
     * budget's stop of the candidates that do not lead once a set would end past the deadline),
     * then as much of the tail as fits by the deadline at pace 1.
     *
     * @param decisions the decisions' seconds
     * @param budgetStops the decision candidates the budget is expected to stop after two forks
     * @param tail the tail's seconds that fit
     */
    record Expected(double decisions, int budgetStops, double tail) {

        double seconds() {
            return decisions + tail;
        }
    }

    /** {@link Expected} for the plan's groups in run order. */
    Expected expected(List<RunGroup> ordered) {
        Map<String, Long> top = topSizes(ordered);
        double left = secondsLeft();
        double decisions = 0;
        int stops = 0;
        double tail = 0;
        boolean tailCut = false;
        for (List<RunGroup> set : ForkOrder.sets(ordered)) {
            if (set.stream().allMatch(g -> runsWhole(tier(g, top))) && ForkOrder.interleaves(set)) {
                DecisionForecast.Forecast f = DecisionForecast.of(set, racedBefore, left - decisions - tail);
                decisions += f.seconds();
                stops += f.budgetStops();
                continue;
            }
            for (RunGroup g : set) {
                if (runsWhole(tier(g, top))) {
                    decisions += decisionSeconds(g);
                    continue;
                }
                for (RunGroup c : ForkOrder.combinations(g)) {
                    double e = c.withForks(g.forks()).estimatedSeconds();
                    if (tailCut || decisions + tail + e > left) {
                        tailCut = true;
                    } else {
                        tail += e;
                    }
                }
            }
        }
        return new Expected(decisions, stops, tail);
    }

    /** The seconds of {@link #expected}: what the run's end is compared with. */
    double expectedSeconds(List<RunGroup> ordered) {
        return expected(ordered).seconds();
    }

    /** The plan's lines about the budget, for the log. */
    List<String> describe(List<RunGroup> ordered) {
        Map<Tier, Double> est = estimates(ordered);
        double left = secondsLeft();
        double decisions = est.getOrDefault(Tier.DECISION, 0.0);
        double planned = est.values().stream().mapToDouble(Double::doubleValue).sum();
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "budget: %s for the whole command, started %s: the benchmarks end by %s"
                + " (%s from now; the yardstick and the report after them)", RunProgress.clock(seconds), started, deadline,
                RunProgress.clock(left)));
        StringBuilder tiers = new StringBuilder("  in order: " + Tier.DECISION.label() + " ~" + RunProgress.clock(decisions)
                + (decisionsDrop ? " (one fork each: untested, dropped like the tail when time runs out)" : " (never dropped; past the deadline a set goes on with its leaders and the default only)"));
        for (Tier t : List.of(Tier.CEILING, Tier.BASELINE, Tier.CURVE)) {
            if (est.containsKey(t)) {
                tiers.append(", ").append(t.label()).append(" ~").append(RunProgress.clock(est.get(t)));
            }
        }
        lines.add(tiers + "; the tail runs while time is left, the least informative last");
        Map<String, Long> top = topSizes(ordered);
        double raced = ordered.stream().filter(g -> tier(g, top) == Tier.DECISION)
                .mapToDouble(g -> g.estimatedSeconds() - decisionSeconds(g)).sum();
        double decisionsExpected = decisions - raced;
        Expected forecast = expected(ordered);
        String racing = raced > 0.5 ? " after the racing expected" : "";
        // (a profile whose decisions may drop has no overrun to warn of: the expected time is what fits)
        if (!decisionsDrop && forecast.decisions() > left + 0.5) {
            lines.add(String.format(Locale.ROOT, "  the decisions alone (~%s%s%s) exceed the %s left: the run will overrun by"
                    + " ~%s and drops the whole tail; narrow it with -Djmh.variants or -Djmh.include, or raise"
                    + " -Djmh.budget", RunProgress.clock(forecast.decisions()), racing,
                    forecast.budgetStops() > 0 ? ", with " + forecast.budgetStops() + " candidate(s) stopped at two forks" : "",
                    RunProgress.clock(left), RunProgress.clock(forecast.decisions() - left)));
        } else if (!decisionsDrop && forecast.budgetStops() > 0) {
            lines.add(String.format(Locale.ROOT, "  the decisions (~%s%s) exceed the %s left: once a set's forks would end"
                    + " past the deadline, each race goes on with its leader and the default only; about %d candidate(s)"
                    + " stop at two forks, untested against the default, and the decisions take ~%s; raise -Djmh.budget"
                    + " to test them", RunProgress.clock(decisionsExpected), racing, RunProgress.clock(left),
                    forecast.budgetStops(), RunProgress.clock(forecast.decisions())));
        } else if (!decisionsDrop && decisions > left) {
            lines.add(String.format(Locale.ROOT, "  the decisions at full forks (~%s) would exceed the %s left; with the"
                    + " racing expected they take ~%s; if racing drops less, the run overruns by up to ~%s",
                    RunProgress.clock(decisions), RunProgress.clock(left), RunProgress.clock(decisionsExpected),
                    RunProgress.clock(decisions - left)));
        }
        double expected = forecast.seconds();
        lines.add(String.format(Locale.ROOT, "  expected: ~%s of benchmarks%s%s", RunProgress.clock(expected),
                raced > 0.5 ? ", ~" + RunProgress.clock(raced) + " of decision forks expected to race out as in " + racedFrom : "",
                planned - decisions - forecast.tail() > 0.5 ? " (~" + RunProgress.clock(planned - decisions - forecast.tail())
                        + " of the tail dropped unless racing frees time)" : ""));
        return lines;
    }

    /** The line printed after the last fork: what the benchmarks took against the expected time, and what was dropped. */
    String finished(double tookSeconds, double expectedSeconds) {
        return String.format(Locale.ROOT, "nimbench budget: the benchmarks took %s (expected %s, %+.0f%%); %d fork(s) of"
                + " the tail dropped%s", RunProgress.clock(tookSeconds), RunProgress.clock(expectedSeconds),
                100 * (tookSeconds / Math.max(1, expectedSeconds) - 1), dropped.size(),
                dropped.isEmpty() ? "" : " (listed above and in the metadata's budget)");
    }

    /** The metadata's {@code budget} record. */
    Map<String, Object> metadata(List<RunGroup> ordered, Expected expected) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seconds", Math.round(seconds));
        m.put("started", started.toString());
        m.put("deadline", deadline.toString());
        m.put("expectedSeconds", Math.round(expected.seconds()));
        if (expected.budgetStops() > 0) {
            m.put("expectedBudgetStops", expected.budgetStops());
        }
        if (racedFrom != null) {
            m.put("racingExpectedFrom", racedFrom);
        }
        Map<String, Object> tiers = new LinkedHashMap<>();
        estimates(ordered).forEach((t, s) -> tiers.put(t.label(), Math.round(s)));
        m.put("estimatedSecondsByTier", tiers);
        m.put("rule", "decisions first and never dropped (a set whose remaining forks would end past the deadline"
                + " goes on, after two forks each, with each race's leader and the default only: ForkRace.overBudget); then ceilings, one-thread baselines and curves (the size next"
                + " to the decision size first) while each fork's estimate at the run's pace ends by the deadline; the"
                + " first that would not ends the run's tail (Budget)");
        m.put("dropped", new ArrayList<String>());
        return m;
    }

    private static String stage(RunGroup g) {
        return g.benchmarkClass() + "." + g.methods() + " " + g.params().getOrDefault("problem", List.of());
    }

    private static List<Long> sizes(RunGroup g) {
        return g.params().getOrDefault("size", List.of()).stream().map(Long::parseLong).toList();
    }

    private static long maxSize(RunGroup g) {
        return sizes(g).stream().mapToLong(Long::longValue).max().orElse(0);
    }
}
