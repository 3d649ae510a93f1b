package dev.nimbench.arith;

import dev.nimbench.registry.Variant;

/** Registry of the multiplier stage: scalar modular multiplication used by the distribution and the power sum. */
public enum MultiplierVariant implements Variant {
    ;

    private final String id;
    private final String description;

    MultiplierVariant(String id, String description) {
        this.id = id;
        this.description = description;
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

    /** A multiplier for modulus {@code m}; throws IllegalArgumentException naming m when the technique cannot handle it. */
    public ModularMultiplier create(int m) {
        throw new UnsupportedOperationException();
    }
}
