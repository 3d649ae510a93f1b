package dev.nimbench.combine;

import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.StageTimings;

/**
 * Where a combiner gets the histogram from: either whole ({@link #histogram}, the distribution
 * stage run into the padded buffer), or, for a combiner that fuses the distribution into its
 * transform, the distribution and the buffer themselves so that it can fill the buffer block by
 * block (see {@link dev.nimbench.distribution.RangeHistogram}).
 */
public interface HistogramSource {

    /** The configured distribution stage. */
    GrundyDistribution distribution();

    /** The component size n the distribution runs for. */
    int n();

    /** {@code distribution().size(n())}: histogram entries at and above it are zero. */
    int size();

    /**
     * The padded buffer, {@code P = 2^L >= size()} entries; its contents are whatever the last
     * run left there. A combiner may overwrite all of it.
     */
    int[] buffer();

    /**
     * Runs the distribution stage into {@link #buffer()}, zero-pads it to P, records the time as
     * "distribution" and returns the buffer: entries in {@code [0, M)}.
     */
    int[] histogram(ExecutionContext ctx, StageTimings timings);
}
