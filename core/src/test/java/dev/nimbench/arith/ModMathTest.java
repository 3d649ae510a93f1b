package dev.nimbench.arith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ModMathTest {

    @Test
    void isPrimeAgreesWithASieveBelowTwoHundredThousand() {
        int limit = 200_000;
        boolean[] composite = new boolean[limit + 1];
        for (int i = 2; (long) i * i <= limit; i++) {
            for (int j = i * i; j <= limit; j += i) {
                composite[j] = true;
            }
        }
        for (int i = 0; i <= limit; i++) {
            assertThat(ModMath.isPrime(i)).as("isPrime(%d)", i).isEqualTo(i >= 2 && !composite[i]);
        }
    }

    @Test
    void isPrimeOnLargeValuesAgreesWithBigInteger() {
        long[] known = {1_000_000_007, 998_244_353, 2_147_483_647, 987_654_321, 3_215_031_751L,
            2_152_302_898_747L, 4_759_123_141L, (1L << 61) - 1, 1_000_000_000_000_000_003L};
        for (long n : known) {
            assertThat(ModMath.isPrime(n)).as("isPrime(%d)", n).isEqualTo(BigInteger.valueOf(n).isProbablePrime(60));
        }
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 2000; i++) {
            long n = random.nextLong(Integer.MAX_VALUE, Long.MAX_VALUE / 4);
            assertThat(ModMath.isPrime(n)).as("isPrime(%d)", n).isEqualTo(BigInteger.valueOf(n).isProbablePrime(60));
        }
        for (int i = 0; i < 20_000; i++) {
            long n = random.nextLong(2, Integer.MAX_VALUE);
            assertThat(ModMath.isPrime(n)).as("isPrime(%d)", n).isEqualTo(BigInteger.valueOf(n).isProbablePrime(60));
        }
    }

    @Test
    void powAndInverseAgreeWithBigInteger() {
        SplittableRandom random = new SplittableRandom(7);
        for (long m : new long[] {2, 3, 10, 1_000_000_007, 987_654_321, Integer.MAX_VALUE}) {
            BigInteger bigM = BigInteger.valueOf(m);
            assertThat(ModMath.pow(0, 0, m)).isEqualTo(1 % m);
            for (int i = 0; i < 200; i++) {
                long a = random.nextLong(-m * 3, m * 3);
                long e = random.nextLong(1L << 45);
                assertThat(ModMath.pow(a, e, m))
                        .isEqualTo(BigInteger.valueOf(a).modPow(BigInteger.valueOf(e), bigM).longValueExact());
                if (BigInteger.valueOf(a).gcd(bigM).equals(BigInteger.ONE)) {
                    assertThat(ModMath.inverse(a, m)).isEqualTo(BigInteger.valueOf(a).modInverse(bigM).longValueExact());
                }
            }
        }
        assertThatThrownBy(() -> ModMath.inverse(6, 9)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("6").hasMessageContaining("9");
    }

    @Test
    void halfAddSubStayInRange() {
        for (long m : new long[] {3, 5, 1_000_000_007, Integer.MAX_VALUE}) {
            for (long a : new long[] {0, 1, 2, m - 2, m - 1, m / 2}) {
                long h = ModMath.half(a, m);
                assertThat(h).isBetween(0L, m - 1);
                assertThat(2 * h % m).isEqualTo(a);
                for (long b : new long[] {0, 1, m - 1, m / 3}) {
                    assertThat(ModMath.add(a, b, m)).isEqualTo((a + b) % m);
                    assertThat(ModMath.sub(a, b, m)).isEqualTo(Math.floorMod(a - b, m));
                }
            }
        }
    }

    @Test
    void reduceSmallEqualsRemainderBelowSixteenM() {
        SplittableRandom random = new SplittableRandom(16);
        for (long m : new long[] {2, 3, 7, 1_000_000_007, 987_654_321, Integer.MAX_VALUE - 1, Integer.MAX_VALUE}) {
            long recip = ModMath.smallReciprocal(m);
            long limit = ModMath.SMALL_MULTIPLE_LIMIT * m;
            for (long v : new long[] {0, 1, m - 1, m, m + 1, 2 * m - 1, 2 * m, 10 * m - 1, limit - 2, limit - 1}) {
                assertThat(ModMath.reduceSmall(v, m, recip)).as("%d mod %d", v, m).isEqualTo(v % m);
            }
            for (int i = 0; i < 20_000; i++) {
                long v = random.nextLong(limit);
                assertThat(ModMath.reduceSmall(v, m, recip)).as("%d mod %d", v, m).isEqualTo(v % m);
            }
            for (long q = 0; q < ModMath.SMALL_MULTIPLE_LIMIT; q++) { // both sides of every multiple
                assertThat(ModMath.reduceSmall(q * m, m, recip)).isZero();
                if (q > 0) {
                    assertThat(ModMath.reduceSmall(q * m - 1, m, recip)).isEqualTo(m - 1);
                }
            }
        }
    }

    @Test
    void requireModulusNamesValueAndRange() {
        assertThat(ModMath.requireModulus(2)).isEqualTo(2);
        assertThat(ModMath.requireModulus(Integer.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE);
        assertThatThrownBy(() -> ModMath.requireModulus(1L << 31)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("modulus must be in [2, 2^31): got 2147483648");
        assertThatThrownBy(() -> ModMath.requireModulus(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("modulus must be in [2, 2^31): got 1");
    }
}
