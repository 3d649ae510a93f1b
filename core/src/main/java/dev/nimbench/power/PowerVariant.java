package dev.nimbench.power;

import dev.nimbench.registry.Variant;
import dev.nimbench.simd.VectorSupport;

/** Registry of the power-sum stage. The first constant is the baseline. */
public enum PowerVariant implements Variant {
    SCALAR("scalar", "O(P log s)",
            "ctx.multiplier().pow per entry (runs with the configured multiplier)", null),
    VECTOR_MONTGOMERY("vector-montgomery", "O(P log s)",
            "Vector API Montgomery (R = 2^32, lazy [0, 2M)), 8 independent chains (4 for M >= 2^30), one correcting factor; odd M only",
            "VectorMontgomeryPowerSum"),
    FORKJOIN("forkjoin", "O(P log s)",
            "the scalar power sum split over the ForkJoin pool", null),
    VECTOR_MONTGOMERY_FORKJOIN("vector-montgomery-forkjoin", "O(P log s)",
            "the vector Montgomery power sum split over the ForkJoin pool; odd M only",
            "ForkJoinVectorMontgomeryPowerSum");

    private final String id;
    private final String complexity;
    private final String description;
    /** Simple name of the class in dev.nimbench.simd, or null for a scalar variant. */
    private final String vectorClass;

    PowerVariant(String id, String complexity, String description, String vectorClass) {
        this.id = id;
        this.complexity = complexity;
        this.description = description;
        this.vectorClass = vectorClass;
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

    @Override
    public boolean usesVectorApi() {
        return vectorClass != null;
    }

    /** Whether the modulus must be odd (Montgomery with R = 2^32); an even one is refused by {@code sum}. */
    public boolean requiresOddModulus() {
        return vectorClass != null;
    }

    /**
     * Whether the power sum multiplies with the configured multiplier ({@code ctx.multiplier()}):
     * the scalar variants do; the vector ones run their own Montgomery lanes whatever it is.
     */
    public boolean usesMultiplier() {
        return vectorClass == null;
    }

    /**
     * A new power sum (stateless, thread-safe).
     *
     * @throws IllegalStateException for a vector variant when the Vector API module is absent
     */
    public PowerSum create() {
        switch (this) {
            case SCALAR:
                return new ScalarPowerSum();
            case FORKJOIN:
                return new ForkJoinPowerSum();
            default:
                return VectorSupport.instantiate(vectorClass, PowerSum.class);
        }
    }
}
