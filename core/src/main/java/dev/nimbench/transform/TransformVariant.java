package dev.nimbench.transform;

import dev.nimbench.registry.Variant;

/** Registry of the transform stage. */
public enum TransformVariant implements Variant {
    ;

    private final String id;
    private final String complexity;
    private final String description;

    TransformVariant(String id, String complexity, String description) {
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

    public HadamardTransform create() {
        throw new UnsupportedOperationException();
    }
}
