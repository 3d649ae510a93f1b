package dev.nimbench.combine.vector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.distribution.RangeHistogram;
import dev.nimbench.testkit.PricedRanges;
import org.junit.jupiter.api.Test;

/** The fused pass 1's row split: contiguous, complete, and lighter for chunks that pay a restart. */
class FusedRowSplitTest {

    private static RangeHistogram.Ranges costing(long perEntryDivisor) {
        return PricedRanges.pricing(from -> perEntryDivisor == 0 ? 0 : from / perEntryDivisor);
    }

    @Test
    void chunksAreContiguousAndCoverEveryRow() {
        for (int rows = 1; rows <= 130; rows++) {
            for (int tasks = 1; tasks <= Math.min(rows, 4); tasks++) {
                for (long divisor : new long[] {0, 6, 1}) {
                    int[] starts = FusedHadamardPowerSum.rowSplit(rows, tasks, 1 << 17, costing(divisor));
                    assertThat(starts).hasSize(tasks + 1);
                    assertThat(starts[0]).isZero();
                    assertThat(starts[tasks]).isEqualTo(rows);
                    for (int t = 0; t < tasks; t++) {
                        assertThat(starts[t]).as("rows=%d tasks=%d", rows, tasks).isLessThanOrEqualTo(starts[t + 1]);
                    }
                }
            }
        }
    }

    @Test
    void withoutRestartCostTheSplitIsEvenAndWithItTheLaterChunkIsSmaller() {
        assertThat(FusedHadamardPowerSum.rowSplit(78, 2, 1 << 17, costing(0))).containsExactly(0, 39, 78);
        int[] starts = FusedHadamardPowerSum.rowSplit(78, 2, 1 << 17, costing(6));
        assertThat(starts[1]).isGreaterThan(39).isLessThan(50);
    }
}
