package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The winner among a panel's candidates at one size. The fastest by score (median of the per-fork
 * medians) is compared with every other candidate by a two-sided exact Mann–Whitney U test on the
 * fork values ({@link ForkStats#test}: the runs of a pooled file as blocks): a candidate not significantly different at level alpha ties
 * with it; a candidate with too few forks for any difference to be significant (e.g. 3 against 3,
 * or one fork a side), or with half its forks still drifting ({@link ForkStats#steady}), is
 * "untested" rather than silently tied or beaten. A candidate that the fastest {@link Racing#outraced} (its
 * fastest fork slower than {@link Racing#factor} times the fastest's slowest: 2.5 with one fork a side, 1.5
 * with two or more) and has too few forks to test is beaten, not untested: racing gives such a candidate fewer forks. The fastest is a clear winner when every other candidate is
 * significantly slower or outraced.
 *
 * @param size the size
 * @param ranked candidates measured at this size, fastest (lowest mean time) first
 * @param vsRunnerUp test of fastest against runner-up; null when there is only one candidate
 * @param tied the fastest and every tested candidate not significantly different from it
 * @param untested candidates with too few samples to be tested against the fastest
 * @param outraced candidates the fastest outraced: beaten without a test
 */
public record Verdict(long size, List<Series> ranked, MannWhitney.Result vsRunnerUp, List<Series> tied,
        List<Series> untested, List<Series> outraced) {

    static Verdict of(long size, List<Series> ranked, double alpha) {
        Series fastest = ranked.get(0);
        Measurement best = fastest.at(size);
        List<Series> tied = new ArrayList<>();
        List<Series> untested = new ArrayList<>();
        List<Series> outraced = new ArrayList<>();
        tied.add(fastest);
        MannWhitney.Result first = null;
        for (int i = 1; i < ranked.size(); i++) {
            Measurement other = ranked.get(i).at(size);
            MannWhitney.Result r = ForkStats.test(best, other);
            if (i == 1) {
                first = r;
            }
            boolean steady = ForkStats.steady(fastest.at(size)) && ForkStats.steady(ranked.get(i).at(size));
            if (steady && ForkStats.minimumP(best, other) >= alpha && Racing.outraced(best, other)) {
                outraced.add(ranked.get(i)); // too few forks to test (raced out), beyond the racing margin
            } else if (ForkStats.minimumP(best, other) >= alpha || !ForkStats.steady(fastest.at(size))
                    || !ForkStats.steady(ranked.get(i).at(size))) {
                untested.add(ranked.get(i));
            } else if (!r.significant(alpha)) {
                tied.add(ranked.get(i));
            }
        }
        return new Verdict(size, List.copyOf(ranked), first, List.copyOf(tied), List.copyOf(untested),
                List.copyOf(outraced));
    }

    public Series fastest() {
        return ranked.get(0);
    }

    /** Null when there is a single candidate. */
    public Series runnerUp() {
        return ranked.size() > 1 ? ranked.get(1) : null;
    }

    /** Whether the runner-up had enough samples to be tested against the fastest (and was not outraced). */
    public boolean runnerUpTestable() {
        return runnerUp() != null && !untested.contains(runnerUp()) && !outraced.contains(runnerUp());
    }

    /**
     * One line for tables, e.g. {@code blocked (p=0.0079 vs lazy-long)}, {@code tie: a, b (p=0.41)},
     * {@code a (fastest; too few samples to test: 3 vs 3)}, {@code a (only one measured)}.
     */
    public String describe() {
        if (runnerUp() == null) {
            return fastest().label() + " (only one measured)";
        }
        int n = fastest().at(size).forkCount();
        if (untested.size() + outraced.size() == ranked.size() - 1 && !outraced.isEmpty()) {
            StringBuilder sb = new StringBuilder(fastest().label()).append(" (outraced:");
            outraced.forEach(x -> sb.append(' ').append(x.label()));
            sb.append(", each fastest fork beyond the racing margin of its slowest");
            if (!untested.isEmpty()) {
                sb.append("; untested (too few forks, or still drifting):");
                untested.forEach(x -> sb.append(' ').append(x.label()));
            }
            return sb.append(')').toString();
        }
        if (untested.size() == ranked.size() - 1) {
            return fastest().label() + " (fastest; untested, " + (ForkStats.steady(fastest().at(size))
                    && ForkStats.steady(runnerUp().at(size)) ? "too few forks: " + n + " vs " + runnerUp().at(size).forkCount()
                    : "forks still drifting") + ")";
        }
        StringBuilder sb = new StringBuilder();
        if (tied.size() == 1) {
            Series next = ranked.stream().filter(x -> x != fastest() && !untested.contains(x) && !outraced.contains(x))
                    .findFirst().orElseThrow();
            sb.append(fastest().label()).append(" (p=")
                    .append(formatP(ForkStats.test(fastest().at(size), next.at(size)).p()))
                    .append(" vs ").append(next.label());
        } else {
            sb.append("tie: ");
            for (int i = 0; i < tied.size(); i++) {
                sb.append(i == 0 ? "" : ", ").append(tied.get(i).label());
            }
            sb.append(" (p=").append(formatP(ForkStats.test(fastest().at(size), tied.get(1).at(size)).p()));
        }
        if (!outraced.isEmpty()) {
            sb.append("; outraced:");
            outraced.forEach(x -> sb.append(' ').append(x.label()));
        }
        if (!untested.isEmpty()) {
            sb.append("; untested (too few forks, or still drifting):");
            untested.forEach(x -> sb.append(' ').append(x.label()));
        }
        return sb.append(')').toString();
    }

    /** p-value with 2 significant digits, {@code <0.0001} below that. */
    public static String formatP(double p) {
        if (Double.isNaN(p)) {
            return "n/a";
        }
        if (p < 1e-4) {
            return "<0.0001";
        }
        return String.format(Locale.ROOT, "%.2g", p);
    }
}
