package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.distribution.RangeHistogram;
import dev.nimbench.distribution.cardstacking.vector.FmaDiagonalBinomials;
import dev.nimbench.distribution.cardstacking.vector.FmaFactorialTables;
import dev.nimbench.distribution.cardstacking.vector.SubtractiveTailSumOutputs;
import dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryDiagonalBinomials;
import dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials;
import dev.nimbench.distribution.cardstacking.vector.VectorTailSumChain;
import dev.nimbench.distribution.cardstacking.vector.VectorTailSumOutputs;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.ParallelFor;
import dev.nimbench.registry.VectorSupport;

/**
 * Card stacking by the tail-sum recurrence of seed 000 (SPEC §3), O(n) after the O(n) tables.
 * For {@code k >= 1}, with {@code R = N-k-2}:
 * <pre>
 *   A_k = sum_{i=0}^{k-2} C(R, i),   2 A_k = A_{k-1} + 2 C(R, k-2) + C(R, k-3),   A_1 = 0
 *   B_k = 2 A_k - C(R, k-2)          (= sum_{i=0}^{k-2} C(R+1, i))
 *   F(2k)   = 2^R     + C(R, k)   - A_k
 *   F(2k-1) = 2^(R+1) + C(R+1, k) - B_k,      F(0) = 2^(N-2) + 2
 * </pre>
 * Halving is done by {@link ModMath#half} (no multiplication; M is an odd prime). Powers of two
 * walk down by halving as well. The outputs are sums of a few residues reduced once (lazy:
 * every sum stays below {@code 10M}) by {@link ModMath#reduceSmall}, without a division.
 *
 * <p><b>Fewer binomials.</b> The four binomials {@code C(R, k-t)}, t = 0..3, lie on four
 * anti-diagonals {@code D_s(j) = C(s-j, j)} (s = N-2-t), and Pascal's rule
 * {@code D_s(j) = D_{s-1}(j) + D_{s-2}(j-1)} expresses them through two diagonals only,
 * {@code x_j = C(N-4-j, j)} and {@code y_j = C(N-5-j, j)}:
 * {@code C(R,k-3) = y_{k-3}}, {@code C(R,k-2) = x_{k-2}}, {@code C(R,k-1) = x_{k-1} + y_{k-2}},
 * {@code C(R,k) = x_k + y_{k-1} + x_{k-1}}. Each step computes two fresh binomials
 * ({@code x_k}, {@code y_{k-1}}, four products, independent from step to step) instead of
 * five; only the additions/halvings of A_k form a loop-carried chain. Pascal's rule with
 * "binom = 0 outside 0..R" needs the expanded rows to be >= 1, i.e. {@code R >= 2}; the last
 * few steps of tiny n fall back to direct binomials.
 *
 * <p><b>Threads.</b> With {@code ctx.threads() > 1} (and n >= {@value #PARALLEL_MIN_N}) the table
 * passes run in the context's pool and the k range is split into one contiguous range per
 * thread. Only A_k is inherently sequential: a range starting at s first computes its
 * {@code A_{s-1}} directly (s products), so later ranges are made shorter ({@link #splitPoints}).
 * The loop itself is {@link TailSumRecurrenceRanges}'s writer, which fused combiners use too.
 *
 * <p><b>Two variants.</b> {@code tail-sum-recurrence}: scalar products with the configured
 * multiplier ({@link InterleavedFactorials}, {@link DiagonalBinomials#scalar}).
 * {@code vector-tail-sum-recurrence} ({@link #vectorLanes()}): the factorial tables by vector
 * prefix scans and the step binomials in vector lanes, both Montgomery REDC in 64-bit lanes
 * ({@code cardstacking/vector/VectorMontgomeryFactorials}, {@code cardstacking/vector/VectorMontgomeryDiagonalBinomials}),
 * the A_k chain VL steps at a time from the closed form of VL halvings ({@code cardstacking/vector/VectorTailSumChain}:
 * one scalar reduction per VL steps is left on the chain), and the histogram entries assembled
 * in lanes ({@code cardstacking/vector/VectorTailSumOutputs}), so its tables are kept in Montgomery form
 * whatever multiplier the configuration names (as the {@code vector-montgomery} power sum does).
 * {@code vector-tail-sum-recurrence-masked} ({@link #maskedVectorLanes()}): the same with the
 * scans and the binomials in the {@code vpmuludq} shape (both operands of every lane multiply
 * masked to 32 bits, docs/lane-arithmetic.md), the same residues; it shares the vector variant's
 * kept table arrays (same representation). The outputs' reduction multiplies 35-bit sums by the
 * reciprocal and keeps {@code cardstacking/vector/VectorTailSumOutputs} ({@code vpmullq}, two per VL entries).
 */
