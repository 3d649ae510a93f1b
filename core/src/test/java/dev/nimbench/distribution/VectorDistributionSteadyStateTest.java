package dev.nimbench.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.SteadyState;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Vector API distribution variant, warmed up on this JVM and CPU, allocates per call no more
 * than the benchmarks' boxing limit (16 KiB + 8 B per entry): compiled as intended its vectors
 * stay in registers, and boxed vectors cost about 100 bytes per vector operation. A regression
 * test: with a {@code convertShape(L2I, ...)} store in its factorial scans,
 * {@code vector-tail-sum-recurrence} allocated 490 KB per call at n = 10^4 and 4.8 MB at
 * n = 10^5 on JDK 17 with AVX2 (256-bit lanes), in every process, and never settled. Only the
 * allocation is asserted; how long the warm-up took is printed, not checked.
 */
class VectorDistributionSteadyStateTest {

    private static final int MODULUS = 1_000_000_007;
    /** Warm-up cap, ms: a compiled kernel settles in 1-3 s here. */
    private static final long CAP_MILLIS = 6_000;

    static Stream<Arguments> vectorVariantsAndSizes() {
        return Arrays.stream(DistributionVariant.values())
                .filter(v -> v.problem() == Problem.CARD_STACKING && v.usesVectorApi())
                .flatMap(v -> Stream.of(10_000, 100_000).map(n -> Arguments.of(v, n)));
    }

    @ParameterizedTest(name = "{0} at n = {1}")
    @MethodSource("vectorVariantsAndSizes")
    void warmsUpWithoutBoxedVectors(DistributionVariant variant, int n) {
        assumeTrue(variant.isAvailable(), variant.id() + " needs the Vector API module");
        GrundyDistribution distribution = variant.create();
        int[] out = new int[distribution.size(n)];
        double limit = 16 * 1024 + 8.0 * n;
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.values()[0].create(MODULUS), 2)) {
            SteadyState.Outcome outcome = SteadyState.reach(() -> distribution.histogram(n, out, ctx),
                    new SteadyState.Rule(100, 3, CAP_MILLIS, limit));
            System.out.println(variant.id() + " n = " + n + ": " + outcome.describe());
            assertThat(outcome.bytesPerCall())
                    .as("%s at n = %d allocates like boxed vectors: %s (limit %.0f B/call)", variant.id(), n,
                            outcome.describe(), limit)
                    .isLessThanOrEqualTo(limit);
        }
    }
}
