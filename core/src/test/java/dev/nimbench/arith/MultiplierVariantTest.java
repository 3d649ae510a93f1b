package dev.nimbench.arith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every multiplier against BigInteger, on boundary and seeded random operands. */
class MultiplierVariantTest {

    /** Odd moduli: small primes, 3, composites, 1e9+7, 987654321, the largest int. */
    static final int[] ODD_MODULI = {3, 5, 7, 13, 17, 97, 65_537, 1_000_000_007, 987_654_321,
        998_244_353, (1 << 30) - 35, (1 << 30) + 3, 2_147_483_647, 2_147_483_645};

    /** Even moduli: every technique but Montgomery handles them. */
    static final int[] EVEN_MODULI = {2, 4, 6, 1 << 16, 1_000_000_006, 1 << 30, 2_147_483_646};

    static Stream<Arguments> variantAndModulus() {
        List<Arguments> list = new ArrayList<>();
        for (MultiplierVariant v : MultiplierVariant.values()) {
            for (int m : ODD_MODULI) {
                list.add(Arguments.of(v, m));
            }
            if (v != MultiplierVariant.MONTGOMERY) {
                for (int m : EVEN_MODULI) {
                    list.add(Arguments.of(v, m));
                }
            }
        }
        return list.stream();
    }

    static long[] operands(int m, SplittableRandom random) {
        long[] ops = new long[40];
        long[] boundary = {0, 1, 2, m - 1L, m - 2L, m / 2, (m + 1L) / 2};
        int k = 0;
        for (long b : boundary) {
            ops[k++] = Math.floorMod(b, (long) m);
        }
        while (k < ops.length) {
            ops[k++] = random.nextLong(m);
        }
        return ops;
    }

