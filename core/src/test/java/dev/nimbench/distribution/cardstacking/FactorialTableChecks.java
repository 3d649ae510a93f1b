package dev.nimbench.distribution.cardstacking;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;

/** The definition the table builders are checked against, shared by their tests. */
public final class FactorialTableChecks {

    private FactorialTableChecks() {
    }

    /** Every {@code k!} and {@code (k!)^-1} of the table, {@code 0 <= k <= n}, equals the BigInteger residue. */
    public static void assertMatchesBigIntegerFactorials(BinomialTable table) {
        int m = table.modulus();
        BigInteger bigM = BigInteger.valueOf(m);
        BigInteger f = BigInteger.ONE;
        for (int k = 0; k <= table.n(); k++) {
            if (k > 0) {
                f = f.multiply(BigInteger.valueOf(k));
            }
            BigInteger fm = f.mod(bigM);
            assertThat(table.factorial(k)).as("%d! mod %d", k, m).isEqualTo(fm.intValueExact());
            assertThat(table.inverseFactorial(k)).as("1/%d! mod %d", k, m).isEqualTo(fm.modInverse(bigM).intValueExact());
        }
    }
}
