package dev.nimbench.exact;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The BigInteger transform and power sum against their definitions. */
class ExactStagesTest {

    @Test
    void transformEqualsTheDefinitionAndInvertsItselfUpToP() {
        Random random = new Random(17);
        for (int levels = 0; levels <= 8; levels++) {
            int p = 1 << levels;
            BigInteger[] a = new BigInteger[p];
            for (int i = 0; i < p; i++) {
                a[i] = new BigInteger(70, random).subtract(BigInteger.ONE.shiftLeft(69));
            }
            BigInteger[] h = a.clone();
            ExactHadamardTransform.transform(h);
            for (int t = 0; t < p; t++) {
                BigInteger expected = BigInteger.ZERO;
                for (int i = 0; i < p; i++) {
                    expected = (Integer.bitCount(i & t) & 1) == 0 ? expected.add(a[i]) : expected.subtract(a[i]);
                }
                assertThat(h[t]).as("L=%d t=%d", levels, t).isEqualTo(expected);
            }
            ExactHadamardTransform.transform(h);
            for (int i = 0; i < p; i++) {
                assertThat(h[i]).isEqualTo(a[i].shiftLeft(levels));
            }
        }
    }

    @Test
    void powerSumWithZeroToTheZeroEqualToOne() {
        BigInteger[] x = {BigInteger.ZERO, BigInteger.valueOf(-3), BigInteger.TWO};
        assertThat(ExactPowerSum.sum(x, 0)).isEqualTo(BigInteger.valueOf(3));
        assertThat(ExactPowerSum.sum(x, 3)).isEqualTo(BigInteger.valueOf(-27 + 8));
    }
}