    @ParameterizedTest(name = "{0} mod {1}")
    @MethodSource("variantAndModulus")
    void multiplyEqualsBigInteger(MultiplierVariant variant, int m) {
        ModularMultiplier mul = variant.create(m);
        assertThat(mul.modulus()).isEqualTo(m);
        BigInteger bigM = BigInteger.valueOf(m);
        long[] ops = operands(m, new SplittableRandom(m * 31L + variant.ordinal()));
        for (long a : ops) {
            for (long b : ops) {
                long expected = BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).mod(bigM).longValueExact();
                assertThat(mul.multiply(a, b)).as("%d * %d mod %d", a, b, m).isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest(name = "{0} mod {1}")
    @MethodSource("variantAndModulus")
    void powEqualsBigInteger(MultiplierVariant variant, int m) {
        ModularMultiplier mul = variant.create(m);
        BigInteger bigM = BigInteger.valueOf(m);
        SplittableRandom random = new SplittableRandom(m * 17L + variant.ordinal());
        long[] exponents = {0, 1, 2, 3, 63, 64, 1_000_000_000_000L, 999_999_999_999L, Long.MAX_VALUE,
            m - 1L, m - 2L, random.nextLong(1L << 50), random.nextLong(1L << 40)};
        for (long base : operands(m, random)) {
            for (long e : exponents) {
                long expected = BigInteger.valueOf(base).modPow(BigInteger.valueOf(e), bigM).longValueExact();
                assertThat(mul.pow(base, e)).as("%d^%d mod %d", base, e, m).isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest(name = "{0} mod {1}")
    @MethodSource("variantAndModulus")
    void scaledProductsOfLiftedOperandsAreOrdinaryProducts(MultiplierVariant variant, int m) {
        ModularMultiplier mul = variant.create(m);
        BigInteger bigM = BigInteger.valueOf(m);
        long[] ops = operands(m, new SplittableRandom(m * 13L + variant.ordinal()));
        long k = mul.lift(1 % m); // the scale K mod M
        for (long a : ops) {
            long lifted = mul.lift(a);
            assertThat(lifted).isBetween(0L, m - 1L);
            assertThat(mul.unlift(lifted)).isEqualTo(a);
            assertThat(lifted).isEqualTo(BigInteger.valueOf(a).multiply(BigInteger.valueOf(k)).mod(bigM).longValueExact());
            for (long b : ops) {
                long expected = BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).mod(bigM).longValueExact();
                assertThat(mul.multiplyScaled(lifted, b)).as("scaled(lift(%d), %d) mod %d", a, b, m).isEqualTo(expected);
                assertThat(mul.lift(ModMath.add(a, b, m))).isEqualTo(ModMath.add(lifted, mul.lift(b), m));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(MultiplierVariant.class)
    void zeroToTheZeroIsOne(MultiplierVariant variant) {
        assertThat(variant.create(1_000_000_007).pow(0, 0)).isEqualTo(1);
        assertThat(variant.create(3).pow(0, 0)).isEqualTo(1);
        assertThat(variant.create(3).pow(0, 5)).isEqualTo(0);
    }

    @ParameterizedTest
    @EnumSource(MultiplierVariant.class)
    void rejectsModuliBelowTwo(MultiplierVariant variant) {
        for (int m : new int[] {1, 0, -1, Integer.MIN_VALUE}) {
            assertThatThrownBy(() -> variant.create(m))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(String.valueOf(m))
                    .hasMessageContaining("[2, 2^31)")
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void montgomeryRejectsEvenModuli() {
        for (int m : EVEN_MODULI) {
            assertThatThrownBy(() -> MultiplierVariant.MONTGOMERY.create(m))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("montgomery needs an odd modulus")
                    .hasMessageContaining("M=" + m);
        }
    }

    @Test
    void registryOrderAndIds() {
        assertThat(MultiplierVariant.values()).extracting(MultiplierVariant::id)
                .containsExactly("plain", "barrett", "montgomery");
        assertThat(MultiplierVariant.PLAIN.create(7)).isInstanceOf(PlainMultiplier.class);
        assertThat(MultiplierVariant.BARRETT.create(7)).isInstanceOf(BarrettMultiplier.class);
        assertThat(MultiplierVariant.MONTGOMERY.create(7)).isInstanceOf(MontgomeryMultiplier.class);
    }

    @Test
    void montgomeryConstantsMatchTheirDefinitions() {
        BigInteger r = BigInteger.ONE.shiftLeft(32);
        for (int m : ODD_MODULI) {
            BigInteger bigM = BigInteger.valueOf(m);
            long mPrime = MontgomeryMultiplier.negInverse(m);
            // M * M' == -1 (mod 2^32)
            assertThat(bigM.multiply(BigInteger.valueOf(mPrime)).add(BigInteger.ONE).mod(r)).isEqualTo(BigInteger.ZERO);
            assertThat(mPrime).isBetween(0L, (1L << 32) - 1);
            assertThat(MontgomeryMultiplier.rModM(m)).isEqualTo(r.mod(bigM).longValueExact());
            assertThat(MontgomeryMultiplier.r2ModM(m)).isEqualTo(r.multiply(r).mod(bigM).longValueExact());
            BigInteger rInv = r.modInverse(bigM);
            SplittableRandom random = new SplittableRandom(m);
            long[] ts = {0, 1, m - 1L, (long) m * m - 1, (long) m * (1L << 32) - 1,
                random.nextLong((long) m * (1L << 32)), random.nextLong((long) m * (1L << 32))};
            for (long t : ts) {
                long expected = BigInteger.valueOf(t).multiply(rInv).mod(bigM).longValueExact();
                assertThat(MontgomeryMultiplier.reduce(t, m, mPrime)).as("REDC(%d) mod %d", t, m).isEqualTo(expected);
                long lazy = MontgomeryMultiplier.reduceLazy(t, m, mPrime);
                assertThat(lazy).isBetween(0L, 2L * m - 1);
                assertThat(lazy % m).isEqualTo(expected);
            }
            long x = random.nextLong(m);
            long xm = MontgomeryMultiplier.toMontgomery(x, m, mPrime, MontgomeryMultiplier.r2ModM(m));
            assertThat(xm).isEqualTo(BigInteger.valueOf(x).multiply(r).mod(bigM).longValueExact());
            assertThat(MontgomeryMultiplier.fromMontgomery(xm, m, mPrime)).isEqualTo(x);
        }
    }

    @Test
    void barrettReducesEveryValueBelowTwoToThe62() {
        for (int m : new int[] {2, 3, 1_000_000_007, 2_147_483_647, 2_147_483_646}) {
            BarrettMultiplier barrett = (BarrettMultiplier) MultiplierVariant.BARRETT.create(m);
            assertThat(barrett.mu()).isEqualTo(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE).divide(BigInteger.valueOf(m)).longValueExact());
            SplittableRandom random = new SplittableRandom(m);
            long[] xs = new long[2000];
            long[] fixed = {0, 1, m - 1L, m, m + 1L, 2L * m - 1, (1L << 62) - 1, (long) (m - 1) * (m - 1)};
            System.arraycopy(fixed, 0, xs, 0, fixed.length);
            for (int i = fixed.length; i < xs.length; i++) {
                xs[i] = i % 2 == 0 ? random.nextLong(1L << 62) : random.nextLong((long) m * m);
            }
            for (long x : xs) {
                assertThat(barrett.reduce(x)).as("%d mod %d", x, m).isEqualTo(x % m);
            }
        }
    }

    /** The registry's answer equals create's: accepts(m) exactly when create(m) does not throw. */
    @ParameterizedTest
    @EnumSource(MultiplierVariant.class)
    void acceptsIsWhatCreateAccepts(MultiplierVariant variant) {
        List<Integer> moduli = new ArrayList<>(List.of(Integer.MIN_VALUE, -7, -1, 0, 1, Integer.MAX_VALUE));
        for (int m : ODD_MODULI) {
            moduli.add(m);
        }
        for (int m : EVEN_MODULI) {
            moduli.add(m);
        }
        for (int m : moduli) {
            boolean created;
            try {
                variant.create(m);
                created = true;
            } catch (IllegalArgumentException e) {
                created = false;
            }
            assertThat(variant.accepts(m)).as(variant.id() + " M=" + m).isEqualTo(created);
        }
        assertThat(variant.requiresOddModulus()).isEqualTo(!variant.accepts(4));
    }
}
