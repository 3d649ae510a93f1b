package dev.nimbench.arith;

import dev.nimbench.registry.Variant;
import java.util.function.IntFunction;

/** Registry of the multiplier stage: scalar modular multiplication used by the distribution and the power sum. */
public enum MultiplierVariant implements Variant {
    /** Baseline: one hardware division per product. */
    PLAIN("plain", "a*b % M with a hardware division; any modulus", false, PlainMultiplier::new),
    /** Division-free: a 128-bit product with a precomputed reciprocal and one correction. */
    BARRETT("barrett", "Barrett reduction, mu = floor((2^64-1)/M), one final correction; any modulus",
            false, BarrettMultiplier::new),
    /** Division-free, R = 2^32; needs an odd modulus. */
    MONTGOMERY("montgomery", "Montgomery REDC with R = 2^32 (odd M only); pow stays in Montgomery form",
            true, MontgomeryMultiplier::new);

    private final String id;
    private final String description;
    private final boolean requiresOddModulus;
    private final IntFunction<ModularMultiplier> factory;

    MultiplierVariant(String id, String description, boolean requiresOddModulus, IntFunction<ModularMultiplier> factory) {
        this.id = id;
        this.description = description;
        this.requiresOddModulus = requiresOddModulus;
        this.factory = factory;
    }

    /** Whether the modulus must be odd (Montgomery with R = 2^32: R must be invertible mod M). */
    public boolean requiresOddModulus() {
        return requiresOddModulus;
    }

    /**
     * Whether {@link #create} accepts modulus {@code m}: {@code 2 <= m < 2^31}, and odd where
     * {@link #requiresOddModulus()}. Registry data, so that choosing a configuration never creates
     * a multiplier to find out (equal to {@code create}'s answer: tested).
     */
    public boolean accepts(int m) {
        return m >= 2 && (!requiresOddModulus || (m & 1) == 1);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public String complexity() {
        return "O(1) per product";
    }

    /**
     * A multiplier for modulus {@code m}, {@code 2 <= m < 2^31}.
     *
     * @throws IllegalArgumentException naming m when it is out of range, or (montgomery) even
     */
    public ModularMultiplier create(int m) {
        ModMath.requireModulus(m);
        return factory.apply(m);
    }
}
