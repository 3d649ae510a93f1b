package dev.nimbench.testkit;

import dev.nimbench.distribution.RangeHistogram;
import java.util.function.IntToLongFunction;

/** {@link RangeHistogram.Ranges} for split tests: only a restart price, no writers. */
public final class PricedRanges {

    private PricedRanges() {
    }

    /** Ranges whose restart at index {@code from} costs {@code restartCost.applyAsLong(from)} entries. */
    public static RangeHistogram.Ranges pricing(IntToLongFunction restartCost) {
        return new RangeHistogram.Ranges() {
            @Override
            public RangeHistogram.Writer writer() {
                throw new UnsupportedOperationException("a split test's ranges have no writers");
            }

            @Override
            public long restartCost(int from) {
                return restartCost.applyAsLong(from);
            }
        };
    }
}
