package dev.nimbench.simd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.ModMath;
import dev.nimbench.transform.vector.VectorHadamardKernels;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The lane kernels that say they read biased entries ({@link LaneKernel#readsBiased}) give the
 * same sum for the fused pass 2's biased buffer ({@code x ^ 2^31}) as for plain residues, and
 * both equal the definition, for lazy and strict moduli, with and without a scalar tail.
 */
class LaneKernelBiasTest {

    private static long reference(int[] x, int from, int to, long s, int m) {
        long total = 0;
        for (int i = from; i < to; i++) {
            total = (total + ModMath.pow(x[i], s, m)) % m;
        }
        return total;
    }

    @Test
    void biasedEntriesCountAsTheirResidues() {
        Random random = new Random(798);
        int[] moduli = {1_000_000_007, 987_654_321 | 1, 3, (1 << 30) - 35, (1 << 30) + 3, Integer.MAX_VALUE};
        int[] lengths = {0, 1, 63, 64, 65, 1024, 1024 + 64 * 3 + 5, 5000};
        long[] exponents = {0, 1, 2, 10_000_000L, 1_000_000_000_000L};
        for (LaneKernel kernel : LaneKernel.values()) {
            for (int m : moduli) {
                for (int n : lengths) {
                    int[] plain = new int[n + 3];
                    for (int i = 0; i < plain.length; i++) {
                        plain[i] = i % 7 == 0 ? m - 1 : random.nextInt(m); // the top residue too
                    }
                    int[] biased = plain.clone();
                    for (int i = 0; i < biased.length; i++) {
                        biased[i] ^= VectorHadamardKernels.SIGN;
                    }
                    for (long s : exponents) {
                        long want = reference(plain, 3, n + 3, s, m);
                        assertThat(kernel.sum(plain, 3, n + 3, s, m))
                                .as("%s M=%d n=%d s=%d plain", kernel.id(), m, n, s).isEqualTo(want);
                        if (kernel.readsBiased()) {
                            assertThat(kernel.sum(biased, 3, n + 3, s, m))
                                    .as("%s M=%d n=%d s=%d biased", kernel.id(), m, n, s).isEqualTo(want);
                        }
                    }
                }
            }
        }
    }
}
