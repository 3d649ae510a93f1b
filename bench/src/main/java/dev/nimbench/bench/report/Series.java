package dev.nimbench.bench.report;

import java.util.List;

/**
 * One line of a chart: a variant's measurements over sizes.
 *
 * @param label legend name: the variant id (pipeline: config label), with the method or extra
 *     parameters when they are needed to tell lines apart
 * @param variant the {@code variant} parameter, null when the benchmark has none
 * @param candidate whether it competes for "winner" and the recommended configuration (false for
 *     copy-only reference methods and benchmarks without a variant)
 * @param points measurements sorted by size, at most one per size
 */
public record Series(String label, String variant, boolean candidate, List<Measurement> points) {

    /** The point at {@code size}, or null. */
    public Measurement at(long size) {
        for (Measurement m : points) {
            if (m.size() == size) {
                return m;
            }
        }
        return null;
    }

    /** Least-squares log-log slope over the points with a size; NaN with fewer than two. */
    public double growthExponent() {
        List<Measurement> sized = points.stream().filter(m -> m.size() > 0).toList();
        double[] x = new double[sized.size()];
        double[] y = new double[sized.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = sized.get(i).size();
            y[i] = sized.get(i).score();
        }
        return Stats.growthExponent(x, y);
    }
}
