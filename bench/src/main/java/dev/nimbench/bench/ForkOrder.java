package dev.nimbench.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;

/**
 * The order in which a group's forks run. JMH runs a group combination by combination, each
 * combination's forks back to back, so every fork of one configuration shares the same minutes of
 * the machine: a machine that drifts over minutes (a neighbour, the clock, the heat) then passes
 * for a difference between configurations. Where a group compares configurations (several
 * combinations, several forks each: the decision sizes and the pipelines), its forks run instead
 * in <b>rounds</b>: round r runs one fork of every combination, in an order shuffled afresh for
 * each round from the run's seed (recorded in the metadata as {@code forkOrder.seed}), so that
 * drift falls on every configuration alike and no configuration always runs first (Kalibera and
 * Jones, <i>Rigorous Benchmarking in Reasonable Time</i>, 2013: randomise the order of the
 * repetitions at the level whose variation matters).
 *
 * <p>Each fork is then a JMH invocation of one combination with one fork; {@link #merge} puts a
 * combination's forks back together, so the results file is the same as a plain run's: one entry
 * per combination with all its forks, in their run order.
 */
final class ForkOrder {

    private ForkOrder() {
    }

    /** Whether {@code g}'s forks are interleaved: it compares several combinations with several forks each. */
    static boolean interleaves(RunGroup g) {
        return g.forks() >= 2 && g.combinations() >= 2;
    }

    /**
     * The one-fork, one-combination groups that run {@code g} in interleaved rounds: {@code g.forks()}
     * rounds, each with every combination once, in the order of a shuffle seeded by {@code seed},
     * the group and the round. The same seed and group give the same order (a resumed run repeats it).
     */
    static List<RunGroup> schedule(RunGroup g, long seed) {
        List<RunGroup> combos = combinations(g);
        List<RunGroup> out = new ArrayList<>();
        for (int round = 0; round < g.forks(); round++) {
            List<RunGroup> order = new ArrayList<>(combos);
            // Fisher-Yates on SplittableRandom, which mixes its seed: java.util.Random's first draws
            // from nearby seeds are correlated (one combination would lead most rounds).
            SplittableRandom random = new SplittableRandom(seed ^ (31L * g.toString().hashCode() + round) * 0x9E3779B97F4A7C15L);
            for (int i = order.size() - 1; i > 0; i--) {
                Collections.swap(order, i, random.nextInt(i + 1));
            }
            out.addAll(order);
        }
        return out;
    }

    /** Every (method, parameter values) of {@code g} as a group of its own with one fork. */
    static List<RunGroup> combinations(RunGroup g) {
        List<Map<String, List<String>>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> e : g.params().entrySet()) {
            List<Map<String, List<String>>> next = new ArrayList<>();
            for (Map<String, List<String>> c : combos) {
                for (String v : e.getValue()) {
                    Map<String, List<String>> m = new LinkedHashMap<>(c);
                    m.put(e.getKey(), List.of(v));
                    next.add(m);
                }
            }
            combos = next;
        }
        List<RunGroup> out = new ArrayList<>();
        for (String method : g.methods()) {
            for (Map<String, List<String>> c : combos) {
                out.add(new RunGroup(g.benchmarkClass(), List.of(method), c, g.iterations(), 1, g.estimatedOpMillis()));
            }
        }
        return out;
    }

    /**
     * One result per combination with the forks of every invocation that measured it, in the order
     * they ran (JMH's {@code RunResult} of several forks, as one invocation with that many forks gives).
     */
    static List<RunResult> merge(Collection<RunResult> forks) {
        Map<String, List<RunResult>> byCombination = new LinkedHashMap<>();
        for (RunResult r : forks) {
            byCombination.computeIfAbsent(r.getParams().getBenchmark() + " " + r.getParams().getParamsKeys().stream()
                    .map(k -> k + "=" + r.getParams().getParam(k)).toList(), k -> new ArrayList<>()).add(r);
        }
        List<RunResult> out = new ArrayList<>();
        for (List<RunResult> rs : byCombination.values()) {
            List<BenchmarkResult> all = new ArrayList<>();
            rs.forEach(r -> all.addAll(r.getBenchmarkResults()));
            out.add(rs.size() == 1 ? rs.get(0) : new RunResult(rs.get(0).getParams(), all));
        }
        return out;
    }

    /** One line for the log: the rounds of {@code g} as the combinations' variant values (or indices), e.g. {@code b a c | c b a}. */
    static String describe(RunGroup g, List<RunGroup> schedule) {
        List<RunGroup> combos = combinations(g);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < schedule.size(); i++) {
            if (i > 0) {
                sb.append(i % combos.size() == 0 ? " | " : " ");
            }
            sb.append(combos.indexOf(schedule.get(i)) + 1);
        }
        return sb.toString();
    }
}
