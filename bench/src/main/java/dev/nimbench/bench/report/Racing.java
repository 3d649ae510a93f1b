package dev.nimbench.bench.report;

/**
 * The racing rule: when a candidate is so much slower than the leader that more forks cannot
 * change the decision. A candidate is <b>outraced</b> when even its fastest fork is slower than
 * {@link #FACTOR} times the leader's slowest fork (fork values: the median of a fork's iterations,
 * lower is faster).
 *
 * <p>The harness stops giving forks to an outraced candidate (the default profile's compared
 * groups run in rounds, and the rule is applied after each round), and the report counts it as
 * beaten by the leader rather than "untested" for having fewer forks.
 *
 * <p>Error rate: a candidate that is in truth as fast as the leader is outraced only when one of
 * its forks is more than {@link #FACTOR} times one fork of the leader. Over the 20,198 ordered
 * pairs of forks of the same configuration in the runs committed under {@code results/} up to
 * 2026-12-03 (every stage and pipeline row with 2 or more forks, boxed and unsettled forks
 * included), 0.33% were more than 2.5× apart (0.15% of the 6,484 pairs of the 2026-12-03 runs;
 * 0.58% and 0.45% beyond 2×, 2.2% and 1.5% beyond 1.5×). A fork that did not settle is no
 * evidence either way: the harness leaves it out of the rule.
 */
public final class Racing {

    /** Fork-to-fork margin beyond which a candidate is out. */
    public static final double FACTOR = 2.5;

    private Racing() {
    }

    /**
     * Whether the candidate is out against the leader: its fastest fork above {@link #FACTOR}
     * times the leader's slowest. False when either side has no fork.
     */
    public static boolean outraced(double[] leaderForks, double[] candidateForks) {
        if (leaderForks.length == 0 || candidateForks.length == 0) {
            return false;
        }
        double slowestLeader = Double.NEGATIVE_INFINITY;
        for (double v : leaderForks) {
            slowestLeader = Math.max(slowestLeader, v);
        }
        double fastestCandidate = Double.POSITIVE_INFINITY;
        for (double v : candidateForks) {
            fastestCandidate = Math.min(fastestCandidate, v);
        }
        return fastestCandidate > FACTOR * slowestLeader;
    }

    /** {@link #outraced(double[], double[])} on two measurements' fork values. */
    public static boolean outraced(Measurement leader, Measurement candidate) {
        return outraced(leader.forkValues(), candidate.forkValues());
    }
}
