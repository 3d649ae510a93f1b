package dev.nimbench.simd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.BinomialTable;
import dev.nimbench.arith.DiagonalBinomials;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.arith.ModularMultiplier;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The vector diagonal binomials equal the scalar Montgomery ones and BigInteger binomials, for
 * moduli below and above 2^30, every alignment of the vector groups, and diagonals that run past
 * {@code b + i > top - i} (zeros) and up to the table's last entry.
 */
class VectorMontgomeryDiagonalBinomialsTest {

    @Test
    void equalsTheScalarProductsAndTheDefinition() {
        Random random = new Random(42);
        DiagonalBinomials vector = new VectorMontgomeryDiagonalBinomials();
        for (int m : new int[] {1_000_000_007, 2_147_483_647, 998_244_353, 1_000_003}) {
            ModularMultiplier mul = MultiplierVariant.MONTGOMERY.create(m);
            DiagonalBinomials scalar = DiagonalBinomials.scalar(mul);
            int n = 3000;
            BinomialTable table = BinomialTable.build(n, mul);
            for (int trial = 0; trial < 300; trial++) {
                int top = trial < 20 ? n - trial : random.nextInt(n + 1);
                int b = random.nextInt(Math.max(1, top / 2 + 2));
                int count = random.nextInt(Math.max(1, (top - b) / 2 + 40)) + (trial % 3 == 0 ? 0 : 1);
                count = Math.min(count, top + 1); // keep top - i >= 0
                int offset = trial % 4; // writes start at out[offset]
                long[] expected = new long[count + offset];
                long[] actual = new long[count + offset];
                scalar.fill(table, top, b, count, expected, offset);
                vector.fill(table, top, b, count, actual, offset);
                assertThat(actual).as("M=%d top=%d b=%d count=%d", m, top, b, count).containsExactly(expected);
                expected = java.util.Arrays.copyOfRange(expected, offset, offset + count);
                actual = java.util.Arrays.copyOfRange(actual, offset, offset + count);
                for (int i = 0; i < count; i += 1 + count / 7) {
                    assertThat(actual[i]).isEqualTo(binomial(top - i, b + i, m));
                }
            }
        }
    }

    private static long binomial(int a, int b, int m) {
        if (b < 0 || b > a) {
            return 0;
        }
        BigInteger r = BigInteger.ONE;
        for (int i = 0; i < b; i++) {
            r = r.multiply(BigInteger.valueOf(a - i)).divide(BigInteger.valueOf(i + 1));
        }
        return r.mod(BigInteger.valueOf(m)).longValue();
    }
}