public final class TailSumRecurrenceDistribution implements GrundyDistribution, RangeHistogram {

    /** Below this n one thread is used whatever the context says: tasks would cost more than they save. */
    static final int PARALLEL_MIN_N = 1 << 16;

    /** Relative cost of one recurrence step against one term of a direct tail sum. */
    static final int STEP_COST = 6;

    /** The lane kernel of the vector variants ({@code simd/LaneKernel} id), null for the scalar one. */
    private final String laneKernel;

    /** The scalar variant, {@code tail-sum-recurrence}: every product by the configured multiplier. */
    public TailSumRecurrenceDistribution() {
        this(null);
    }

    private TailSumRecurrenceDistribution(String laneKernel) {
        this.laneKernel = laneKernel;
    }

    /** The {@code vector-tail-sum-recurrence} variant: tables and step binomials in Montgomery vector lanes. */
    public static TailSumRecurrenceDistribution vectorLanes() {
        return new TailSumRecurrenceDistribution("montgomery");
    }

    /**
     * The {@code vector-tail-sum-recurrence-masked} variant: as {@link #vectorLanes()} with every
     * multiply of the scans and the binomials in the {@code vpmuludq} shape (JDK 24+).
     */
    public static TailSumRecurrenceDistribution maskedVectorLanes() {
        return new TailSumRecurrenceDistribution("montgomery-masked");
    }

    /**
     * The {@code vector-tail-sum-recurrence-fma} variant: tables and step binomials in double lanes
     * with FMA products (no 64-bit lane multiply: the form for AVX2 and JDK 17), in ordinary form
     * whatever the multiplier; the A_k chain scalar, the outputs in lanes with no lane multiply
     * ({@code cardstacking/vector/SubtractiveTailSumOutputs}).
     */
    public static TailSumRecurrenceDistribution fmaLanes() {
        return new TailSumRecurrenceDistribution(FMA);
    }

    /** The {@link #laneKernel} of {@link #fmaLanes()}. */
    private static final String FMA = "fma";

    @Override
    public RangeHistogram.Ranges ranges(int n, ExecutionContext ctx) {
        checkSupported(n, ctx.modulus());
        int threads = threads(n, ctx);
        var pool = threads > 1 ? ctx.pool() : null;
        if (FMA.equals(laneKernel) && n >= 2) {
            ModularMultiplier plain = MultiplierVariant.PLAIN.create(ctx.modulus());
            return new TailSumRecurrenceRanges(n, plain, pool, threads, tableArrays(n, ctx),
                    VectorSupport.create(() -> new FmaFactorialTables()),
                    VectorSupport.create(() -> new FmaDiagonalBinomials()),
                    TailSumChain.scalar(), VectorSupport.create(() -> new SubtractiveTailSumOutputs()));
        }
        if (laneKernel != null && n >= 2) { // n = 1 needs no product (and allows M = 2, which REDC cannot use)
            ModularMultiplier montgomery = MultiplierVariant.MONTGOMERY.create(ctx.modulus());
            return new TailSumRecurrenceRanges(n, montgomery, pool, threads, tableArrays(n, ctx),
                    VectorSupport.create(() -> new VectorMontgomeryFactorials(laneKernel)),
                    VectorSupport.create(() -> new VectorMontgomeryDiagonalBinomials(laneKernel)),
                    VectorSupport.create(() -> new VectorTailSumChain()),
                    VectorSupport.create(() -> new VectorTailSumOutputs()));
        }
        ModularMultiplier mul = ctx.multiplier();
        return new TailSumRecurrenceRanges(n, mul, pool, threads, tableArrays(n, ctx), new InterleavedFactorials(),
                DiagonalBinomials.scalar(mul), TailSumChain.scalar(), TailSumOutputs.scalar());
    }

