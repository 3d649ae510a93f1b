package dev.nimbench.distribution.cardstacking.vector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.distribution.cardstacking.BinomialTable;
import dev.nimbench.distribution.cardstacking.DiagonalBinomials;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The vector diagonal binomials equal the scalar Montgomery ones and BigInteger binomials, for
 * moduli below and above 2^30, every alignment of the vector groups, and diagonals that run past
 * {@code b + i > top - i} (zeros) and up to the table's last entry.
 */
class VectorMontgomeryDiagonalBinomialsTest { // the masked and FMA subclasses run every test on their forms

    /** Below and above 2^30, NTT-style, and small. */
    private static final int[] MODULI = {1_000_000_007, 2_147_483_647, 998_244_353, 1_000_003};
    /** Size of the tables the random cases draw from. */
    private static final int TABLE_N = 3000;

    @Test
    void equalsTheScalarProductsAndTheDefinition() {
        Random random = new Random(42);
        DiagonalBinomials vector = implementation();
        for (int m : MODULI) {
            ModularMultiplier mul = multiplier().create(m);
            DiagonalBinomials scalar = DiagonalBinomials.scalar(mul);
            int n = TABLE_N;
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

    /**
     * Row prefix sums: vector = scalar = the sum of BigInteger binomials, for every {@code last}
     * of short rows (all alignments and the scalar tail), rows across the table, and the table's
     * top row.
     */
    @Test
    void rowPrefixSumsEqualTheScalarFormAndTheDefinition() {
        Random random = new Random(7);
        DiagonalBinomials vector = implementation();
        for (int m : MODULI) {
            ModularMultiplier mul = multiplier().create(m);
            DiagonalBinomials scalar = DiagonalBinomials.scalar(mul);
            int n = TABLE_N;
            BinomialTable table = BinomialTable.build(n, mul);
            for (int row = 0; row <= 40; row++) {
                long sum = 0;
                for (int last = 0; last <= row; last++) {
                    sum = (sum + binomial(row, last, m)) % m;
                    assertThat(vector.rowPrefixSum(table, row, last)).as("M=%d row=%d last=%d", m, row, last).isEqualTo(sum);
                    assertThat(scalar.rowPrefixSum(table, row, last)).as("M=%d row=%d last=%d", m, row, last).isEqualTo(sum);
                }
            }
            for (int trial = 0; trial < 60; trial++) {
                int row = trial == 0 ? n : random.nextInt(n + 1);
                int last = trial == 0 ? n : random.nextInt(row + 1);
                assertThat(vector.rowPrefixSum(table, row, last)).as("M=%d row=%d last=%d", m, row, last)
                        .isEqualTo(scalar.rowPrefixSum(table, row, last));
            }
        }
        // Past one block of vectors (the block loop and its partial sums), against the scalar form;
        // 2^31 - 1 puts every lane term close to 2^32.
        for (int m : new int[] {1_000_000_007, 2_147_483_647}) {
            ModularMultiplier mul = multiplier().create(m);
            BinomialTable big = BinomialTable.build(200_000, mul);
            for (int last : new int[] {8191, 8192, 8193, 100_000, 199_999}) {
                assertThat(vector.rowPrefixSum(big, 200_000, last)).as("M=%d last=%d", m, last)
                        .isEqualTo(DiagonalBinomials.scalar(mul).rowPrefixSum(big, 200_000, last));
            }
            // The whole row sums to 2^row.
            assertThat(vector.rowPrefixSum(big, 200_000, 200_000))
                    .isEqualTo(BigInteger.TWO.modPow(BigInteger.valueOf(200_000), BigInteger.valueOf(m)).longValue());
        }
    }

    /** The multiplier whose tables the binomials read (the FMA subclass: plain, tables in ordinary form). */
    MultiplierVariant multiplier() {
        return MultiplierVariant.MONTGOMERY;
    }

    /** The binomials under test: the vpmullq form here, the masked and FMA ones in subclasses. */
    DiagonalBinomials implementation() {
        return new VectorMontgomeryDiagonalBinomials();
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
