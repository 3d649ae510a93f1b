package dev.nimbench.bench.ab;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The order of an A/B run's forks (duet benchmarking, Bulej et al. 2020): both builds on one
 * machine, in rounds of one fork a side. Rounds come in pairs, A B then B A or B A then A B, which
 * of the two drawn per pair from the seed (recorded in both sides' metadata), so drift over
 * minutes falls on both sides alike and neither side always runs first. An odd last round takes
 * its order from the seed alone.
 */
public final class AbOrder {

    /** One side of an A/B comparison. */
    public enum Side {
        BASELINE, CANDIDATE;

        /** {@code baseline} or {@code candidate}. */
        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private AbOrder() {
    }

    /** {@code rounds} rounds, each both sides once, in pairs of mirrored orders drawn from {@code seed}. */
    public static List<List<Side>> rounds(int rounds, long seed) {
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds = " + rounds + " is out of range; valid: >= 1");
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<List<Side>> out = new ArrayList<>();
        for (int pair = 0; 2 * pair < rounds; pair++) {
            boolean baselineFirst = random.nextBoolean();
            List<Side> first = baselineFirst ? List.of(Side.BASELINE, Side.CANDIDATE) : List.of(Side.CANDIDATE, Side.BASELINE);
            out.add(first);
            if (2 * pair + 1 < rounds) {
                out.add(List.of(first.get(1), first.get(0)));
            }
        }
        return out;
    }

    /** One line for the log and the metadata: {@code A B | B A | ...} (A = baseline, B = candidate). */
    public static String describe(List<List<Side>> rounds) {
        List<String> out = new ArrayList<>();
        for (List<Side> round : rounds) {
            out.add(String.join(" ", round.stream().map(s -> s == Side.BASELINE ? "A" : "B").toList()));
        }
        return String.join(" | ", out);
    }
}
