package dev.nimbench.power;

/** Argument checks and small scalar helpers shared by the power-sum variants. */
public final class PowerSums {

    private PowerSums() {
    }

    /** @throws IllegalArgumentException naming s when it is negative */
    public static void requireExponent(long s) {
        if (s < 0) {
            throw new IllegalArgumentException("exponent s must be >= 0, got " + s);
        }
    }

    /**
     * {@code b^e mod m} by square-and-multiply in {@code long} ({@code b} in {@code [0, m)},
     * {@code m < 2^31}, so products stay below 2^62), {@code 0^0 = 1}; result in {@code [0, m)}.
     */
    public static long powMod(long b, long e, int m) {
        long result = 1 % m;
        long base = b % m;
        while (e > 0) {
            if ((e & 1) != 0) {
                result = result * base % m;
            }
            base = base * base % m;
            e >>>= 1;
        }
        return result;
    }
}
