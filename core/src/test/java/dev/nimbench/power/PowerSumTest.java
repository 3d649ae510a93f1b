package dev.nimbench.power;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.testkit.ReferenceMultiplier;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every power-sum variant against BigInteger powers, on prefixes of seeded and boundary arrays. */
class PowerSumTest {

    /** Both production moduli, tiny, and the edges of the vector kernel's lazy range (M < 2^30) and strict range. */
    static final int[] MODULI = {1_000_000_007, 987_654_321, 3, (1 << 30) - 1, (1 << 30) + 1, Integer.MAX_VALUE};
    static final long[] EXPONENTS = {0, 1, 2, 3, 10_000_000L, 1_000_000_000_000L, Long.MAX_VALUE};
    static final List<String> KINDS = List.of("random", "zeros", "ones", "max", "edges");
    /** Base arrays are this long; every tested length is a prefix. */
    static final int BASE = 4200;

    private static int[][][] arrays;        // [modulus][kind] -> base array
    private static long[][][][] prefix;     // [modulus][kind][exponent] -> prefix sums mod M, length BASE + 1
    private static ExecutionContext[] contexts;

    /** Lengths: all of 0..100, vector steps (16, 32, 64 entries per iteration at 128..512 bits) and their neighbours, 2^k, odd. */
    static int[] lengths() {
        List<Integer> out = new ArrayList<>();
        for (int n = 0; n <= 100; n++) {
            out.add(n);
        }
        for (int n : new int[] {127, 128, 129, 191, 192, 193, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 2047, 4095, 4096, 4097, BASE}) {
            out.add(n);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    @BeforeAll
    static void references() {
        arrays = new int[MODULI.length][KINDS.size()][];
        prefix = new long[MODULI.length][KINDS.size()][EXPONENTS.length][];
        contexts = new ExecutionContext[MODULI.length];
        for (int mi = 0; mi < MODULI.length; mi++) {
            int m = MODULI[mi];
            contexts[mi] = ReferenceMultiplier.context(m, 3);
            BigInteger bm = BigInteger.valueOf(m);
            for (int k = 0; k < KINDS.size(); k++) {
                int[] a = base(m, KINDS.get(k));
                arrays[mi][k] = a;
                for (int e = 0; e < EXPONENTS.length; e++) {
                    BigInteger be = BigInteger.valueOf(EXPONENTS[e]);
                    long[] p = new long[BASE + 1];
                    for (int i = 0; i < BASE; i++) {
                        p[i + 1] = (p[i] + BigInteger.valueOf(a[i]).modPow(be, bm).longValueExact()) % m;
                    }
                    prefix[mi][k][e] = p;
                }
            }
        }
    }

    @AfterAll
    static void close() {
        for (ExecutionContext c : contexts) {
            c.close();
        }
    }

    static int[] base(int m, String kind) {
        int[] a = new int[BASE];
        switch (kind) {
            case "random":
                SplittableRandom rnd = new SplittableRandom(m);
                for (int i = 0; i < BASE; i++) {
                    a[i] = rnd.nextInt(m);
                }
                break;
            case "zeros":
                break;
            case "ones":
                Arrays.fill(a, 1);
                break;
            case "max":
                Arrays.fill(a, m - 1);
                break;
            case "edges":
                int[] edges = {0, 1, m - 1, m - 2 < 0 ? 0 : m - 2, m / 2, 2 % m};
                for (int i = 0; i < BASE; i++) {
                    a[i] = edges[(i * 7 + i / 5) % edges.length];
                }
                break;
            default:
                throw new IllegalArgumentException(kind);
        }
        return a;
    }

    @ParameterizedTest
    @EnumSource(PowerVariant.class)
    void equalsBigIntegerPowersForEveryLengthExponentModulusAndInputKind(PowerVariant variant) {
        PowerSum sum = variant.create();
        for (int mi = 0; mi < MODULI.length; mi++) {
            for (int k = 0; k < KINDS.size(); k++) {
                for (int n : lengths()) {
                    int[] x = Arrays.copyOf(arrays[mi][k], n);
                    int[] before = x.clone();
                    for (int e = 0; e < EXPONENTS.length; e++) {
                        long got = sum.sum(x, EXPONENTS[e], contexts[mi]);
                        long want = prefix[mi][k][e][n];
                        if (got != want) {
                            assertThat(got).as("%s M=%d %s n=%d s=%d", variant.id(), MODULI[mi], KINDS.get(k), n, EXPONENTS[e])
                                    .isEqualTo(want);
                        }
                    }
                    assertThat(x).as("input untouched").containsExactly(before);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(PowerVariant.class)
    void equalsTheScalarSumWithThePlainMultiplierOnLargeInputsAndThreadCounts(PowerVariant variant) {
        PowerSum sum = variant.create();
        int n = (1 << 16) + 37;
        for (int m : MODULI) {
            int[] x = new SplittableRandom(m + 1L).ints(n, 0, m).toArray();
            long want;
            try (ExecutionContext one = new ExecutionContext(MultiplierVariant.PLAIN.create(m), 1)) {
                want = new ScalarPowerSum().sum(x, 10_000_000L, one);
            }
            for (int threads = 1; threads <= 3; threads++) {
                try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(m), threads)) {
                    assertThat(sum.sum(x, 10_000_000L, ctx)).as("%s M=%d threads=%d", variant.id(), m, threads).isEqualTo(want);
                }
            }
        }
    }

    /** The scalar forms run with the configured multiplier; every pairing must give the same sums. */
    @ParameterizedTest
    @EnumSource(PowerVariant.class)
    void equalsBigIntegerPowersWithEveryMultiplierVariant(PowerVariant variant) {
        PowerSum sum = variant.create();
        for (MultiplierVariant mv : MultiplierVariant.values()) {
            for (int mi = 0; mi < MODULI.length; mi++) {
                ModularMultiplier mul = mv.create(MODULI[mi]); // every test modulus is odd
                try (ExecutionContext ctx = new ExecutionContext(mul, 2)) {
                    for (int k = 0; k < KINDS.size(); k++) {
                        for (int n : new int[] {0, 1, 63, 64, 65, 257, BASE}) {
                            int[] x = Arrays.copyOf(arrays[mi][k], n);
                            for (int e = 0; e < EXPONENTS.length; e++) {
                                assertThat(sum.sum(x, EXPONENTS[e], ctx))
                                        .as("%s with %s M=%d %s n=%d s=%d", variant.id(), mv.id(), MODULI[mi], KINDS.get(k), n, EXPONENTS[e])
                                        .isEqualTo(prefix[mi][k][e][n]);
                            }
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(PowerVariant.class)
    void evenModuliAreRefusedByMontgomeryAndHandledByTheOthers(PowerVariant variant) {
        PowerSum sum = variant.create();
        for (int m : new int[] {2, 1_000_000_006, 1 << 30}) {
            int[] x = new SplittableRandom(m).ints(300, 0, m).toArray();
            try (ExecutionContext ctx = ReferenceMultiplier.context(m, 2)) {
                if (variant.requiresOddModulus()) {
                    assertThatThrownBy(() -> sum.sum(x, 5, ctx))
                            .isInstanceOf(IllegalArgumentException.class)
                            .hasMessageContaining("M = " + m)
                            .hasMessageContaining("odd");
                } else {
                    long want = 0;
                    for (int v : x) {
                        want = (want + BigInteger.valueOf(v).modPow(BigInteger.valueOf(5), BigInteger.valueOf(m)).longValueExact()) % m;
                    }
                    assertThat(sum.sum(x, 5, ctx)).isEqualTo(want);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(PowerVariant.class)
    void negativeExponentIsRefused(PowerVariant variant) {
        assertThatThrownBy(() -> variant.create().sum(new int[] {1, 2}, -1, contexts[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got -1");
    }

    @Test
    void onlyTheMontgomeryLaneVariantsNeedAnOddModulus() {
        for (PowerVariant v : PowerVariant.values()) {
            assertThat(v.requiresOddModulus()).as(v.id()).isEqualTo(v.id().contains("montgomery"));
        }
        assertThat(PowerVariant.values()[0]).isEqualTo(PowerVariant.SCALAR);
    }
}
