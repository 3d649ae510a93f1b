package dev.nimbench.pipeline;

import dev.nimbench.exec.ExecutionContext;
import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.GrundyDistribution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link GrundyDistribution#checkSupported} (what the pipeline asks before it allocates) refuses
 * exactly the inputs that {@link GrundyDistribution#histogram} refuses.
 */
class CheckSupportedTest {

    /** Below and above every limit (brute force 16 and 100000, per-k-tail-sums 2^17), all quick to compute. */
    private static final int[] NS = {2, 12, 17, 100, 3_000, 150_000};
    private static final int[] MODULI = {1_000_000_007, 987_654_321, 97, 2, 1 << 30};

    @ParameterizedTest
    @EnumSource(DistributionVariant.class)
    void refusesExactlyWhatTheHistogramRefuses(DistributionVariant variant) {
        for (int n : NS) {
            for (int m : MODULI) {
                GrundyDistribution d = variant.create();
                String checked = refusal(() -> d.checkSupported(n, m));
                String computed;
                try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(m), 1)) {
                    computed = refusal(() -> d.histogram(n, new int[d.size(n)], ctx));
                }
                assertThat(checked != null).as("%s n=%d M=%d: checkSupported %s, histogram %s", variant.id(), n, m,
                        checked, computed).isEqualTo(computed != null);
            }
        }
    }

    private static String refusal(Runnable action) {
        try {
            action.run();
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }
}