    /**
     * The context's kept arrays for the factorial tables of size n (none for n < 2, where no
     * table is built), one pair per variant (their representations differ). A second
     * {@link #ranges} call on the same context rebuilds them: the earlier {@code Ranges} must not
     * be in use any more (one run at a time uses a context).
     */
    private int[][] tableArrays(int n, ExecutionContext ctx) {
        if (n < 2) {
            return null;
        }
        String owner = laneKernel == null ? "tail-sum-recurrence" // the representations differ; both Montgomery variants share
                : FMA.equals(laneKernel) ? "vector-tail-sum-recurrence-fma" : "vector-tail-sum-recurrence";
        return new int[][] {ctx.scratchInts(owner + ".factorials", n + 1),
            ctx.scratchInts(owner + ".inverse-factorials", n + 1)};
    }

    @Override
    public int size(int n) {
        return CardStacking.size(n);
    }

    @Override
    public void checkSupported(int n, int modulus) {
        CardStacking.requireBinomialSupport(n, modulus);
    }

    @Override
    public long workingBytes(int n) {
        return BinomialTable.bytesFor(n);
    }

    /**
     * Builds the tables ({@link #ranges}) and lets one writer per thread write a contiguous
     * range of the histogram, split by {@link #splitPoints}: task t writes from index
     * {@code 2 k_t - 1}, the first index of its first step.
     */
    @Override
    public void histogram(int n, int[] out, ExecutionContext ctx) {
        CardStacking.requireOut(n, out);
        RangeHistogram.Ranges ranges = ranges(n, ctx); // checks n and the modulus
        int threads = threads(n, ctx);
        int[] steps = splitPoints(n / 2, threads, ranges); // k in [1, n/2]: step k writes 2k-1 and 2k
        ParallelFor.forEach(ctx, threads, t -> {
            int from = t == 0 ? 0 : Math.min(n, 2 * steps[t] - 1);
            int to = t == threads - 1 ? n : Math.min(n, 2 * steps[t + 1] - 1);
            ranges.writer().write(out, from, to);
        });
    }

    /** The context's thread count, or 1 below {@link #PARALLEL_MIN_N}. */
    private static int threads(int n, ExecutionContext ctx) {
        return n >= PARALLEL_MIN_N ? ctx.threads() : 1;
    }

    /**
     * Where each of {@code parts} tasks starts in {@code [1, kMax]} (plus {@code kMax + 1} at the
     * end) so that they cost about the same: a task starting at step s first pays the writer's
     * restart at index {@code 2s - 1} ({@link RangeHistogram.Ranges#restartCost}, in entries:
     * {@code STEP_COST / 2} units each), then does {@code STEP_COST} units per step. (For the
     * scalar sum that is {@code s} units up to the restart cost's rounding: within one step of
     * pricing the sum as {@code s} products directly.)
     */
    static int[] splitPoints(int kMax, int parts, RangeHistogram.Ranges ranges) {
        return ParallelFor.balancedStarts(1, kMax + 1, parts, STEP_COST,
                k -> k > 1 ? ranges.restartCost(2 * k - 1) * STEP_COST / 2 : 0);
    }
}
