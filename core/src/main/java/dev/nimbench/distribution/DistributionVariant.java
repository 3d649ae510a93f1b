package dev.nimbench.distribution;

import dev.nimbench.registry.Variant;

/** Registry of the distribution stage; each variant belongs to one problem. */
public enum DistributionVariant implements Variant {
    ;

    private final Problem problem;
    private final String id;
    private final String description;
    private final String complexity;

    DistributionVariant(Problem problem, String id, String complexity, String description) {
        this.problem = problem;
        this.id = id;
        this.complexity = complexity;
        this.description = description;
    }

    public Problem problem() {
        return problem;
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

    public GrundyDistribution create() {
        throw new UnsupportedOperationException();
    }
}
