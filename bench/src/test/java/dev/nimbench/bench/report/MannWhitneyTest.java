package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MannWhitneyTest {

    /** Two-sided p by enumerating every split of the pooled values (the definition). */
    private static double bruteForceP(double[] x, double[] y) {
        double[] all = new double[x.length + y.length];
        System.arraycopy(x, 0, all, 0, x.length);
        System.arraycopy(y, 0, all, x.length, y.length);
        double mean = x.length * (double) y.length / 2;
        double observed = Math.abs(u(x, y) - mean);
        int n = all.length;
        long total = 0;
        long asExtreme = 0;
        for (int mask = 0; mask < (1 << n); mask++) {
            if (Integer.bitCount(mask) != x.length) {
                continue;
            }
            double[] a = new double[x.length];
            double[] b = new double[y.length];
            int ia = 0;
            int ib = 0;
            for (int i = 0; i < n; i++) {
                if ((mask & (1 << i)) != 0) {
                    a[ia++] = all[i];
                } else {
                    b[ib++] = all[i];
                }
            }
            total++;
            if (Math.abs(u(a, b) - mean) >= observed - 1e-9) {
                asExtreme++;
            }
        }
        return asExtreme / (double) total;
    }

    private static double u(double[] x, double[] y) {
        double u = 0;
        for (double a : x) {
            for (double b : y) {
                u += a > b ? 1 : a == b ? 0.5 : 0;
            }
        }
        return u;
    }

    @Test
    void matchesRsWilcoxTestExample() {
        // R: wilcox.test(x, y) from ?wilcox.test: W = 35, p-value = 0.2544 (exact)
        double[] x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
        double[] y = {1.15, 0.88, 0.90, 0.74, 1.21};
        MannWhitney.Result r = MannWhitney.test(x, y);
        assertThat(r.u()).isEqualTo(35.0);
        assertThat(r.exact()).isTrue();
        assertThat(r.p()).isCloseTo(0.2544122544, within(1e-9));
        assertThat(r.significant(0.05)).isFalse();
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 3", "3, 3", "4, 5", "5, 5", "3, 8", "6, 6"})
    void exactPEqualsEnumerationOfAllSplits(int n1, int n2) {
        Random rnd = new Random(31L * n1 + n2);
        for (int trial = 0; trial < 20; trial++) {
            double[] x = new double[n1];
            double[] y = new double[n2];
            for (int i = 0; i < n1; i++) {
                x[i] = rnd.nextGaussian() + (trial % 3) * 0.7; // shifted in some trials
            }
            for (int i = 0; i < n2; i++) {
                y[i] = rnd.nextGaussian();
            }
            MannWhitney.Result r = MannWhitney.test(x, y);
            assertThat(r.exact()).isTrue();
            assertThat(r.u()).isEqualTo(u(x, y));
            assertThat(r.p()).as("n1=%d n2=%d trial %d", n1, n2, trial).isCloseTo(bruteForceP(x, y), within(1e-12));
        }
    }

    @ParameterizedTest
    @CsvSource({"3, 3", "4, 5", "5, 5", "2, 8", "6, 6"})
    void exactPWithTiesEqualsEnumerationOfAllSplits(int n1, int n2) {
        Random rnd = new Random(97L * n1 + n2);
        for (int trial = 0; trial < 20; trial++) {
            double[] x = new double[n1];
            double[] y = new double[n2];
            for (int i = 0; i < n1; i++) {
                x[i] = Math.round(rnd.nextGaussian() * 1.5) + (trial % 3); // rounded: ties within and across
            }
            for (int i = 0; i < n2; i++) {
                y[i] = Math.round(rnd.nextGaussian() * 1.5);
            }
            MannWhitney.Result r = MannWhitney.test(x, y);
            assertThat(r.exact()).isTrue();
            assertThat(r.p()).as("n1=%d n2=%d trial %d", n1, n2, trial).isCloseTo(bruteForceP(x, y), within(1e-12));
        }
    }

    @Test
    void ratioIntervalInvertsTheTest() {
        double[] base = {100, 101, 102, 103, 104};
        double[] cand = {110, 111, 112, 113, 114}; // fully separated: p = 2/252 < 0.05
        double[] r = MannWhitney.ratioInterval(base, cand, 0.95);
        assertThat(r[0]).isCloseTo(110.0 / 100 * 1.0, within(0.02));
        assertThat(r[1]).isGreaterThan(1.0);
        assertThat(r[2]).isGreaterThan(r[0]);
        double[] overlap = MannWhitney.ratioInterval(base, new double[] {101, 102, 103, 104, 105}, 0.95);
        assertThat(overlap[1]).isLessThan(1.0); // not significant: the interval holds 1
        assertThat(overlap[2]).isGreaterThan(1.0);
        assertThat(MannWhitney.ratioInterval(new double[] {1, 2, 3}, new double[] {4, 5, 6}, 0.95)[1]).isNaN();
    }

    @Test
    void threeAgainstThreeCanNeverBeSignificant() {
        MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3}, new double[] {10, 11, 12});
        assertThat(r.p()).isCloseTo(0.1, within(1e-12));
        assertThat(MannWhitney.minimumP(3, 3)).isCloseTo(0.1, within(1e-12));
        assertThat(MannWhitney.minimumP(5, 5)).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(MannWhitney.minimumP(1, 5)).isCloseTo(1.0 / 3, within(1e-12));
        MannWhitney.Result five = MannWhitney.test(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
        assertThat(five.p()).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(five.significant(0.05)).isTrue();
    }

    @Test
    void largeSamplesWithTiesAgreeWithCommonsMathNormalApproximation() {
        Random rnd = new Random(7);
        double[] x = new double[80];
        double[] y = new double[70];
        for (int i = 0; i < x.length; i++) {
            x[i] = Math.round(rnd.nextGaussian() * 4) + 1; // rounded: many ties
        }
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.round(rnd.nextGaussian() * 4);
        }
        MannWhitney.Result r = MannWhitney.test(x, y);
        MannWhitneyUTest cm = new MannWhitneyUTest();
        assertThat(r.exact()).isFalse();
        // commons-math returns max(U1, U2); its p has neither tie nor continuity correction.
        assertThat(Math.max(r.u(), x.length * y.length - r.u())).isEqualTo(cm.mannWhitneyU(x, y));
        assertThat(r.p()).isCloseTo(cm.mannWhitneyUTest(x, y), within(0.01));
        assertThat(r.p()).isBetween(0.0, 1.0);
    }

    @Test
    void identicalSamplesAreNotSignificant() {
        double[] x = {5, 5, 5, 5, 5, 5};
        MannWhitney.Result r = MannWhitney.test(x, x.clone());
        assertThat(r.p()).isEqualTo(1.0);
        assertThat(MannWhitney.test(new double[0], x).p()).isNaN();
    }
}
