package dev.nimbench.bench;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import java.util.SplittableRandom;

/** What the benchmark states share: seeded inputs, contexts, baselines and result checks. */
final class BenchSupport {

    /** Modulus of the transform, power-sum and multiplier benchmarks: card stacking's prime 1e9+7. */
    static final int MODULUS = Problem.CARD_STACKING.defaultModulus();

    /** Fixed seed: every fork of every variant sees the same input. */
    static final long SEED = 0x5EED_2026L;


    /**
     * The {@code variant} @Param default: the registry's first constant. JMH needs a default for
     * every String parameter; BenchMain always passes real ids.
     */
    static final String BASELINE = "baseline";

    private BenchSupport() {
    }

    /** The variant with this id ({@link #BASELINE}: the first constant); errors name the id and the valid ones. */
    static <E extends Enum<E> & Variant> E resolve(Class<E> registry, String stage, String id) {
        return BASELINE.equals(id) ? baseline(registry) : Registry.require(registry, stage, id);
    }

    /** {@code length} seeded residues in {@code [0, modulus)}. */
    static int[] residues(int length, int modulus, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] out = new int[length];
        for (int i = 0; i < length; i++) {
            out[i] = random.nextInt(modulus);
        }
        return out;
    }

    /** Threads offered to parallel variants when {@code --threads} is not given: the available processors. */
    static int threads() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * A context for stage benchmarks: the multiplier stage's baseline for {@code modulus}, so that a
     * stage is measured with the same multiplier whatever its variant, and {@code threads} threads
     * (the benchmarks' {@code threads} parameter).
     */
    static ExecutionContext context(int modulus, int threads) {
        return new ExecutionContext(baseline(MultiplierVariant.class).create(modulus), threads);
    }

    /** A context with the machine's threads (the harness's calibration and references). */
    static ExecutionContext context(int modulus) {
        return context(modulus, threads());
    }

    /** The stage's baseline: the registry's first constant. */
    static <E extends Enum<E> & Variant> E baseline(Class<E> registry) {
        E[] constants = registry.getEnumConstants();
        if (constants.length == 0) {
            throw new IllegalStateException(registry.getSimpleName() + " has no variants");
        }
        return constants[0];
    }

    /** The problem's baseline distribution: the first registry constant of that problem. */
    static DistributionVariant baseline(Problem problem) {
        for (DistributionVariant v : DistributionVariant.values()) {
            if (v.problem() == problem) {
                return v;
            }
        }
        throw new IllegalStateException("no distribution variant for " + problem.id());
    }

    /**
     * The distribution variant of this problem with this id. Ids are unique per problem, not
     * across problems (both have a {@code brute-force}), so the registry's by-id look-up is not enough.
     */
    static DistributionVariant distribution(Problem problem, String id) {
        DistributionVariant v = DistributionVariant.require(problem, id);
        if (!v.isAvailable()) {
            throw new IllegalArgumentException("distribution variant '" + id + "' is unavailable: " + v.unavailableReason());
        }
        return v;
    }

    /** {@code size} must be a power of two {@code >= 1}. */
    static void requirePowerOfTwo(int size, String what) {
        if (size < 1 || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException(what + " must be a power of two in [1, 2^30], got " + size);
        }
    }

    /** A 64-bit digest of {@code a[0, length)}: equal arrays give equal digests, different ones almost surely not. */
    static long digest(int[] a, int length) {
        return digest(a, 0, length);
    }

    /** {@link #digest(int[], int)} of {@code a[from, from + length)}. */
    static long digest(int[] a, int from, int length) {
        long h = 0x9E37_79B9_7F4A_7C15L ^ length;
        for (int i = from; i < from + length; i++) {
            h = (h ^ a[i]) * 0xBF58_476D_1CE4_E5B9L;
            h ^= h >>> 31;
        }
        return h;
    }

    /**
     * Throws when a variant's result differs from the reference: a fast wrong variant must not
     * produce a score.
     */
    static void check(boolean equal, String stage, String variant, long size, String detail) {
        if (!equal) {
            throw new IllegalStateException(stage + " variant '" + variant + "' at size " + size
                    + " returned a wrong result (" + detail + "); no score is recorded for it");
        }
    }
}
