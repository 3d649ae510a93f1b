package dev.nimbench.distribution.cardstacking.vector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.ModMath;
import dev.nimbench.distribution.cardstacking.TailSumChain;
import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The VL-steps-at-a-time chain against the scalar halving loop and against the definition
 * ({@code A_k = (A_{k-1} + 2 x + y) / 2} by BigInteger inverses) on random residues and the
 * extremes (all 0, all M - 1: the largest unreduced sums), every length from 0 to two chunks
 * (full groups and every tail), and moduli from 3 to 2^31 - 1.
 */
class VectorTailSumChainTest {

    @Test
    void equalsTheScalarLoopAndTheDefinition() {
        TailSumChain vector = new VectorTailSumChain();
        TailSumChain scalar = TailSumChain.scalar();
        SplittableRandom random = new SplittableRandom(798);
        for (long m : new long[] {1_000_000_007L, 2_147_483_647L, 3L, 5L, 998_244_353L, (1L << 30) + 3}) {
            long recip = ModMath.smallReciprocal(m);
            BigInteger bm = BigInteger.valueOf(m);
            BigInteger inverseTwo = BigInteger.TWO.modInverse(bm);
            for (int trial = 0; trial < 120; trial++) {
                int len = trial < 40 ? trial : random.nextInt(520);
                int kind = trial % 3; // random, all M - 1, all 0
                long[] xs = new long[len + 2];
                long[] ys = new long[len + 2];
                for (long[] v : new long[][] {xs, ys}) {
                    for (int i = 0; i < v.length; i++) {
                        v[i] = kind == 0 ? random.nextLong(m) : kind == 1 ? m - 1 : 0;
                    }
                }
                long a = kind == 1 ? m - 1 : random.nextLong(m);
                long pow1 = kind == 1 ? m - 1 : random.nextLong(m);
                long[] wantAs = new long[len];
                long[] wantPw = new long[len + 1];
                long[] gotAs = new long[len];
                long[] gotPw = new long[len + 1];
                long want = scalar.run(xs, ys, len, a, pow1, wantAs, wantPw, m, recip);
                long got = vector.run(xs, ys, len, a, pow1, gotAs, gotPw, m, recip);
                String what = String.format("M=%d len=%d kind=%d", m, len, kind);
                assertThat(got).as(what).isEqualTo(want);
                assertThat(gotAs).as(what).isEqualTo(wantAs);
                assertThat(gotPw).as(what).isEqualTo(wantPw);
                // the definition, by BigInteger
                BigInteger def = BigInteger.valueOf(a);
                BigInteger p = BigInteger.valueOf(pow1);
                for (int i = 0; i < len; i++) {
                    def = def.add(BigInteger.valueOf(2 * xs[i] + ys[i])).multiply(inverseTwo).mod(bm);
                    assertThat(gotAs[i]).as("%s i=%d", what, i).isEqualTo(def.longValueExact());
                    assertThat(gotPw[i]).as("%s pw i=%d", what, i).isEqualTo(p.longValueExact());
                    p = p.multiply(inverseTwo).mod(bm);
                }
                assertThat(gotPw[len]).as(what).isEqualTo(p.longValueExact());
            }
        }
    }
}
