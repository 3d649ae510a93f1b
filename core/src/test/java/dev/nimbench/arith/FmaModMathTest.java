package dev.nimbench.arith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The FMA product against BigInteger at the edges of its contract: M up to 2^31 - 1, operands at
 * 0, 1, M - 1 and their negatives (the signed lazy range), long chains fed back without
 * correction, and seeded random operands; checks both the residue and the bound
 * {@code |r| < M/2 + 2^10}.
 */
class FmaModMathTest {

    /** Tiny, even, the production moduli, 2^30 ± 1 and the top of the range. */
    static final int[] MODULI = {2, 3, 4, 1_000_000_006, 1_000_000_007, 987_654_321, (1 << 30) - 1, (1 << 30) + 1,
        Integer.MAX_VALUE - 1, Integer.MAX_VALUE - 18, Integer.MAX_VALUE};

    @Test
    void lazyProductIsExactAndInRangeAtTheEdgesOfTheSignedRange() {
        for (int m : MODULI) {
            double inv = FmaModMath.reciprocal(m);
            List<Long> ops = edges(m);
            for (long a : ops) {
                for (long b : ops) {
                    check(a, b, m, inv);
                }
            }
        }
    }

    @Test
    void lazyProductIsExactForSeededRandomOperands() {
        for (int m : MODULI) {
            double inv = FmaModMath.reciprocal(m);
            SplittableRandom rnd = new SplittableRandom(m);
            for (int i = 0; i < 200_000; i++) {
                long a = rnd.nextLong(-(m - 1L), m);
                long b = rnd.nextLong(-(m - 1L), m);
                check(a, b, m, inv);
            }
        }
    }

    /** Products fed back uncorrected stay exact (the lazy range is closed under the product). */
    @Test
    void chainsWithoutCorrectionStayExact() {
        for (int m : MODULI) {
            double dm = m;
            double inv = FmaModMath.reciprocal(m);
            BigInteger bm = BigInteger.valueOf(m);
            for (long start : edges(m)) {
                double r = start;
                BigInteger want = BigInteger.valueOf(start).mod(bm);
                BigInteger base = want;
                for (int k = 0; k < 200; k++) {
                    r = k % 3 == 2 ? FmaModMath.multiplyLazy(r, start, dm, inv) : FmaModMath.multiplyLazy(r, r, dm, inv);
                    want = k % 3 == 2 ? want.multiply(base).mod(bm) : want.multiply(want).mod(bm);
                    assertThat(Math.abs(r)).as("M=%d start=%d step %d", m, start, k).isLessThan(m / 2.0 + 1024);
                    assertThat((long) FmaModMath.normalize(r, dm)).as("M=%d start=%d step %d", m, start, k)
                            .isEqualTo(want.longValueExact());
                }
            }
        }
    }

    @Test
    void multiplyReturnsOrdinaryResidues() {
        assertThat(FmaModMath.multiply(Integer.MAX_VALUE - 1L, Integer.MAX_VALUE - 1L, Integer.MAX_VALUE)).isEqualTo(1);
        assertThat(FmaModMath.multiply(1_000_000_006L, 2, 1_000_000_007)).isEqualTo(1_000_000_005L);
        assertThat(FmaModMath.multiply(0, 5, 7)).isZero();
        assertThat(FmaModMath.multiply(3, 3, 2)).isEqualTo(1);
    }

    @Test
    void reciprocalRefusesModuliOutsideTheRange() {
        assertThatThrownBy(() -> FmaModMath.reciprocal(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got 1");
    }

    private static List<Long> edges(int m) {
        long[] picks = {0, 1, 2, m - 1L, m - 2L, m / 2, m / 2 + 1L, (long) Math.sqrt(m), 1L << 15, (1L << 30) % m};
        List<Long> out = new ArrayList<>();
        for (long p : picks) {
            if (p >= 0 && p < m) {
                out.add(p);
                out.add(-p);
            }
        }
        return out;
    }

    private static void check(long a, long b, int m, double inv) {
        double r = FmaModMath.multiplyLazy(a, b, m, inv);
        long want = BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).mod(BigInteger.valueOf(m)).longValueExact();
        assertThat(r).as("integer, a=%d b=%d M=%d", a, b, m).isEqualTo(Math.rint(r));
        assertThat(Math.abs(r)).as("bound, a=%d b=%d M=%d", a, b, m).isLessThan(m / 2.0 + 1024);
        assertThat(Math.floorMod((long) r, (long) m)).as("residue, a=%d b=%d M=%d", a, b, m).isEqualTo(want);
        assertThat((long) FmaModMath.normalize(r, m)).as("normalized, a=%d b=%d M=%d", a, b, m).isEqualTo(want);
    }
}
