package dev.nimbench.combine;

import dev.nimbench.combine.vector.FusedVectorDistWhtCombiner;
import dev.nimbench.combine.vector.FusedVectorWhtCombiner;
import dev.nimbench.power.PowerSum;
import dev.nimbench.registry.Variant;
import dev.nimbench.registry.VectorSupport;
import dev.nimbench.transform.HadamardTransform;
import java.util.function.Supplier;

/** Registry of the combine stage. */
public enum CombineVariant implements Variant {
    /** Baseline: the SPEC §2 pipeline (transform, power sum, times P^-1); needs an odd modulus. */
    WHT("wht", "O(P log P) + power stage",
            "Walsh-Hadamard transform, power sum over the spectrum, times P^-1 mod M (odd M)") {
        @Override
        public Combiner create(HadamardTransform transform, PowerSum power) {
            return new SpectrumCombiner(transform, power);
        }

        @Override
        public Combiner create() {
            throw new IllegalStateException("the wht combine runs the configuration's transform and power stages:"
                    + " create(transform, power)");
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

        @Override
        public boolean usesSpectrum() {
            return false;
        }

        @Override
        public boolean usesMultiplier() {
            return true;
        }

        @Override
        public boolean requiresOddModulus() {
            return false;
        }
    },
    /**
     * The wht combine with its transform and power stages fused into one Vector API pass
     * structure (fusing them measured 1.27x faster on a 2-core AMD EPYC with AVX-512); needs an odd modulus and jdk.incubator.vector.
     */
    FUSED_VECTOR_WHT("fused-vector-wht", "O(P log P + P log s)",
            "two-pass vector WHT whose second pass feeds the vector Montgomery power sum directly (no write-back),"
                    + " all-zero rows skipped; odd M only",
            () -> new FusedVectorWhtCombiner(), false),
    /**
     * fused-vector-wht with the distribution written into each L2 block right before pass 1
     * transforms it, where the distribution can write ranges (card-stacking
     * tail-sum-recurrence); the pipeline refuses any other distribution.
     */
    FUSED_VECTOR_DIST_WHT("fused-vector-dist-wht", "O(P log P + P log s)",
            "fused-vector-wht with the distribution written straight into each L2 block that pass 1 transforms"
                    + " (needs a distribution with a range writer: card-stacking tail-sum-recurrence or vector-tail-sum-recurrence[-masked]); odd M only",
            () -> new FusedVectorDistWhtCombiner(), true),
    /** fused-vector-wht whose power part multiplies in the vpmuludq shape (docs/lane-arithmetic.md). */
    FUSED_VECTOR_WHT_MASKED("fused-vector-wht-masked", "O(P log P + P log s)",
            "fused-vector-wht with the masked Montgomery power kernel (every lane multiply 32 x 32 bits:"
                    + " vpmuludq on JDK 24+); odd M only",
            () -> new FusedVectorWhtCombiner("montgomery-masked"), false),
    /** fused-vector-wht whose power part multiplies in double lanes with FMA (docs/lane-arithmetic.md). */
    FUSED_VECTOR_WHT_FMA("fused-vector-wht-fma", "O(P log P + P log s)",
            "fused-vector-wht with the FMA power kernel (double lanes, exact h + l products); odd M only",
            () -> new FusedVectorWhtCombiner("fma"), false),
    /** fused-vector-dist-wht whose power part multiplies in the vpmuludq shape. */
    FUSED_VECTOR_DIST_WHT_MASKED("fused-vector-dist-wht-masked", "O(P log P + P log s)",
            "fused-vector-dist-wht with the masked Montgomery power kernel (vpmuludq on JDK 24+);"
                    + " needs a distribution with a range writer; odd M only",
            () -> new FusedVectorDistWhtCombiner("montgomery-masked"), true),
    /** fused-vector-dist-wht whose power part takes the Montgomery quotient from a 32-bit lane multiply. */
    FUSED_VECTOR_DIST_WHT_Q32("fused-vector-dist-wht-q32", "O(P log P + P log s)",
            "fused-vector-dist-wht with the montgomery-q32 power kernel (quotient from vpmulld, 5 instructions per product);"
                    + " needs a distribution with a range writer; odd M only",
            () -> new FusedVectorDistWhtCombiner("montgomery-q32"), true),
    /** fused-vector-dist-wht-q32 with sixteen power chains in flight instead of eight. */
    FUSED_VECTOR_DIST_WHT_Q32_WIDE("fused-vector-dist-wht-q32-wide", "O(P log P + P log s)",
            "fused-vector-dist-wht with the montgomery-q32-wide power kernel (16 chains in flight instead of 8);"
                    + " needs a distribution with a range writer; odd M only",
            () -> new FusedVectorDistWhtCombiner("montgomery-q32-wide"), true),
    /**
     * fused-vector-dist-wht-q32-wide whose two transform passes run the unsigned-minimum kernels
     * (6 instructions per butterfly, radix-8 sweeps, radix-16 gather); JDK 24+.
     */
    FUSED_VECTOR_DIST_WHT_Q32_WIDE_UMIN("fused-vector-dist-wht-q32-wide-umin", "O(P log P + P log s)",
            "fused-vector-dist-wht-q32-wide with the transform passes of vector-umin-forkjoin (VectorOperators.UMIN,"
                    + " 6 instructions per butterfly, 5 sweeps per L2 block); JDK 24+; needs a distribution with a range writer; odd M only",
            () -> new FusedVectorDistWhtCombiner("montgomery-q32-wide", "umin"), true, 24),
    /** fused-vector-dist-wht whose power part multiplies in double lanes with FMA. */
    FUSED_VECTOR_DIST_WHT_FMA("fused-vector-dist-wht-fma", "O(P log P + P log s)",
            "fused-vector-dist-wht with the FMA power kernel (double lanes);"
                    + " needs a distribution with a range writer; odd M only",
            () -> new FusedVectorDistWhtCombiner("fma"), true),
    /** fused-vector-dist-wht-fma with the power kernel shaped for 16 vector registers (AVX2). */
    FUSED_VECTOR_DIST_WHT_FMA_RELOAD("fused-vector-dist-wht-fma-reload", "O(P log P + P log s)",
            "fused-vector-dist-wht with the fma-reload power kernel (double lanes, bases read again, one branch per step:"
                    + " 16 vector registers); needs a distribution with a range writer; odd M only",
            () -> new FusedVectorDistWhtCombiner("fma-reload"), true),
    /** fused-vector-dist-wht-masked with the power kernel shaped for 16 vector registers (AVX2). */
    FUSED_VECTOR_DIST_WHT_MASKED_RELOAD("fused-vector-dist-wht-masked-reload", "O(P log P + P log s)",
            "fused-vector-dist-wht with the montgomery-masked-reload power kernel (vpmuludq on JDK 24+, bases loaded again,"
                    + " one branch per step: 16 vector registers); needs a distribution with a range writer; odd M only",
            () -> new FusedVectorDistWhtCombiner("montgomery-masked-reload"), true);

    private final String id;
    private final String complexity;
    private final String description;
    /**
     * Creates a fused combine with its lane kernel and transform kernels (a lambda, so the class
     * loads only when it runs), null for the others.
     */
    private final Supplier<Combiner> fused;
    /** Whether the fused combine writes the distribution into its pass 1 blocks. */
    private final boolean fusesDistribution;
    private final int minimumJdk;

    CombineVariant(String id, String complexity, String description) {
        this(id, complexity, description, null, false);
    }

    /** A fused combine created by {@code fused}; {@code fusesDistribution} when it writes the distribution itself. */
    CombineVariant(String id, String complexity, String description, Supplier<Combiner> fused,
            boolean fusesDistribution) {
        this(id, complexity, description, fused, fusesDistribution, 17);
    }

    /** A fused combine that needs JDK {@code minimumJdk} or later. */
    CombineVariant(String id, String complexity, String description, Supplier<Combiner> fused,
            boolean fusesDistribution, int minimumJdk) {
        this.id = id;
        this.complexity = complexity;
        this.description = description;
        this.fused = fused;
        this.fusesDistribution = fusesDistribution;
        this.minimumJdk = minimumJdk;
    }

    @Override
    public int minimumJdk() {
        return minimumJdk;
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

    /**
     * A new combiner of a combine that runs no transform or power stage ({@link #usesSpectrum()}
     * false: it runs its own kernels); instances may keep scratch memory between calls and are not
     * thread-safe. A fused combine is created by its lambda, with its lane kernel and transform kernels.
     *
     * @throws IllegalStateException for the wht combine (it needs {@link #create(HadamardTransform,
     *     PowerSum)}), and for a variant this JVM cannot run ({@link #unavailableReason()})
     */
    public Combiner create() {
        if (fused == null) {
            throw new IllegalStateException(id + " must override create()");
        }
        if (!isAvailable()) {
            throw new IllegalStateException("combine variant '" + id + "' is unavailable: " + unavailableReason());
        }
        return VectorSupport.create(fused);
    }

    /**
     * A new combiner bound to {@code transform} and {@code power}: only a combine that runs them
     * ({@link #usesSpectrum()}, the wht combine) takes them.
     *
     * @throws IllegalStateException for a combine that runs its own kernels (use {@link #create()})
     */
    public Combiner create(HadamardTransform transform, PowerSum power) {
        throw new IllegalStateException("the " + id + " combine runs no transform or power stage: create()");
    }

    /** Whether the modulus must be odd (every combine that divides by P = 2^L); equals {@link Combiner#requiresOddModulus()}. */
    public boolean requiresOddModulus() {
        return true;
    }

    /**
     * Whether the combine fuses the distribution into its passes and needs a distribution with a
     * range writer; equals {@link Combiner#requiresRangeDistribution()}.
     */
    public boolean requiresRangeDistribution() {
        return fusesDistribution;
    }

    /** The fused combines run on the Vector API. */
    @Override
    public boolean usesVectorApi() {
        return fused != null;
    }

    /**
     * Whether the configured transform and power stages take part, known without creating the
     * combiner (so also for an unavailable one); equals {@link Combiner#usesSpectrum()}
     * ({@code CombineVariantTest} checks it). The fused combines run their own transform and
     * power kernels.
     */
    public boolean usesSpectrum() {
        return fused == null;
    }

    /**
     * Whether the combine does its main work with the configured multiplier (not counting the one
     * product by P^-1 that every WHT combine ends with); an explicit {@code --multiplier} must be
     * used by at least one stage (see {@code ConfigurationResolver}).
     */
    public boolean usesMultiplier() {
        return false;
    }

    /**
     * Largest number of points P this variant accepts; the pipeline checks it before it
     * allocates anything.
     */
    public int maxPoints() {
        return 1 << 30;
    }
}
