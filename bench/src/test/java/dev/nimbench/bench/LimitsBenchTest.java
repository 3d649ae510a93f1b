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
}
