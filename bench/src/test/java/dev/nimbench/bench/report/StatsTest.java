package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatsTest {

    private static double[] sizes(int fromLog2, int toLog2) {
        double[] n = new double[toLog2 - fromLog2 + 1];
        for (int k = fromLog2; k <= toLog2; k++) {
            n[k - fromLog2] = Math.pow(2, k);
        }
        return n;
    }

    @Test
    void growthExponentOfPowerLawsIsTheirExponent() {
        double[] n = sizes(10, 24);
        double[] linear = new double[n.length];
        double[] quadratic = new double[n.length];
        for (int i = 0; i < n.length; i++) {
            linear[i] = 3e-9 * n[i];
            quadratic[i] = 1e-12 * n[i] * n[i];
        }
        assertThat(Stats.growthExponent(n, linear)).isCloseTo(1.0, within(1e-12));
        assertThat(Stats.growthExponent(n, quadratic)).isCloseTo(2.0, within(1e-12));
    }

    @Test
    void growthExponentOfNLogNIsSlightlyAboveOne() {
        double[] n = sizes(10, 24);
        double[] t = new double[n.length];
        for (int i = 0; i < n.length; i++) {
            t[i] = 2e-9 * n[i] * Math.log(n[i]);
        }
        // Exact least-squares slope of log(n log n) = log n + log log n over k = 10..24:
        // 1 + cov(log k, k) / var(k) * (1 / ln 2)... computed directly here as the reference.
        double mk = 0;
        double ml = 0;
        for (int k = 10; k <= 24; k++) {
            mk += k;
            ml += Math.log(k);
        }
        mk /= 15;
        ml /= 15;
        double sxy = 0;
        double sxx = 0;
        for (int k = 10; k <= 24; k++) {
            sxy += (k - mk) * (Math.log(k) - ml);
            sxx += (k - mk) * (k - mk);
        }
        double expected = 1 + sxy / sxx / Math.log(2);
        assertThat(Stats.growthExponent(n, t)).isCloseTo(expected, within(1e-12)).isBetween(1.05, 1.12);
    }

    @Test
    void growthExponentNeedsTwoSizes() {
        assertThat(Stats.growthExponent(new double[] {1024}, new double[] {1})).isNaN();
        assertThat(Stats.growthExponent(new double[] {1024, 1024}, new double[] {1, 2})).isNaN();
    }

    @Test
    void geometricMeanOfRatios() {
        assertThat(Stats.geometricMean(new double[] {2, 8})).isCloseTo(4, within(1e-12));
        assertThat(Stats.geometricMean(new double[0])).isNaN();
    }
}
