package dev.nimbench.simd;

import dev.nimbench.arith.MontgomeryMultiplier;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The species every vector kernel uses, chosen once: the preferred shape, capped at
 * 512 bits (the kernels unroll at most 4 in-register levels), or narrower when the system
 * property {@code nimbench.vector.bits} (128, 256 or 512) asks for it, so that the 128/256-bit
 * paths can be tested on an AVX-512 machine. A request wider than the preferred shape is
 * ignored (it would be emulated, not faster).
 */
public final class Species {

    /** System property that forces a narrower vector shape. */
    static final String BITS_PROPERTY = "nimbench.vector.bits";

    static final VectorShape SHAPE = chooseShape();
    public static final VectorSpecies<Integer> INT = IntVector.SPECIES_PREFERRED.withShape(SHAPE);
    public static final VectorSpecies<Long> LONG = LongVector.SPECIES_PREFERRED.withShape(SHAPE);
    /** Doubles, as many lanes as {@link #LONG} (the FMA kernels' lanes). */
    static final VectorSpecies<Double> DOUBLE = DoubleVector.SPECIES_PREFERRED.withShape(SHAPE);
    /** Ints with one lane per {@link #LONG} lane (half the bits): widening loads, narrowing stores. */
    public static final VectorSpecies<Integer> HALF_INT =
            VectorSpecies.of(int.class, VectorShape.forBitSize(LONG.vectorBitSize() / 2));
    /**
     * The int lanes of one {@link #LONG} vector, low halves (even lanes, little-endian) first:
     * {@code v.reinterpretAsInts().rearrange(LOW_HALVES_FIRST).reinterpretShape(HALF_INT, 0)}
     * is the {@code L2I} narrowing of lanes that hold values in {@code [0, 2^31)}, with no
     * conversion op. The factorial scans store this way: with {@code convertShape(L2I, HALF_INT, 0)}
     * there, C2 on JDK 17 with 256-bit lanes (AVX2) did not intrinsify the conversion inside the
     * scan ({@code -XX:+PrintIntrinsics}: "missing constant ... vclass_to=LoadP"), boxed the vectors
     * around it, and {@code vector-tail-sum-recurrence} allocated 0.49 MB per call at n = 10^4 and
     * 4.8 MB at n = 10^5 in every process, never settling (11 KB and 27 KB with this form; same
     * tables; {@code VectorDistributionSteadyStateTest}, results/l2i-store-amd-f25m1-avx2-20261203/).
     */
    public static final VectorShuffle<Integer> LOW_HALVES_FIRST = VectorShuffle.fromOp(INT,
            i -> i < INT.length() / 2 ? 2 * i : 2 * (i - INT.length() / 2) + 1);
    /** The low 32 bits of each long lane ({@code x mod R} for Montgomery's {@code R = 2^32}). */
    public static final LongVector LOW32 = LongVector.broadcast(LONG, MontgomeryMultiplier.R_MASK);
    /** The low 31 bits of each long lane (an entry below 2^31 without the transform's bias bit). */
    static final LongVector LOW31 = LongVector.broadcast(LONG, Integer.MAX_VALUE);

    static {
        OperatorCaches.fill(); // before any kernel runs: see OperatorCaches
    }

    private Species() {
    }

    private static VectorShape chooseShape() {
        int preferred = Math.min(512, VectorShape.preferredShape().vectorBitSize());
        int bits = preferred;
        String forced = System.getProperty(BITS_PROPERTY);
        if (forced != null && !forced.isBlank()) {
            int requested;
            try {
                requested = Integer.parseInt(forced.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(BITS_PROPERTY + " must be 128, 256 or 512, got '" + forced + "'");
            }
            if (requested != 128 && requested != 256 && requested != 512) {
                throw new IllegalArgumentException(BITS_PROPERTY + " must be 128, 256 or 512, got " + requested);
            }
            bits = Math.min(bits, requested);
        }
        return VectorShape.forBitSize(bits);
    }

    /** The int and long species, e.g. {@code Species[int, 8, S_256_BIT] / Species[long, 4, S_256_BIT]}, for run records. */
    public static String describe() {
        return INT + " / " + LONG;
    }
}
