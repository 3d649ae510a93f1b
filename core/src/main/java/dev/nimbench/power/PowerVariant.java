package dev.nimbench.power;

import dev.nimbench.power.vector.ForkJoinLanePowerSum;
import dev.nimbench.power.vector.LanePowerSum;
import dev.nimbench.registry.Variant;
import dev.nimbench.registry.VectorSupport;
import java.util.function.Supplier;

/** Registry of the power-sum stage. The first constant is the baseline. */
public enum PowerVariant implements Variant {
    SCALAR("scalar", "O(P log s)",
            "ctx.multiplier().pow per entry (runs with the configured multiplier)", null, false),
    VECTOR_MONTGOMERY("vector-montgomery", "O(P log s)",
            "Vector API Montgomery (R = 2^32, lazy [0, 2M)), 8 independent chains (4 for M >= 2^30), one correcting factor;"
                    + " 64-bit lane multiplies (vpmullq); odd M only",
            () -> new LanePowerSum("montgomery"), true),
    FORKJOIN("forkjoin", "O(P log s)",
            "the scalar power sum split over the ForkJoin pool", null, false),
    VECTOR_MONTGOMERY_FORKJOIN("vector-montgomery-forkjoin", "O(P log s)",
            "the vector Montgomery power sum split over the ForkJoin pool; odd M only",
            () -> new ForkJoinLanePowerSum("montgomery"), true),
    VECTOR_MONTGOMERY_MASKED("vector-montgomery-masked", "O(P log s)",
            "vector-montgomery with both operands of every lane multiply masked to 32 bits"
                    + " (vpmuludq on JDK 24+, JDK-8341137; vpmullq + masks on older JDKs); odd M only",
            () -> new LanePowerSum("montgomery-masked"), true),
    VECTOR_MONTGOMERY_MASKED_FORKJOIN("vector-montgomery-masked-forkjoin", "O(P log s)",
            "vector-montgomery-masked split over the ForkJoin pool; odd M only",
            () -> new ForkJoinLanePowerSum("montgomery-masked"), true),
    VECTOR_MONTGOMERY_Q32("vector-montgomery-q32", "O(P log s)",
            "vector-montgomery with the quotient (T M' mod 2^32) from one 32-bit lane multiply (vpmulld) instead of"
                    + " a 64-bit multiply and a mask: 5 instructions per product against 6; odd M only",
            () -> new LanePowerSum("montgomery-q32"), true),
    VECTOR_MONTGOMERY_Q32_FORKJOIN("vector-montgomery-q32-forkjoin", "O(P log s)",
            "vector-montgomery-q32 split over the ForkJoin pool; odd M only",
            () -> new ForkJoinLanePowerSum("montgomery-q32"), true),
    VECTOR_MONTGOMERY_Q32_WIDE("vector-montgomery-q32-wide", "O(P log s)",
            "vector-montgomery-q32 with 16 independent chains in flight instead of 8 (the multiply latency hidden"
                    + " further; 4 for M >= 2^30); odd M only",
            () -> new LanePowerSum("montgomery-q32-wide"), true),
    VECTOR_MONTGOMERY_Q32_WIDE_FORKJOIN("vector-montgomery-q32-wide-forkjoin", "O(P log s)",
            "vector-montgomery-q32-wide split over the ForkJoin pool; odd M only",
            () -> new ForkJoinLanePowerSum("montgomery-q32-wide"), true),
    VECTOR_FMA("vector-fma", "O(P log s)",
            "double lanes with FMA: exact product h + l, quotient rint(h / M), signed lazy range |r| < M,"
                    + " no correction in the chains, 8 chains; any M < 2^31",
            () -> new LanePowerSum("fma"), false),
    VECTOR_FMA_FORKJOIN("vector-fma-forkjoin", "O(P log s)",
            "vector-fma split over the ForkJoin pool; any M < 2^31",
            () -> new ForkJoinLanePowerSum("fma"), false),
    VECTOR_FMA_RELOAD("vector-fma-reload", "O(P log s)",
            "vector-fma shaped for 16 vector registers (AVX2): the 8 chains read their bases again where they multiply by"
                    + " them, one branch per step (squares or base products); any M < 2^31",
            () -> new LanePowerSum("fma-reload"), false),
    VECTOR_FMA_RELOAD_FORKJOIN("vector-fma-reload-forkjoin", "O(P log s)",
            "vector-fma-reload split over the ForkJoin pool; any M < 2^31",
            () -> new ForkJoinLanePowerSum("fma-reload"), false),
    VECTOR_MONTGOMERY_MASKED_RELOAD("vector-montgomery-masked-reload", "O(P log s)",
            "vector-montgomery-masked shaped for 16 vector registers (AVX2): bases loaded again where they are multiplied,"
                    + " one branch per step, no blend (vpmuludq on JDK 24+); odd M only",
            () -> new LanePowerSum("montgomery-masked-reload"), true),
    VECTOR_MONTGOMERY_MASKED_RELOAD_FORKJOIN("vector-montgomery-masked-reload-forkjoin", "O(P log s)",
            "vector-montgomery-masked-reload split over the ForkJoin pool; odd M only",
            () -> new ForkJoinLanePowerSum("montgomery-masked-reload"), true),
    AUTOVEC_MONTGOMERY("autovec-montgomery", "O(P log s)",
            "Montgomery (R = 2^32) in plain loops that C2 vectorizes (SuperWord): blocks of 512, one sweep per exponent"
                    + " bit over two long arrays; no Vector API, so no boxed phase when cold; odd M only",
            null, true),
    AUTOVEC_MONTGOMERY_FORKJOIN("autovec-montgomery-forkjoin", "O(P log s)",
            "autovec-montgomery split over the ForkJoin pool; odd M only",
            null, true);

    private final String id;
    private final String complexity;
    private final String description;
    /**
     * Creates a vector variant's power sum with its lane kernel ({@code simd/LaneKernel} id; a
     * lambda, so the class loads only when it runs), or null for a scalar variant.
     */
    private final Supplier<PowerSum> vector;
    private final boolean requiresOddModulus;

    PowerVariant(String id, String complexity, String description, Supplier<PowerSum> vector,
            boolean requiresOddModulus) {
        this.id = id;
        this.complexity = complexity;
        this.description = description;
        this.vector = vector;
        this.requiresOddModulus = requiresOddModulus;
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
        return vector != null;
    }

    /** Whether the modulus must be odd (Montgomery with R = 2^32); an even one is refused by {@code sum}. */
    public boolean requiresOddModulus() {
        return requiresOddModulus;
    }

    /**
     * Whether the power sum multiplies with the configured multiplier ({@code ctx.multiplier()}):
     * the two scalar ones do; the vector and auto-vectorized ones run their own Montgomery or FMA
     * lanes whatever it is.
     */
    public boolean usesMultiplier() {
        return this == SCALAR || this == FORKJOIN;
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
            case AUTOVEC_MONTGOMERY:
                return new AutoVectorMontgomeryPowerSum();
            case AUTOVEC_MONTGOMERY_FORKJOIN:
                return new ForkJoinAutoVectorPowerSum();
            default:
                return VectorSupport.create(vector);
        }
    }
}
