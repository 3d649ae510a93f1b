package dev.nimbench.distribution.cardstacking;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.distribution.RangeHistogram;
import dev.nimbench.testkit.PricedRanges;
import org.junit.jupiter.api.Test;

/**
 * The staged histogram's split of the steps {@code [1, kMax]} over tasks: contiguous, covering,
 * later starts getting more steps when restarts are cheaper, and for the scalar restart price
 * close to the model it replaced (a start at step s costs s products).
 */
class SplitPointsTest {

    /** Restarts priced as TailSumRecurrenceRanges prices them, with {@code termsPerProduct} prefix terms per product. */
    private static RangeHistogram.Ranges priced(int termsPerProduct) {
        return PricedRanges.pricing(from -> from / ((long) TailSumRecurrenceDistribution.STEP_COST * termsPerProduct));
    }

    @Test
    void splitsAreContiguousAndCoverEveryStep() {
        for (int terms : new int[] {1, 4}) {
            for (int kMax : new int[] {0, 1, 2, 3, 10, 299, 35_000, 5_000_000}) {
                for (int parts = 1; parts <= 8; parts++) {
                    int[] starts = TailSumRecurrenceDistribution.splitPoints(kMax, parts, priced(terms));
                    assertThat(starts).hasSize(parts + 1);
                    assertThat(starts[0]).isEqualTo(1);
                    assertThat(starts[parts]).isEqualTo(kMax + 1);
                    for (int t = 0; t < parts; t++) {
                        assertThat(starts[t]).as("kMax=%d parts=%d", kMax, parts).isLessThanOrEqualTo(starts[t + 1]);
                    }
                }
            }
        }
    }

    @Test
    void cheaperRestartsMoveWorkToTheLaterTask() {
        int kMax = 5_000_000;
        int[] scalar = TailSumRecurrenceDistribution.splitPoints(kMax, 2, priced(1));
        int[] vector = TailSumRecurrenceDistribution.splitPoints(kMax, 2, priced(4));
        assertThat(scalar[1]).isGreaterThan(kMax / 2); // the second task pays its restart: fewer steps
        assertThat(vector[1]).isLessThan(scalar[1]).isGreaterThan(kMax / 2);
    }

    @Test
    void scalarPriceStaysCloseToPricingTheRestartAsSProducts() {
        for (int kMax : new int[] {10, 299, 35_000, 500_000, 5_000_000}) {
            for (int parts = 2; parts <= 8; parts++) {
                int[] now = TailSumRecurrenceDistribution.splitPoints(kMax, parts, priced(1));
                int[] old = oldSplit(kMax, parts);
                for (int t = 0; t <= parts; t++) {
                    assertThat(Math.abs(now[t] - old[t])).as("kMax=%d parts=%d t=%d", kMax, parts, t)
                            .isLessThanOrEqualTo(parts);
                }
            }
        }
    }

    /** The earlier model: a task starting at s > 1 first pays s units, then STEP_COST per step. */
    private static int[] oldSplit(int kMax, int parts) {
        long lo = 1;
        long hi = (long) TailSumRecurrenceDistribution.STEP_COST * kMax + 1;
        while (lo < hi) {
            long budget = (lo + hi) >>> 1;
            if (oldCover(kMax, parts, budget, null)) {
                hi = budget;
            } else {
                lo = budget + 1;
            }
        }
        int[] starts = new int[parts + 1];
        oldCover(kMax, parts, lo, starts);
        return starts;
    }

    private static boolean oldCover(int kMax, int parts, long budget, int[] starts) {
        long s = 1;
        for (int t = 0; t < parts; t++) {
            if (starts != null) {
                starts[t] = (int) Math.min(s, kMax + 1L);
            }
            long direct = s > 1 ? s : 0;
            s = Math.min(kMax + 1L, s + Math.max(0, (budget - direct) / TailSumRecurrenceDistribution.STEP_COST));
        }
        if (starts != null) {
            starts[parts] = kMax + 1;
        }
        return s >= kMax + 1L;
    }
}
