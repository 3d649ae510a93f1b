package dev.nimbench.distribution.cardstacking.vector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.ModMath;
import dev.nimbench.distribution.cardstacking.TailSumOutputs;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Both vector output assemblies (the reciprocal reduction, {@link VectorTailSumOutputs}, and the
 * conditional subtractions, {@link SubtractiveTailSumOutputs}) against the scalar loop on random residues, including the extremes
 * (0 and M - 1 everywhere: the largest lazy sums), every start and end alignment, and moduli
 * near 2^31; and that nothing outside {@code [base + 2 i0, base + 2 i1)} is written.
 */
class VectorTailSumOutputsTest {

    @Test
    void reciprocalReductionEqualsTheScalarLoop() {
        assertEqualsScalar(new VectorTailSumOutputs());
    }

    @Test
    void conditionalSubtractionsEqualTheScalarLoop() {
        assertEqualsScalar(new SubtractiveTailSumOutputs());
    }

    private static void assertEqualsScalar(TailSumOutputs vector) {
        TailSumOutputs scalar = TailSumOutputs.scalar();
        SplittableRandom random = new SplittableRandom(798);
        for (long m : new long[] {1_000_000_007L, 2_147_483_647L, 3L, 998_244_353L}) {
            long recip = ModMath.smallReciprocal(m);
            for (int trial = 0; trial < 200; trial++) {
                int len = 1 + random.nextInt(300);
                long[] xs = new long[len + 2];
                long[] ys = new long[len + 2];
                long[] as = new long[len];
                long[] pw = new long[len + 1];
                int kind = trial % 3; // random, all M - 1, all 0
                for (long[] a : new long[][] {xs, ys, as, pw}) {
                    for (int i = 0; i < a.length; i++) {
                        a[i] = kind == 0 ? random.nextLong(m) : kind == 1 ? m - 1 : 0;
                    }
                }
                int i0 = random.nextInt(len);
                int i1 = i0 + random.nextInt(len - i0 + 1);
                int base = random.nextInt(5);
                int[] want = new int[base + 2 * len + 3];
                int[] got = new int[want.length];
                Arrays.fill(want, -1);
                Arrays.fill(got, -1);
                scalar.write(xs, ys, as, pw, i0, i1, want, base, m, recip);
                vector.write(xs, ys, as, pw, i0, i1, got, base, m, recip);
                assertThat(got).as("M=%d len=%d i0=%d i1=%d base=%d", m, len, i0, i1, base).isEqualTo(want);
                for (int j = 0; j < want.length; j++) {
                    boolean inside = j >= base + 2 * i0 && j < base + 2 * i1;
                    assertThat(want[j] == -1).as("index %d", j).isEqualTo(!inside);
                }
            }
        }
    }
}
