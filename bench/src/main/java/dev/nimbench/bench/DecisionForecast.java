package dev.nimbench.bench;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one interleaved set of decisions is expected to take, budget included: a dry run of its
 * rounds ({@link ForkOrder#rounds}) on a virtual clock at the plan's estimates, as the run goes
 * through them. Each combination that the previous run's racing dropped ({@link Budget#expectRacing})
 * stops after as many forks again. After each round the budget's rule applies as in the run: when
 * the set's remaining forks ({@link ForkOrder#remainingSeconds}) would end past the deadline, every
 * combination with two forks that neither leads its race nor is the default pipeline stops
 * ({@link ForkRace#overBudget}).
 *
 * <p>Which combination leads is not known before the run. The forecast takes the race's costliest
 * candidate other than the default that the previous run did not drop, so the leader and the
 * default go on as two: it errs long by at most one candidate's forks per race, where the default
 * leads. Without this, a plan whose decisions overran printed their uncut time: 19:55 expected
 * against 11:27 run (AMD Zen 4, JDK 25, {@code results/20261207T205818Z-jdk25.json}).
 */
final class DecisionForecast {

    /**
     * The forecast of a set.
     *
     * @param seconds what its forks are expected to take
     * @param budgetStops how many combinations the budget is expected to stop ({@link ForkRace#overBudget})
     */
    record Forecast(double seconds, int budgetStops) {
    }

    private DecisionForecast() {
    }

    /**
     * @param set an interleaved set of decision groups ({@link ForkOrder#sets})
     * @param racedBefore combination ({@link ForkRace#label}) to the forks after which the previous
     *     run's racing dropped it
     * @param secondsLeft seconds from the set's start to the deadline
     */
    static Forecast of(List<RunGroup> set, Map<String, Integer> racedBefore, double secondsLeft) {
        List<List<ForkOrder.Slot>> rounds = ForkOrder.rounds(set, 0L);
        ForkRace race = new ForkRace();
        Set<RunGroup> racedOut = new HashSet<>();
        Set<RunGroup> leaders = leaders(set, racedBefore);
        Map<RunGroup, Integer> forks = new HashMap<>();
        double t = 0;
        int stops = 0;
        for (int r = 0; r < rounds.size(); r++) {
            for (ForkOrder.Slot slot : rounds.get(r)) {
                RunGroup c = slot.fork();
                if (racedOut.contains(c) || race.isOut(c)) {
                    continue;
                }
                t += c.estimatedSeconds();
                // the assumed leader is the fastest; every other combination ties behind it
                race.record(c, leaders.contains(c) ? 1.0 : 2.0, true, "s");
                if (forks.merge(c, 1, Integer::sum) >= racedBefore.getOrDefault(ForkRace.label(c), Integer.MAX_VALUE)) {
                    racedOut.add(c);
                }
            }
            double remaining = ForkOrder.remainingSeconds(rounds, r + 1, rounds.size(),
                    c -> racedOut.contains(c) || race.isOut(c));
            if (remaining > secondsLeft - t) {
                for (ForkRace.Out o : race.overBudget(false)) {
                    if (!racedOut.contains(o.combination())) {
                        stops++;
                    }
                }
            }
        }
        return new Forecast(t, stops);
    }

    /** Per race, the combination assumed to lead: the costliest non-default one the previous run kept to the end. */
    private static Set<RunGroup> leaders(List<RunGroup> set, Map<String, Integer> racedBefore) {
        Map<String, RunGroup> byRace = new LinkedHashMap<>();
        for (RunGroup g : set) {
            for (RunGroup c : ForkOrder.combinations(g)) {
                if (ForkRace.isDefaultPipeline(c) || racedBefore.containsKey(ForkRace.label(c))) {
                    continue;
                }
                byRace.merge(ForkRace.raceKey(c), c, (a, b) -> b.estimatedSeconds() > a.estimatedSeconds() ? b : a);
            }
        }
        return new HashSet<>(byRace.values());
    }
}
