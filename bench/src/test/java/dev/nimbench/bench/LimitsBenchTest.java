package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.nimbench.power.PowerVariant;
import java.math.BigInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The product-peak benchmark returns Σ x^(2^62-1) mod M exactly, for every power variant it may run. */
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
                    BigInteger e = BigInteger.valueOf(LimitsBench.PEAK_EXPONENT);
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
            BigInteger e = BigInteger.valueOf(LimitsBench.PEAK_EXPONENT);
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
    void aSizeThatIsNoMultipleOfTheBlockIsRefused() {
        LimitsBench b = new LimitsBench();
        b.variant = "scalar";
        b.size = LimitsBench.PEAK_SIZE + 1;
        org.assertj.core.api.Assertions.assertThatThrownBy(b::setUp).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("limits size must be in [1, 16384] or a multiple of 16384, got 16385");
    }
}
