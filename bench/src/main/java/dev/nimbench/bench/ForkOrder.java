package dev.nimbench.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;

/**
 * The order in which compared forks run. JMH runs a group combination by combination, each
 * combination's forks back to back, and the planner gives many compared configurations a group of
 * their own (each pipeline configuration, each distribution at its decision size), so every fork of
 * one configuration used to share the same minutes of the machine: a machine that drifts over
 * minutes (a neighbour, the clock, the heat) then passes for a difference between configurations.
 *
 * <p>Now the groups that are compared with each other form a <b>set</b>: consecutive groups of the
 * plan with the same benchmark methods and the same parameters except {@code variant} and
 * {@code threads} (one stage or problem at one size), each with at least 2 forks. A set runs in
 * <b>rounds</b>: round r runs one fork of every combination of every group in it, in an order
 * shuffled afresh for each round from the run's seed (recorded in the metadata as
 * {@code forkOrder.seed}). A group with fewer forks than the set's most takes part in rounds spread
 * evenly over them. Drift then falls on every configuration alike, and none always runs first
 * (Kalibera and Jones, <i>Rigorous Benchmarking in Reasonable Time</i>, ISMM 2013: randomise the
 * order of repetitions at the level whose variation matters).
 *
 * <p>Each fork is a JMH invocation of one combination with one fork; {@link #merge} puts a
 * combination's forks back together, so the results file is the same as a plain run's: one entry
 * per combination with all its forks, in the order they ran.
 */
final class ForkOrder {

    private ForkOrder() {
    }

    /**
     * One fork to run.
     *
     * @param group the planned group it belongs to (what is persisted and resumed)
     * @param fork one combination of that group, one fork
     */
    record Slot(RunGroup group, RunGroup fork) {
    }

    /**
     * The plan's groups in sets to run together, in plan order: consecutive groups compared with
     * each other ({@link #key}, at least 2 forks each) form one set; every other group is a set alone.
     */
    static List<List<RunGroup>> sets(List<RunGroup> groups) {
        List<List<RunGroup>> out = new ArrayList<>();
        List<RunGroup> current = null;
        for (RunGroup g : groups) {
            if (current != null && g.forks() >= 2 && current.get(0).forks() >= 2
                    && key(g).equals(key(current.get(0)))) {
                current.add(g);
            } else {
                current = new ArrayList<>(List.of(g));
                out.add(current);
            }
        }
        return out;
    }

    /** What groups compared with each other share: class, methods, and every parameter but variant and threads. */
    static String key(RunGroup g) {
        Map<String, List<String>> p = new LinkedHashMap<>(g.params());
        p.remove("variant");
        p.remove("threads");
        return g.benchmarkClass() + "." + g.methods() + " " + p;
    }

    /** Whether a set runs interleaved: at least 2 rounds and at least 2 combinations to order. */
    static boolean interleaves(List<RunGroup> set) {
        int combos = 0;
        int rounds = 0;
        for (RunGroup g : set) {
            combos += g.combinations();
            rounds = Math.max(rounds, g.forks());
        }
        return rounds >= 2 && combos >= 2;
    }

    /**
     * The forks of {@code set} in interleaved rounds: as many rounds as its groups' most forks,
     * each with one fork of every combination of every group taking part in it
     * ({@link #takesPart}), in the order of a shuffle seeded by {@code seed}, the set's first group
     * and the round. The same seed and set give the same order (a resumed run repeats it).
     */
    static List<List<Slot>> rounds(List<RunGroup> set, long seed) {
        int rounds = set.stream().mapToInt(RunGroup::forks).max().orElse(0);
        List<List<Slot>> out = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            List<Slot> order = new ArrayList<>();
            for (RunGroup g : set) {
                if (takesPart(g.forks(), rounds, round)) {
                    combinations(g).forEach(c -> order.add(new Slot(g, c)));
                }
            }
            // Fisher-Yates on SplittableRandom, which mixes its seed: java.util.Random's first draws
            // from nearby seeds are correlated (one combination would lead most rounds).
            SplittableRandom random = new SplittableRandom(seed ^ (31L * set.get(0).toString().hashCode() + round)
                    * 0x9E3779B97F4A7C15L);
            for (int i = order.size() - 1; i > 0; i--) {
                Collections.swap(order, i, random.nextInt(i + 1));
            }
            out.add(List.copyOf(order));
        }
        return out;
    }

    /** Whether a group of {@code forks} forks runs in {@code round} of {@code rounds}: rounds floor(i * rounds / forks), i &lt; forks. */
    static boolean takesPart(int forks, int rounds, int round) {
        for (int i = 0; i < forks; i++) {
            if (i * rounds / forks == round) {
                return true;
            }
        }
        return false;
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
                out.add(new RunGroup(g.benchmarkClass(), List.of(method), c, g.iterations(), 1, g.estimatedOpMillis(),
                        g.settleSeconds()));
            }
        }
        return out;
    }

    /**
     * The planned seconds of the forks in rounds {@code [from, to)} of {@code rounds} whose
     * combinations are not {@code out}: when they would end past the budget's deadline at the
     * run's pace, the set keeps only its leaders and the default ({@link ForkRace#overBudget};
     * forecast by {@link DecisionForecast}).
     */
    static double remainingSeconds(List<List<Slot>> rounds, int from, int to, Predicate<RunGroup> out) {
        double s = 0;
        for (List<Slot> round : rounds.subList(Math.min(from, rounds.size()), Math.min(to, rounds.size()))) {
            for (Slot slot : round) {
                if (!out.test(slot.fork())) {
                    s += slot.fork().estimatedSeconds();
                }
            }
        }
        return s;
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

    /**
     * One line for the log: the rounds as the numbers of the set's combinations (1 = the first
     * group's first combination, in plan order), rounds separated by {@code |}.
     */
    static String describe(List<RunGroup> set, List<List<Slot>> rounds) {
        List<RunGroup> combos = new ArrayList<>();
        set.forEach(g -> combos.addAll(combinations(g)));
        List<String> out = new ArrayList<>();
        for (List<Slot> round : rounds) {
            out.add(String.join(" ", round.stream().map(s -> Integer.toString(combos.indexOf(s.fork()) + 1)).toList()));
        }
        return String.join(" | ", out);
    }
}
