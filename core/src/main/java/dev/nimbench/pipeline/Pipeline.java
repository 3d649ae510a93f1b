package dev.nimbench.pipeline;

import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.combine.Combiner;
import dev.nimbench.config.ConfigSource;
import dev.nimbench.config.Configuration;
import dev.nimbench.config.ConfigurationResolver;
import dev.nimbench.config.ResolvedConfiguration;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.distribution.Problem;
import dev.nimbench.distribution.RangeHistogram;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.StageTimings;
import dev.nimbench.transform.HadamardTransform;
import java.math.BigInteger;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;

/**
 * The modular pipeline of SPEC §2 for one instance: distribution into a padded histogram of
 * {@code P = 2^L} points, then the combine (which runs the transform and power stages when it
 * uses them), then losing/winning mod M. {@link #prepare} validates every input and the memory
 * need before it allocates anything; the padded histogram ({@link PaddedHistogram}) is allocated
 * once and reused by every {@link #run()}. The combiner gets it as a {@link
 * dev.nimbench.combine.HistogramSource}: a fused combiner may run the distribution itself.
 */
public final class Pipeline implements Solver {

    /** Heap the pipeline leaves for everything else (JIT, picocli, Jackson, small arrays). */
    private static final long HEAP_HEADROOM = 32L << 20;

    private final Problem problem;
    private final int n;
    private final long count;
    private final int modulus;
    private final ResolvedConfiguration resolved;
    private final Combiner combiner;
    private final ExecutionContext ctx;
    private final PaddedHistogram histogram;

    private Pipeline(Problem problem, int n, long count, int modulus, ResolvedConfiguration resolved,
            GrundyDistribution distribution, ModularMultiplier multiplier, Combiner combiner, int size, int points) {
        this.problem = problem;
        this.n = n;
        this.count = count;
        this.modulus = modulus;
        this.resolved = resolved;
        this.combiner = combiner;
        this.histogram = new PaddedHistogram(distribution, n, size, points);
        this.ctx = new ExecutionContext(multiplier, resolved.threads());
    }

    /**
     * Validates the instance and the configuration and allocates what the runs need.
     *
     * @param count s (card stacking) or k (divisor game), {@code >= 0}
     * @param modulus {@code 2 <= M < 2^31}; odd for the wht combine; prime and {@code > n} where
     *     card-stacking binomial tables need it
     * @throws IllegalArgumentException (one line naming the value and the valid range) for any
     *     invalid input, unknown or unavailable variant, or a memory need above the free heap
     */
    public static Pipeline prepare(Problem problem, int n, long count, long modulus, Configuration config) {
        return prepare(problem, n, count, modulus, config, List.of(), HeapBudget::available);
    }

    /**
     * As {@link #prepare(Problem, int, long, long, Configuration)} with {@code config} as the
     * user's own choices and {@code layers} ({@link ConfigSource#layers}) below them: the one
     * place {@code solve} resolves its configuration ({@link ConfigurationResolver}).
     */
    public static Pipeline prepare(Problem problem, int n, long count, long modulus, Configuration config,
            List<ConfigSource> layers) {
        return prepare(problem, n, count, modulus, config, layers, HeapBudget::available);
    }

    /**
     * As {@link #prepare(Problem, int, long, long, Configuration)} with the free heap measured by
     * {@code freeHeap} (tests give a constant). When the need looks too big, it collects garbage
     * once and measures again, so a previous run's garbage does not cause a refusal.
     */
    static Pipeline prepare(Problem problem, int n, long count, long modulus, Configuration config,
            LongSupplier freeHeapBytes) {
        return prepare(problem, n, count, modulus, config, List.of(), freeHeapBytes);
    }

