package dev.nimbench.combine;

import dev.nimbench.registry.Variant;

/** Registry of the combine stage. */
public enum CombineVariant implements Variant {
    ;

    private final String id;
    private final String complexity;
    private final String description;

    CombineVariant(String id, String complexity, String description) {
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

    public Combiner create() {
        throw new UnsupportedOperationException();
    }
}
