package dev.nimbench.bench;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.transform.CacheLineOffset;
import dev.nimbench.transform.HadamardTransform;
import dev.nimbench.transform.TransformVariant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The transform stage: one Walsh–Hadamard transform mod 1e9+7 of {@code size = P} seeded
 * residues. The kernel works in place, so each call transforms a fresh copy of the input;
 * {@link #copyBaseline()} measures that copy alone (JMH sample 38), to subtract or compare.
 * The copy lands at {@link CacheLineOffset#INTS} in a slightly longer array, so that at the large
 * sizes (arrays that start on a heap region) the data starts on a cache line, as the native
 * yardstick's does: a 64-byte vector then touches one line, not two.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = BenchSettings.STAGE_WARMUP_ITERATIONS, time = BenchSettings.STAGE_WARMUP_MILLIS,
        timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = BenchSettings.STAGE_MEASUREMENT_ITERATIONS, time = BenchSettings.STAGE_MEASUREMENT_MILLIS,
        timeUnit = TimeUnit.MILLISECONDS)
@Fork(BenchSettings.DECISION_FORKS)
public class TransformBench {

    /** A {@link TransformVariant} id, or {@value BenchSupport#BASELINE} for the registry's first. */
    @Param({BenchSupport.BASELINE})
    public String variant;

    /** P, a power of two (BenchMain plans 2^10 .. 2^24). */
    @Param({"1024"})
    public int size;

    /**
     * Threads the context offers parallel variants (BenchMain passes {@code --threads}, default the
     * machine's processors): a parameter, so a result row says what it ran with.
     */
    @Param({"1"})
    public int threads = 1;

    private HadamardTransform transform;
    private ExecutionContext ctx;
    private int[] input;
    /**
     * Transformed in place on each call, after a copy of {@link #input}: allocated once (see
     * {@link #transform()}). Shared by the benchmark's threads: the harness runs one benchmark
     * thread (parallelism is inside the variants), so nothing races on it.
     */
    private int[] work;
    /** Where the data starts in {@link #work} and {@link #copy}. */
    private static final int OFFSET = CacheLineOffset.INTS;
    /** {@link #copyBaseline()}'s target: its own, so that it never overwrites a transform's output. */
    private int[] copy;
    /** Digest of the baseline's output: from the harness ({@link HarnessReference}), else computed here. */
    private long reference;
    private int[] lastTransformed;

    /**
     * The counting rule beside the complexity (O(P log P)): the bytes a call must move at the least,
     * {@code 16 × size}. The copy reads and writes P ints (8P bytes), and the transform reads
     * and writes them once more (8P bytes); a variant cannot do with less however it blocks its
     * levels. The memory ceiling is {@link #copyBaseline()} at the same size, {@code 8 × size} bytes
     * a call (a read stream and a write stream).
     */
    public static long bytesMoved(long size) {
        return 16 * size;
    }

    /** Bytes per {@link #copyBaseline()} call: P ints read, P ints written. */
    public static long copyBytes(long size) {
        return 8 * size;
    }

    /** The set-up, then the warm-up ({@link Settle}) of the method this fork measures. */
    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        prepare();
        if (params.getBenchmark().endsWith(".copyBaseline")) {
            Settle.reach(this::copyBaseline, null, size);
        } else {
            Settle.reach(Settle.checkedFirst(this::transform, () -> verify(lastTransformed)),
                    BenchSupport.resolve(TransformVariant.class, "transform", variant), size);
        }
        lastTransformed = null;
    }

    /** Inputs, reference and one checked call (what a direct call without JMH needs). */
    void setUp() {
        prepare();
        verify(transform());
        lastTransformed = null;
    }

    /** Inputs and reference (a copy-baseline fork measures the copy: no transform call to check). */
    private void prepare() {
        BenchSupport.requirePowerOfTwo(size, "transform size P");
        transform = BenchSupport.resolve(TransformVariant.class, "transform", variant).create();
        ctx = BenchSupport.context(BenchSupport.MODULUS, threads);
        input = BenchSupport.residues(size, BenchSupport.MODULUS, BenchSupport.SEED);
        work = CacheLineOffset.allocate(size);
        copy = CacheLineOffset.allocate(size);
        reference = HarnessReference.get(HarnessReference.TRANSFORM, Integer.toString(size))
                .map(h -> Long.parseUnsignedLong(h, 16)).orElseGet(() -> referenceDigest(input, ctx));
    }

    /**
     * Copies the input into the kept work array and transforms that. A fresh {@code clone()} per
     * call measured allocation too: at 2^24 each clone was a new 64 MiB (humongous) object, and
     * the copy took 8-9 ms instead of about 3.
     */
    @Benchmark
    public int[] transform() {
        System.arraycopy(input, 0, work, OFFSET, size);
        transform.transform(work, OFFSET, size, ctx);
        lastTransformed = work;
        return work;
    }

    /** The copy that {@link #transform()} makes, alone. */
    @Benchmark
    public int[] copyBaseline() {
        System.arraycopy(input, 0, copy, OFFSET, size);
        return copy;
    }

    /** The last measured output must still equal the reference (a variant that breaks when warm is caught too). */
    @TearDown(Level.Trial)
    public void tearDown() {
        try {
            if (lastTransformed != null) {
                verify(lastTransformed);
            }
        } finally {
            ctx.close();
        }
    }

    /** The digest of the baseline's transform of {@code input} (what the harness computes once per size). */
    static long referenceDigest(int[] input, ExecutionContext ctx) {
        int[] out = input.clone();
        BenchSupport.baseline(TransformVariant.class).create().transform(out, ctx);
        return BenchSupport.digest(out, out.length);
    }

    private void verify(int[] out) {
        BenchSupport.check(BenchSupport.digest(out, OFFSET, size) == reference, "transform", variant, size,
                "differs from the baseline " + BenchSupport.baseline(TransformVariant.class).id());
    }
}
