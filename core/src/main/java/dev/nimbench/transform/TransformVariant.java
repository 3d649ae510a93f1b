package dev.nimbench.transform;

import dev.nimbench.registry.Variant;
import dev.nimbench.registry.VectorSupport;
import dev.nimbench.transform.vector.ForkJoinRadix8HadamardTransform;
import dev.nimbench.transform.vector.ForkJoinUnsignedMinHadamardTransform;
import dev.nimbench.transform.vector.ForkJoinVectorHadamardTransform;
import dev.nimbench.transform.vector.UnblockedVectorHadamardTransform;
import dev.nimbench.transform.vector.VectorHadamardTransform;
import java.util.function.Supplier;

/** Registry of the transform stage. The first constant is the baseline. */
public enum TransformVariant implements Variant {
    SCALAR_MOD("scalar-mod", "O(P log P)",
            "textbook radix-2, one level per sweep over the array, % at every butterfly", null),
    LAZY_LONG("lazy-long", "O(P log P)",
            "radix-2 on a long copy with no reduction (exact while 31 + L <= 63), one floorMod per entry at the end", null),
    BLOCKED("blocked", "O(P log P)",
            "scalar, two memory passes: levels inside L2-sized blocks, then the rest over strips copied to a buffer;"
                    + " conditional-add reduction", null),
    VECTOR("vector", "O(P log P)",
            "Vector API int lanes, the blocked two-pass structure, in-register low levels, radix-4 sweeps",
            () -> new VectorHadamardTransform()),
    FORKJOIN("forkjoin", "O(P log P)",
            "the blocked scalar transform with blocks and strips split over the ForkJoin pool", null),
    VECTOR_FORKJOIN("vector-forkjoin", "O(P log P)",
            "the vector transform with blocks and strips split over the ForkJoin pool",
            () -> new ForkJoinVectorHadamardTransform()),
    VECTOR_UNBLOCKED("vector-unblocked", "O(P log P)",
            "the vector kernels without cache blocking: radix-4 sweeps over the whole array (what blocking buys)",
            () -> new UnblockedVectorHadamardTransform()),
    VECTOR_RADIX8_FORKJOIN("vector-radix8-forkjoin", "O(P log P)",
            "int lanes, radix-8 sweeps in L1 (5 sweeps per L2 block at 16 lanes, as the yardstick), 7-instruction"
                    + " butterfly (biased signed min, one unbias per butterfly); split over the ForkJoin pool",
            () -> new ForkJoinRadix8HadamardTransform()),
    VECTOR_UMIN_FORKJOIN("vector-umin-forkjoin", "O(P log P)",
            "vector-radix8-forkjoin with the unsigned lane minimum (VectorOperators.UMIN): 6-instruction butterfly,"
                    + " plain residues, as the yardstick; JDK 24+",
            () -> new ForkJoinUnsignedMinHadamardTransform(), 24),
    AUTOVEC("autovec", "O(P log P)",
            "the blocked two-pass transform in plain loops that C2 vectorizes (SuperWord): every level a radix-2"
                    + " sweep across separate arrays at the same index (pass 1: a row's slices as arrays, then transposed"
                    + " so its low levels are across arrays too; pass 2: one array per row); no Vector API, so no boxed"
                    + " phase when cold; one thread", null);

    private final String id;
    private final String complexity;
    private final String description;
    /** Creates a vector variant's transform (a lambda, so its class loads only when it runs), or null for a scalar variant. */
    private final Supplier<HadamardTransform> vector;
    private final int minimumJdk;

    TransformVariant(String id, String complexity, String description, Supplier<HadamardTransform> vector) {
        this(id, complexity, description, vector, 17);
    }

    TransformVariant(String id, String complexity, String description, Supplier<HadamardTransform> vector,
            int minimumJdk) {
        this.id = id;
        this.complexity = complexity;
        this.description = description;
        this.vector = vector;
        this.minimumJdk = minimumJdk;
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

    @Override
    public int minimumJdk() {
        return minimumJdk;
    }

    /**
     * A new transform (instances may keep scratch memory between calls and are not thread-safe).
     *
     * @throws IllegalStateException for a vector variant when the Vector API module is absent, and
     *     for one that needs a newer JDK than this one ({@link #unavailableReason()})
     */
    public HadamardTransform create() {
        if (!isAvailable()) {
            throw new IllegalStateException("transform variant '" + id + "' is unavailable: " + unavailableReason());
        }
        switch (this) {
            case SCALAR_MOD:
                return new ScalarModHadamardTransform();
            case LAZY_LONG:
                return new LazyLongHadamardTransform();
            case BLOCKED:
                return new BlockedHadamardTransform();
            case FORKJOIN:
                return new ForkJoinHadamardTransform();
            case AUTOVEC:
                return new AutoVectorHadamardTransform();
            default:
                return VectorSupport.create(vector);
        }
    }
}
