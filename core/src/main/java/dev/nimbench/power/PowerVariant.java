package dev.nimbench.power;

import dev.nimbench.registry.Variant;

/** Registry of the power-sum stage. */
public enum PowerVariant implements Variant {
    ;

    private final String id;
    private final String complexity;
    private final String description;

    PowerVariant(String id, String complexity, String description) {
        this.id = id;
        this.complexity = complexity;
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
        return complexity;
    }

    public PowerSum create() {
        throw new UnsupportedOperationException();
    }
}
