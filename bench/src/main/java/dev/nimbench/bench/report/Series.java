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

    /** Sizes whose time is below this (seconds) are dominated by call overhead and left out of the fit. */
    public static final double GROWTH_TIME_FLOOR = 100e-6;

    /** The fit uses at most this many of the largest sizes (the regime the production size is in). */
    public static final int GROWTH_TOP_SIZES = 4;

    /**
     * A growth exponent and the number of sizes it was fitted on.
     *
     * @param exponent least-squares log-log slope, NaN with fewer than two points
     * @param points sizes used
     */
    public record Growth(double exponent, int points) {

        /** A fit from fewer than 3 points: two points always lie on a line. */
        public boolean weak() {
            return points < 3;
        }

        /** e.g. {@code 0.98 (4 sizes)}, {@code 1.10 (2 sizes, weak)}, {@code —}. */
        public String describe() {
            if (Double.isNaN(exponent)) {
                return "—";
            }
            return Format.fixed(exponent, 2) + " (" + points + " sizes" + (weak() ? ", weak" : "") + ")";
        }
    }

    /**
     * Least-squares log-log slope over the largest {@value #GROWTH_TOP_SIZES} sizes whose time is at
     * least {@link #GROWTH_TIME_FLOOR}: tiny sizes, where call overhead dominates, would pull an O(n)
     * kernel's slope well below 1. With fewer than two sizes above the floor, the largest two
     * (a weak fit).
     */
    public Growth growth() {
        List<Measurement> all = points.stream().filter(m -> m.size() > 0).toList();
        List<Measurement> sized = all.stream().filter(m -> m.score() >= GROWTH_TIME_FLOOR).toList();
        if (sized.size() < 2) {
            sized = all.subList(Math.max(0, all.size() - 2), all.size()); // too few above the floor: the top two, weak
        }
        if (sized.size() > GROWTH_TOP_SIZES) {
            sized = sized.subList(sized.size() - GROWTH_TOP_SIZES, sized.size());
        }
        double[] x = new double[sized.size()];
        double[] y = new double[sized.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = sized.get(i).size();
            y[i] = sized.get(i).score();
        }
        return new Growth(Stats.growthExponent(x, y), sized.size());
    }

    /** {@link #growth()}'s exponent. */
    public double growthExponent() {
        return growth().exponent();
    }
}
