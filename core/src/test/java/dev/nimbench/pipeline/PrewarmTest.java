package dev.nimbench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.config.Configuration;
import dev.nimbench.distribution.Problem;
import java.math.BigInteger;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PrewarmTest {

    private static final long S = 10_000_000L;
    /** C(10^5, 10^7) mod 10^9 + 7, as the bench's known answers and `solve` give it. */
    private static final BigInteger C_1E5 = BigInteger.valueOf(997_109_764L);

    private static Pipeline cardStacking(int n, String transform, String power) {
        return Pipeline.prepare(Problem.CARD_STACKING, n, S, 1_000_000_007L,
                new Configuration(Map.of(), transform, null, power, "wht", 1));
    }

    @Test
    void aRunBesideThePrewarmGivesTheSameAnswerAndThePrewarmCompletes() throws InterruptedException {
        try (Pipeline p = cardStacking(100_000, "vector", "vector-montgomery")) {
            Prewarm warm = p.prewarm();
            assertThat(warm).as("vector power sum and transform at P >= 2^16").isNotNull();
            BigInteger during = p.run().losing();   // both threads busy in the same kernels
            warm.join();
            assertThat(warm.callsDone()).as("every pre-warm call ran without an exception").isEqualTo(Prewarm.CALLS);
            BigInteger after = p.run().losing();
            assertThat(during).isEqualTo(C_1E5).isEqualTo(after);
        }
    }

    @Test
    void closingStopsThePrewarmEarly() throws InterruptedException {
        int gateAt = 10;
        CountDownLatch reached = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        try (Pipeline p = cardStacking(100_000, "blocked", "vector-montgomery")) {
            // The thread waits after its 10th call until the test has closed the pre-warm, so that
            // close() lands in the middle of the calls however the two threads are scheduled.
            Prewarm warm = p.prewarm(calls -> {
                if (calls == gateAt) {
                    reached.countDown();
                    try {
                        closed.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            assertThat(reached.await(60, TimeUnit.SECONDS)).as("the pre-warm reached call %d (calls done: %d)",
                    gateAt, warm.callsDone()).isTrue();
            warm.close();
            closed.countDown();
            warm.join();
            assertThat(warm.callsDone()).as("no call after close()").isEqualTo(gateAt);
            assertThat(p.run().losing()).isEqualTo(C_1E5);
        }
    }

    @Test
    void aVectorTransformAloneIsPrewarmedAndTheAnswerStays() throws InterruptedException {
        try (Pipeline p = cardStacking(100_000, "vector", "autovec-montgomery")) {
            Prewarm warm = p.prewarm();
            assertThat(warm).isNotNull();
            BigInteger during = p.run().losing();
            warm.join();
            assertThat(warm.callsDone()).isEqualTo(Prewarm.CALLS);
            assertThat(during).isEqualTo(C_1E5).isEqualTo(p.run().losing());
        }
    }

    @Test
    void scalarAndAutoVectorizedKernelsAreNotPrewarmed() {
        for (String[] stages : new String[][] {{"blocked", "scalar"}, {"autovec", "autovec-montgomery"}}) {
            try (Pipeline p = cardStacking(300_000, stages[0], stages[1])) {
                assertThat(p.points()).isGreaterThanOrEqualTo(Prewarm.MIN_POINTS);
                assertThat(p.prewarm()).as(String.join(",", stages)).isNull();
            }
        }
    }

    @Test
    void nothingToPrewarmWithoutTheSpectrumStagesOrForSmallInstances() {
        try (Pipeline fused = Pipeline.prepare(Problem.CARD_STACKING, 100_000, S, 1_000_000_007L,
                new Configuration(Map.of(), null, null, null, "fused-vector-dist-wht", 1))) {
            assertThat(fused.prewarm()).isNull();
        }
        try (Pipeline small = cardStacking(1_000, "vector", "vector-montgomery")) {
            assertThat(small.points()).isLessThan(Prewarm.MIN_POINTS);
            assertThat(small.prewarm()).isNull();
        }
    }
}
