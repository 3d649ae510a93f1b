package dev.nimbench.power;

/** Argument checks shared by the power-sum variants. */
public final class PowerSums {

    private PowerSums() {
    }

    /** @throws IllegalArgumentException naming s when it is negative */
    public static void requireExponent(long s) {
        if (s < 0) {
            throw new IllegalArgumentException("exponent s must be >= 0, got " + s);
        }
    }
}
