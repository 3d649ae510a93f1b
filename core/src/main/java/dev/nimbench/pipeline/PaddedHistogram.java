package dev.nimbench.pipeline;

import dev.nimbench.exec.StageTimings;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.combine.HistogramSource;
import dev.nimbench.distribution.GrundyDistribution;
import java.util.Arrays;

/** The pipeline's {@link HistogramSource}: one padded buffer of P entries, allocated once and reused by every run. */
final class PaddedHistogram implements HistogramSource {

    private final GrundyDistribution distribution;
    private final int n;
    private final int size;
    private final int[] padded;

    PaddedHistogram(GrundyDistribution distribution, int n, int size, int points) {
        this.distribution = distribution;
        this.n = n;
        this.size = size;
        this.padded = new int[points];
    }

    @Override
    public GrundyDistribution distribution() {
        return distribution;
    }

    @Override
    public int n() {
        return n;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int[] buffer() {
        return padded;
    }

    @Override
    public int[] histogram(ExecutionContext ctx, StageTimings timings) {
        long t0 = System.nanoTime();
        distribution.histogram(n, padded, ctx);
        // A previous run's transform overwrote the padding; the histogram leaves it alone.
        Arrays.fill(padded, size, padded.length, 0);
        timings.record("distribution", System.nanoTime() - t0);
        return padded;
    }
}
