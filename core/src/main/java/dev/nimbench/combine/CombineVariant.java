package dev.nimbench.combine;

import dev.nimbench.registry.Variant;

/** Registry of the combine stage. */
public enum CombineVariant implements Variant {
    /** Baseline: the SPEC §2 pipeline (transform, power sum, times P^-1); needs an odd modulus. */
    WHT("wht", "O(P log P) + power stage",
            "Walsh-Hadamard transform, power sum over the spectrum, times P^-1 mod M (odd M)") {
        @Override
        public Combiner create() {
            return new SpectrumCombiner();
        }
    },
    /** Seed 003's XOR-convolution power: no division, so even moduli work, but O(P^2 log s). */
    REPEATED_SQUARING("repeated-squaring", "O(P^2 log s)",
            "XOR-convolution power by repeated squaring; any modulus, P <= "
                    + RepeatedSquaringCombiner.MAX_POINTS) {
        @Override
        public Combiner create() {
            return new RepeatedSquaringCombiner();
        }

        @Override
        public int maxPoints() {
            return RepeatedSquaringCombiner.MAX_POINTS;
        }
    };

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

    public abstract Combiner create();

    /**
     * Largest number of points P this variant accepts; the pipeline checks it before it
     * allocates anything.
     */
    public int maxPoints() {
        return 1 << 30;
    }
}
