package dev.nimbench.distribution;

/** The two workloads. Both are sums of identical impartial components counted by Grundy XOR. */
public enum Problem {
    /** Project Euler 798: C(n, s) = losing initial subsets of an s-suit deck of cards 1..n. */
    CARD_STACKING("card-stacking", 1_000_000_007, 1, "s"),
    /** Project Euler 550: f(n, k) = winning k-tuples of pile sizes in 2..n. */
    DIVISOR_GAME("divisor-game", 987_654_321, 2, "k");

    private final String id;
    private final int defaultModulus;
    private final int minN;
    private final String countName;

    Problem(String id, int defaultModulus, int minN, String countName) {
        this.id = id;
        this.defaultModulus = defaultModulus;
        this.minN = minN;
        this.countName = countName;
    }

    public String id() {
        return id;
    }

    public int defaultModulus() {
        return defaultModulus;
    }

    /** Smallest valid n. */
    public int minN() {
        return minN;
    }

    /** Name of the number of components: "s" (suits) or "k" (piles). */
    public String countName() {
        return countName;
    }

    /** Whether the answer counts winning positions (divisor game) rather than losing ones. */
    public boolean countsWinning() {
        return this == DIVISOR_GAME;
    }

    public static Problem fromId(String id) {
        for (Problem p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown problem '" + id + "'; valid: card-stacking, divisor-game");
    }
}
