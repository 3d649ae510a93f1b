package dev.nimbench.exact;

import java.math.BigInteger;

/** {@code Σ x[i]^s} over the integers, with {@code 0^0 = 1}. */
final class ExactPowerSum {

    private ExactPowerSum() {
    }

    /** @param s {@code 0 <= s <= Integer.MAX_VALUE} (the exact pipeline's bit budget keeps it far smaller) */
    static BigInteger sum(BigInteger[] x, long s) {
        int e = Math.toIntExact(s);
        BigInteger total = BigInteger.ZERO;
        for (BigInteger v : x) {
            total = total.add(v.pow(e)); // BigInteger.pow: 0^0 = 1
        }
        return total;
    }
}
