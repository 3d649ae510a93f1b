package dev.nimbench.bench;

import dev.nimbench.bench.report.ForkStats;
import dev.nimbench.bench.report.Racing;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * Racing among the combinations of an interleaved set ({@link ForkOrder}): after every round,
 * a combination that {@link Racing#outraced} the leader of its race gets no more forks. A race is
 * one benchmark method at one set of parameters but {@code variant} (threads included: a
 * one-thread row is there to show the scaling, not to compete with two threads); its leader is
 * the combination with the lowest median fork value. Only the benchmarks that decide race
 * ({@link #RACED}), the ceiling benchmarks measure every variant. The default pipeline is never
 * dropped (every pipeline decision is a test against it), and a fork that did not settle
 * ({@link SettleProfiler#SETTLED}) is left out of the rule.
 */
final class ForkRace {

    /** The benchmark classes whose compared forks race. */
    static final Set<String> RACED = Set.of("TransformBench", "PowerSumBench", "DistributionBench", "PipelineBench");

    /**
     * A combination dropped from its race.
     *
     * @param combination the combination (one fork's group)
     * @param forks its settled forks when it was dropped
     * @param fastestFork its fastest settled fork, in the benchmark's unit
     * @param leader the leader of its race then
     * @param leaderSlowestFork the leader's slowest settled fork
     * @param unit the benchmark's score unit
     * @param factor the margin that applied ({@link Racing#factor}); NaN for a combination the
     *     budget stopped without a margin ({@link #overBudget})
     * @param budget whether the budget stopped it ({@link #overBudget}) rather than racing
     */
    record Out(RunGroup combination, int forks, double fastestFork, RunGroup leader, double leaderSlowestFork,
            String unit, double factor, boolean budget) {

        /** A combination that racing dropped. */
        Out(RunGroup combination, int forks, double fastestFork, RunGroup leader, double leaderSlowestFork,
                String unit, double factor) {
            this(combination, forks, fastestFork, leader, leaderSlowestFork, unit, factor, false);
        }

        /** One line for the log and the metadata. */
        String describe() {
            if (budget && !Double.isNaN(factor)) {
                return String.format(Locale.ROOT, "%s out after %d fork(s): the budget is short and its fastest fork"
                        + " %.4g %s > %.1f x the slowest fork of %s (%.4g %s)", label(combination), forks, fastestFork,
                        unit, factor, label(leader), leaderSlowestFork, unit);
            }
            if (Double.isNaN(factor)) {
                return String.format(Locale.ROOT, "%s out after %d fork(s): the budget is spent and it does not lead"
                        + " (its fastest fork %.4g %s; the leader %s)", label(combination), forks, fastestFork, unit,
                        label(leader));
            }
            return String.format(Locale.ROOT, "%s out after %d fork(s): its fastest fork %.4g %s > %.1f x the slowest"
                    + " fork of %s (%.4g %s)", label(combination), forks, fastestFork, unit, factor, label(leader),
                    leaderSlowestFork, unit);
        }
    }

    /**
     * Forks each combination keeps when the budget is spent ({@link #overBudget}): two, the fewest
     * that the report's rank test can use, so that a candidate the budget stops still shows its median.
     */
    static final int BUDGET_FORKS = 2;

    private final Map<RunGroup, List<Double>> settled = new LinkedHashMap<>();
    private final Map<RunGroup, String> units = new LinkedHashMap<>();
    private final Map<RunGroup, Out> out = new LinkedHashMap<>();

    /** Whether {@code combination} was dropped. */
    boolean isOut(RunGroup combination) {
        return out.containsKey(combination);
    }

    /** Every combination dropped so far, in the order they were dropped. */
    List<Out> outs() {
        return List.copyOf(out.values());
    }

    /** Records the forks of one JMH invocation of {@code combination}. */
    void record(RunGroup combination, Collection<RunResult> results) {
        for (RunResult r : results) {
            for (BenchmarkResult b : r.getBenchmarkResults()) {
                List<Double> iterations = iterations(b);
                Result<?> s = b.getSecondaryResults().get(SettleProfiler.SETTLED);
                if (!iterations.isEmpty()) {
                    record(combination, median(iterations), s == null || s.getScore() >= 1,
                            b.getPrimaryResult().getScoreUnit());
                }
            }
        }
    }

    /** The scores of one fork's measurement iterations, in order. */
    static List<Double> iterations(BenchmarkResult b) {
        List<Double> iterations = new ArrayList<>();
        for (IterationResult i : b.getIterationResults()) {
            iterations.add(i.getPrimaryResult().getScore());
        }
        return iterations;
    }

    /** The median of one fork's iterations (its value, lower is faster); NaN without iterations. */
    static double forkValue(BenchmarkResult b) {
        List<Double> iterations = iterations(b);
        return iterations.isEmpty() ? Double.NaN : median(iterations);
    }

    /** Records one fork's value (the median of its iterations, lower is faster). */
    void record(RunGroup combination, double forkValue, boolean forkSettled, String unit) {
        List<Double> forks = settled.computeIfAbsent(combination, k -> new ArrayList<>());
        if (forkSettled && Double.isFinite(forkValue)) {
            forks.add(forkValue);
        }
        units.putIfAbsent(combination, unit);
    }

    /** Applies the rule to every race once (after a round); returns the combinations dropped now. */
    List<Out> afterRound() {
        List<Out> now = new ArrayList<>();
        for (List<RunGroup> race : races()) {
            RunGroup leader = leader(race);
            if (leader == null) {
                continue;
            }
            double[] lead = values(settled.get(leader));
            for (RunGroup c : race) {
                if (c == leader || isDefaultPipeline(c)) {
                    continue;
                }
                double[] v = values(settled.get(c));
                if (Racing.outraced(lead, v)) {
                    Out o = new Out(c, v.length, min(v), leader, max(lead), units.get(c),
                            Racing.factor(lead.length, v.length));
                    out.put(c, o);
                    now.add(o);
                }
            }
        }
        return now;
    }

    /**
     * When the run's budget is spent in the middle of a set: every combination that neither leads
     * its race nor is the default pipeline, and has {@link #BUDGET_FORKS} settled forks, gets no
     * more. The leader and the default keep their forks, so the decision between them still has
     * its full count; the others are untested against the default (a tie: the default is kept).
     * With {@code oneForkShort} (even a second fork of every combination would end past the
     * deadline) so does each combination with one settled fork whose fork is slower than
     * {@link Racing#FACTOR} times the leader's slowest: the two-fork racing margin applied one fork
     * early (measured error rate in {@link Racing}: a fork of equal code more than 1.5× slower than
     * another in 2.2% of ordered pairs). Returns the combinations dropped now.
     */
    List<Out> overBudget(boolean oneForkShort) {
        List<Out> now = new ArrayList<>();
        for (List<RunGroup> race : races()) {
            RunGroup leader = leader(race);
            if (leader == null) {
                continue;
            }
            double[] lead = values(settled.get(leader));
            for (RunGroup c : race) {
                double[] v = values(settled.get(c));
                if (c == leader || isDefaultPipeline(c) || v.length == 0) {
                    continue;
                }
                boolean early = v.length < BUDGET_FORKS;
                if (!early || oneForkShort && min(v) > Racing.FACTOR * max(lead)) {
                    Out o = new Out(c, v.length, min(v), leader, max(lead), units.get(c),
                            early ? Racing.FACTOR : Double.NaN, true);
                    out.put(c, o);
                    now.add(o);
                }
            }
        }
        return now;
    }

    /** The combinations still racing, by race ({@link #raceKey}), in the order they were first recorded. */
    private List<List<RunGroup>> races() {
        Map<String, List<RunGroup>> races = new LinkedHashMap<>();
        for (RunGroup c : settled.keySet()) {
            if (RACED.contains(c.benchmarkClass()) && !out.containsKey(c)) {
                races.computeIfAbsent(raceKey(c), k -> new ArrayList<>()).add(c);
            }
        }
        return List.copyOf(races.values());
    }

    /** The combination of {@code race} with the lowest median settled fork, or null when none has settled. */
    private RunGroup leader(List<RunGroup> race) {
        RunGroup leader = null;
        for (RunGroup c : race) {
            if (!settled.get(c).isEmpty() && (leader == null || median(settled.get(c)) < median(settled.get(leader)))) {
                leader = c;
            }
        }
        return leader;
    }

    /** What a race shares: class, method, every parameter but {@code variant}. */
    static String raceKey(RunGroup c) {
        Map<String, List<String>> p = new LinkedHashMap<>(c.params());
        p.remove("variant");
        return c.benchmarkClass() + "." + c.methods() + " " + p;
    }

    /** Whether {@code c} is the default pipeline, which the racing and the budget never stop. */
    static boolean isDefaultPipeline(RunGroup c) {
        return c.benchmarkClass().equals("PipelineBench")
                && c.params().getOrDefault("variant", List.of()).contains(PipelineLabels.DEFAULT);
    }

    /** How a combination is named in the racing lines (and looked up by {@link Budget#expectedSeconds}). */
    static String label(RunGroup c) {
        return c.benchmarkClass() + " " + c.params();
    }

    private static double median(List<Double> x) {
        return ForkStats.median(values(x));
    }

    private static double[] values(List<Double> x) {
        return x.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double min(double[] v) {
        return java.util.Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return java.util.Arrays.stream(v).max().orElse(Double.NaN);
    }
}
