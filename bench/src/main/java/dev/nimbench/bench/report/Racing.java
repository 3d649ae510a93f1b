package dev.nimbench.bench.report;

/**
 * The racing rule: when a candidate is so much slower than the leader that more forks cannot
 * change the decision. A candidate is <b>outraced</b> when even its fastest fork is slower than
 * {@link #factor} times the leader's slowest fork (fork values: the median of a fork's iterations,
 * lower is faster): {@link #ONE_FORK_FACTOR} while either side has a single fork,
 * {@link #FACTOR} once both have two or more.
 *
 * <p>The harness stops giving forks to an outraced candidate (the default profile's compared
 * groups run in rounds, and the rule is applied after each round), and the report counts it as
 * beaten by the leader rather than "untested" for having fewer forks.
 *
 * <p>Error rate: a candidate that is in truth as fast as the leader is outraced only when forks of
 * equal code are that far apart. Over the 1,617 stage and pipeline rows with 4 or more forks
 * committed under {@code results/} up to 2026-12-03 (boxed and unsettled forks included): one fork
 * against another was more than 2.5× slower in 0.32% of the 19,530 ordered pairs (more than 2×:
 * 0.58%, 1.5×: 2.2%); the faster of two forks more than 1.5× slower than the slower of two others
 * in 0.14% of the 10,290 ordered splits (1.25×: 0.88%). Both looks together: under 0.5% per
 * candidate. A fork that did not settle is no evidence either way: the harness leaves it out.
 */
public final class Racing {

    /** Margin beyond which a candidate is out while either side has one fork. */
    public static final double ONE_FORK_FACTOR = 2.5;

    /** Margin once both sides have two forks or more. */
    public static final double FACTOR = 1.5;

    private Racing() {
    }

    /** The margin for these fork counts: {@link #ONE_FORK_FACTOR} when either has one, else {@link #FACTOR}. */
    public static double factor(int leaderForks, int candidateForks) {
        return Math.min(leaderForks, candidateForks) >= 2 ? FACTOR : ONE_FORK_FACTOR;
    }

    /**
     * Whether the candidate is out against the leader: its fastest fork above {@link #factor}
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
        return fastestCandidate > factor(leaderForks.length, candidateForks.length) * slowestLeader;
    }

    /** {@link #outraced(double[], double[])} on two measurements' fork values. */
    public static boolean outraced(Measurement leader, Measurement candidate) {
        return outraced(leader.forkValues(), candidate.forkValues());
    }
}
