package dev.nimbench.distribution;

import dev.nimbench.distribution.cardstacking.GameTreeDistribution;
import dev.nimbench.distribution.cardstacking.PerKTailSumsDistribution;
import dev.nimbench.distribution.cardstacking.TailSumRecurrenceDistribution;
import dev.nimbench.distribution.cardstacking.TauRecurrenceDistribution;
import dev.nimbench.distribution.divisorgame.BruteForceDistribution;
import dev.nimbench.distribution.divisorgame.OmegaSieveDistribution;
import dev.nimbench.distribution.divisorgame.SignatureMemoDistribution;
import dev.nimbench.registry.Variant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Registry of the distribution stage; each variant belongs to one problem, and ids are unique
 * within a problem (both problems have a {@code brute-force}): look variants up with
 * {@link #require(Problem, String)}.
 */
public enum DistributionVariant implements Variant {
    // card-stacking
    TAIL_SUM_RECURRENCE(Problem.CARD_STACKING, "tail-sum-recurrence", "O(n)",
            "seed 000's A_k/B_k tail-sum recurrence over factorial tables", TailSumRecurrenceDistribution::new),
    VECTOR_TAIL_SUM_RECURRENCE(Problem.CARD_STACKING, "vector-tail-sum-recurrence", "O(n)",
            "the tail-sum recurrence with factorial tables (prefix scans), binomials and outputs in Montgomery"
                    + " vector lanes, whatever the multiplier; the A_k chain VL steps at a time (one scalar reduction"
                    + " by 2^VL per VL steps)",
            TailSumRecurrenceDistribution::vectorLanes) {
        @Override
        public boolean usesVectorApi() {
            return true;
        }
    },
    VECTOR_TAIL_SUM_RECURRENCE_MASKED(Problem.CARD_STACKING, "vector-tail-sum-recurrence-masked", "O(n)",
            "vector-tail-sum-recurrence with both operands of every lane multiply of the factorial scans and the"
                    + " binomials masked to 32 bits (vpmuludq on JDK 24+, JDK-8341137; vpmullq + masks on older JDKs)",
            TailSumRecurrenceDistribution::maskedVectorLanes) {
        @Override
        public boolean usesVectorApi() {
            return true;
        }
    },
    VECTOR_TAIL_SUM_RECURRENCE_FMA(Problem.CARD_STACKING, "vector-tail-sum-recurrence-fma", "O(n)",
            "the tail-sum recurrence with factorial tables (one segment per lane) and binomials in double lanes,"
                    + " FMA products, no 64-bit lane multiply (the AVX2 and JDK 17 form); chain scalar, outputs in long lanes reduced by conditional subtractions",
            TailSumRecurrenceDistribution::fmaLanes) {
        @Override
        public boolean usesVectorApi() {
            return true;
        }
    },
    TAU_RECURRENCE(Problem.CARD_STACKING, "tau-recurrence", "O(n)",
            "seed 002's alpha/beta/pi/chi/tau recurrence over factorial tables", TauRecurrenceDistribution::new),
    PER_K_TAIL_SUMS(Problem.CARD_STACKING, "per-k-tail-sums", "O(n^2)",
            "closed form with every tail sum of binomials summed from scratch", PerKTailSumsDistribution::new),
    CARD_STACKING_BRUTE_FORCE(Problem.CARD_STACKING, "brute-force", "O(3^n)",
            "game tree from the rules, mex over every (tops, unused) position", GameTreeDistribution::new),
    // divisor-game
    DIVISOR_GAME_BRUTE_FORCE(Problem.DIVISOR_GAME, "brute-force", "O(n^1.5)",
            "the definition: mex over all pairs of proper divisors", BruteForceDistribution::new),
    SIGNATURE_MEMO(Problem.DIVISOR_GAME, "signature-memo", "O(n log log n)",
            "smallest-prime-factor sieve, Grundy value memoised by prime-exponent signature",
            SignatureMemoDistribution::new),
    OMEGA_SIEVE(Problem.DIVISOR_GAME, "omega-sieve", "O(n log log n)",
            "sg(m) = G(Omega(m)); segmented sieve counting m by Omega", OmegaSieveDistribution::new);

    private final Problem problem;
    private final String id;
    private final String description;
    private final String complexity;
    private final Supplier<GrundyDistribution> factory;

    DistributionVariant(Problem problem, String id, String complexity, String description,
            Supplier<GrundyDistribution> factory) {
        this.problem = problem;
        this.id = id;
        this.complexity = complexity;
        this.description = description;
        this.factory = factory;
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

    /** A new instance of this variant's implementation. */
    public GrundyDistribution create() {
        return factory.get();
    }

    /**
     * Whether the variant can write any range of its histogram on its own
     * ({@link RangeHistogram}), which the combines that fuse the distribution need.
     */
    public boolean hasRangeWriter() {
        return create() instanceof RangeHistogram;
    }

    /**
     * Whether the variant computes with the configured multiplier ({@code ctx.multiplier()}):
     * the scalar card-stacking recurrences do; the vector ones keep their tables in Montgomery form (the FMA one
     * in ordinary form)
     * whatever the multiplier, the brute forces and the divisor-game sieves only count.
     */
    public boolean usesMultiplier() {
        switch (this) {
            case TAIL_SUM_RECURRENCE:
            case TAU_RECURRENCE:
            case PER_K_TAIL_SUMS:
                return true;
            default:
                return false;
        }
    }

    /** The variants of one problem, in declaration order (the first is that problem's default). */
    public static List<DistributionVariant> forProblem(Problem problem) {
        List<DistributionVariant> list = new ArrayList<>();
        for (DistributionVariant v : values()) {
            if (v.problem == problem) {
                list.add(v);
            }
        }
        return list;
    }

    /**
     * The variant of {@code problem} with this id, as {@code Registry.require} finds the others.
     *
     * @throws IllegalArgumentException naming the id and the problem's valid ids, or naming the
     *     reason when the variant exists but cannot run in this JVM (a Vector API variant without
     *     {@code jdk.incubator.vector})
     */
    public static DistributionVariant require(Problem problem, String id) {
        for (DistributionVariant v : forProblem(problem)) {
            if (v.id.equals(id)) {
                if (!v.isAvailable()) {
                    throw new IllegalArgumentException(
                            "distribution variant '" + id + "' is unavailable: " + v.unavailableReason());
                }
                return v;
            }
        }
        String valid = forProblem(problem).stream().map(DistributionVariant::id).collect(Collectors.joining(", "));
        for (DistributionVariant v : values()) {
            if (v.id.equals(id)) {
                throw new IllegalArgumentException("distribution variant '" + id + "' belongs to " + v.problem.id()
                        + ", not " + problem.id() + "; valid for " + problem.id() + ": " + valid);
            }
        }
        throw new IllegalArgumentException("unknown distribution variant '" + id + "' for " + problem.id()
                + "; valid: " + valid);
    }
}