    private static Pipeline prepare(Problem problem, int n, long count, long modulus, Configuration config,
            List<ConfigSource> layers, LongSupplier freeHeapBytes) {
        Inputs.checkN(problem, n);
        Inputs.checkCount(problem, count);
        Inputs.checkModulus(modulus);
        int m = (int) modulus;
        ResolvedConfiguration resolved = ConfigurationResolver.resolve(config, layers, problem, m);
        CombineVariant combine = resolved.combine();
        if (combine.requiresOddModulus() && (m & 1) == 0) {
            throw new IllegalArgumentException("modulus = " + m + " is even; the " + resolved.combine().id()
                    + " combine divides by P = 2^L and needs an odd modulus (or use --combine repeated-squaring)");
        }
        ModularMultiplier multiplier = resolved.multiplier().create(m);
        GrundyDistribution distribution = resolved.distribution().create();
        distribution.checkSupported(n, m);
        if (combine.requiresRangeDistribution() && !(distribution instanceof RangeHistogram)) {
            throw new IllegalArgumentException("the " + resolved.combine().id() + " combine fuses the distribution"
                    + " into the transform and needs a distribution with a range writer; " + problem.id()
                    + " distribution '" + resolved.distribution().id() + "' has none; valid: "
                    + rangeDistributionIds(problem) + " (or use another combine)");
        }
        int size = distribution.size(n);
        int points = Inputs.paddedLength(size);
        if (points > resolved.combine().maxPoints()) {
            throw new IllegalArgumentException(problem.id() + " n = " + n + " needs P = " + points
                    + " points but the " + resolved.combine().id() + " combine allows P <= "
                    + resolved.combine().maxPoints() + "; use --combine wht");
        }
        // Saturating sums: a variant may report Long.MAX_VALUE for "cannot be done".
        long need = saturatedAdd(4L * points, distribution.workingBytes(n));
        HadamardTransform transform = combine.usesSpectrum() ? resolved.transform().create() : null;
        if (transform != null) {
            need = saturatedAdd(need, transform.workingBytes(points));
        }
        long freeHeap = freeHeapBytes.getAsLong();
        if (saturatedAdd(need, HEAP_HEADROOM) > freeHeap) {
            System.gc();
            freeHeap = freeHeapBytes.getAsLong();
        }
        if (saturatedAdd(need, HEAP_HEADROOM) > freeHeap) {
            throw new IllegalArgumentException(problem.id() + " n = " + n + " needs about " + mebibytes(need)
                    + " MiB of heap (P = " + points + " points) but only " + mebibytes(freeHeap - HEAP_HEADROOM)
                    + " MiB is available (maximum heap " + mebibytes(Runtime.getRuntime().maxMemory())
                    + " MiB); raise it with -Xmx, e.g. -Xmx" + suggestedGiB(need) + "g");
        }
        // The combiner is bound to the stages it runs: the wht combine to the configured transform
        // and power sum, every other combine to its own kernels.
        Combiner combiner = transform != null ? combine.create(transform, resolved.power().create()) : combine.create();
        return new Pipeline(problem, n, count, m, resolved, distribution, multiplier, combiner, size, points);
    }

    @Override
    public ResolvedConfiguration resolved() {
        return resolved;
    }

    /** Starts a {@link Prewarm} of this instance's vector kernels, or returns null (see there). */
    public Prewarm prewarm() {
        return prewarm(Prewarm.NO_GATE);
    }

    /** As {@link #prewarm()}, with a gate the thread passes after each call (tests). */
    Prewarm prewarm(IntConsumer afterCall) {
        return Prewarm.start(resolved, points(), count, modulus, afterCall);
    }

    /** Number of points P of the padded histogram. */
    public int points() {
        return histogram.buffer().length;
    }

    @Override
    public Result run() {
        StageTimings timings = new StageTimings();
        // The histogram source runs the distribution (and records it) when the combiner asks.
        long zeroXor = combiner.zeroXorTuples(histogram, count, ctx, timings);

        long t1 = System.nanoTime();
        ModularMultiplier mul = ctx.multiplier();
        long base = problem == Problem.CARD_STACKING ? mul.pow(2 % modulus, n) : (n - 1L) % modulus;
        long total = mul.pow(base, count);
        long winning = Math.floorMod(total - zeroXor, (long) modulus);
        timings.record("combine", System.nanoTime() - t1);
        return new Result(problem, n, count, modulus, BigInteger.valueOf(zeroXor), BigInteger.valueOf(winning),
                resolved.asRun(), Result.millis(timings));
    }

    @Override
    public void close() {
        ctx.close();
    }

    private static String rangeDistributionIds(Problem problem) {
        StringBuilder ids = new StringBuilder();
        for (DistributionVariant d : DistributionVariant.forProblem(problem)) {
            if (d.hasRangeWriter()) {
                ids.append(ids.length() == 0 ? "" : ", ").append(d.id());
            }
        }
        return ids.length() == 0 ? "none for this problem" : ids.toString();
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    private static long mebibytes(long bytes) {
        return Math.max(0, saturatedAdd(bytes, (1 << 20) - 1) >> 20);
    }

    private static long suggestedGiB(long need) {
        return Math.max(1, 2 * (saturatedAdd(need, HEAP_HEADROOM + (1L << 30) - 1) >> 30));
    }
}
