package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.nimbench.power.PowerVariant;
import java.math.BigInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The product-peak benchmark returns Σ x^s mod M exactly (s = the power sum's 10^7), for every power variant it may run. */
class LimitsBenchTest {

    @TestFactory
    Stream<DynamicTest> productPeakEveryVariant() {
        return Stream.of(PowerVariant.values()).flatMap(v -> Stream.of(1, 64, 1000).map(p ->
                dynamicTest(v.id() + " P=" + p, () -> {
                    assertThat(v.isAvailable()).as(v.id()).isTrue();
                    LimitsBench b = new LimitsBench();
                    b.variant = v.id();
                    b.size = p;
                    b.setUp();
                    BigInteger m = BigInteger.valueOf(BenchSupport.MODULUS);
                    BigInteger e = BigInteger.valueOf(b.exponent);
                    BigInteger expected = BigInteger.ZERO;
                    for (int x : BenchSupport.residues(p, BenchSupport.MODULUS, BenchSupport.SEED)) {
                        expected = expected.add(BigInteger.valueOf(x).modPow(e, m));
                    }
                    assertThat(b.productPeak()).isEqualTo(expected.mod(m).longValueExact());
                    b.tearDown();
                })));
    }

    /** Above the peak size the block repeats (the power stage's sizes): the same sums as computed directly. */
    @TestFactory
    Stream<DynamicTest> aLargerSizeRepeatsTheBlock() {
        return Stream.of(PowerVariant.values()).map(v -> dynamicTest(v.id() + " P=2x" + LimitsBench.PEAK_SIZE, () -> {
            LimitsBench b = new LimitsBench();
            b.variant = v.id();
            b.size = 2 * LimitsBench.PEAK_SIZE;
            b.threads = 2;
            b.setUp();
            BigInteger m = BigInteger.valueOf(BenchSupport.MODULUS);
            BigInteger e = BigInteger.valueOf(b.exponent);
            BigInteger expected = BigInteger.ZERO;
            int[] block = BenchSupport.residues(LimitsBench.PEAK_SIZE, BenchSupport.MODULUS, BenchSupport.SEED);
            for (int copy = 0; copy < 2; copy++) {
                for (int x : block) {
                    expected = expected.add(BigInteger.valueOf(x).modPow(e, m));
                }
            }
            assertThat(b.productPeak()).isEqualTo(expected.mod(m).longValueExact());
            b.tearDown();
        }));
    }

    @org.junit.jupiter.api.Test
    void theCeilingRunsThePowerSumsExponent() throws Exception {
        // the @Param default (what jmh:run measures) and the field's default (a direct call) are the power sum's s
        String annotated = LimitsBench.class.getField("exponent").getAnnotation(org.openjdk.jmh.annotations.Param.class).value()[0];
        assertThat(Long.parseLong(annotated)).isEqualTo(PowerSumBench.EXPONENT).isEqualTo(new LimitsBench().exponent);
        assertThat(LimitsBench.modularProducts(1, PowerSumBench.EXPONENT)).isEqualTo(30);
        assertThat(LimitsBench.modularProducts(1, LimitsBench.LEGACY_EXPONENT)).isEqualTo(61 + 62 - 1);
    }

    @org.junit.jupiter.api.Test
    void aSizeThatIsNoMultipleOfTheBlockIsRefused() {
        LimitsBench b = new LimitsBench();
        b.variant = "scalar";
        b.size = LimitsBench.PEAK_SIZE + 1;
        org.assertj.core.api.Assertions.assertThatThrownBy(b::setUp).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("limits size must be in [1, 16384] or a multiple of 16384, got 16385");
    }
}
