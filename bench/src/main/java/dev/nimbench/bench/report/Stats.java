package dev.nimbench.bench.report;

/** Small statistics helpers for the report: growth exponents, means, variances. */
public final class Stats {

    private Stats() {
    }

    /**
     * Least-squares slope of log(time) against log(size): the empirical growth exponent (1 for
     * linear cost, about 1.05-1.1 for n log n over the usual size ranges, 2 for quadratic).
     *
     * @return the slope, NaN with fewer than two distinct sizes
     */
    public static double growthExponent(double[] sizes, double[] times) {
        int n = sizes.length;
        if (n < 2) {
            return Double.NaN;
        }
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += Math.log(sizes[i]);
            my += Math.log(times[i]);
        }
        mx /= n;
        my /= n;
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            double dx = Math.log(sizes[i]) - mx;
            sxy += dx * (Math.log(times[i]) - my);
            sxx += dx * dx;
        }
        return sxx == 0 ? Double.NaN : sxy / sxx;
    }

    public static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    /** Sample variance (n - 1 denominator); NaN for fewer than two values. */
    public static double variance(double[] x) {
        if (x.length < 2) {
            return Double.NaN;
        }
        double m = mean(x);
        double s = 0;
        for (double v : x) {
            s += (v - m) * (v - m);
        }
        return s / (x.length - 1);
    }

    /** Geometric mean of positive values; NaN when empty. */
    public static double geometricMean(double[] x) {
        if (x.length == 0) {
            return Double.NaN;
        }
        double s = 0;
        for (double v : x) {
            s += Math.log(v);
        }
        return Math.exp(s / x.length);
    }
}
