package dev.nimbench.bench;

import dev.nimbench.arith.ModMath;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerSum;
import dev.nimbench.power.PowerVariant;
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

/**
 * A limit of the machine that the report measures stage variants against (the roofline's
 * compute ceiling): the peak rate of modular products. The fastest product structure there is,
 * a power variant's independent Montgomery chains in vector lanes, runs on {@value #PEAK_SIZE}
 * residues (64 KiB, cache-resident, so memory does not bind) with the power sum's own exponent
 * ({@link #exponent}, s = 10^7: 23 squarings and 7 products per entry, the mix the ceiling bounds),
 * {@link #modularProducts(long, long) 30 × size} products of arithmetic per call. Until 2026-12-01
 * the exponent was {@link #LEGACY_EXPONENT} (61 squarings and 61 products per entry); a product by
 * x in every step keeps x in a register beside each chain, and on the Intel Xeon family 6 model 207
 * the power sum's {@code vector-fma-forkjoin} then ran at 111% of that "peak". Result files without
 * the {@code exponent} parameter were measured with the legacy exponent, and the report counts
 * their products so. The planner also runs the
 * ForkJoin variants at the power stage's largest size (the block repeated), where they have enough
 * work to use every thread, and at one thread for the multiplier's single-threaded products: a
 * ceiling is measured at the thread count and sizes of what it bounds. The report takes the
 * fastest rate over the variants and sizes measured at that thread count. The memory ceiling is {@code TransformBench.copyBaseline}
 * at each transform size.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class LimitsBench {

    /** Residues per call: 64 KiB of ints, within L2 on every machine this runs on. */
    public static final int PEAK_SIZE = 16384;

    /**
     * The exponent of result files without an {@code exponent} parameter (before 2026-12-01): all 62
     * low bits set, the square-and-multiply ladder's longest for a positive long below 2^62.
     */
    public static final long LEGACY_EXPONENT = (1L << 62) - 1;

    /**
     * The exponent of every entry: the power sum's s ({@link PowerSumBench#EXPONENT}, a test holds
     * them equal), so the ceiling runs the product mix it bounds. A parameter, so that a result
     * row says what it measured.
     */
    @Param({"10000000"})
    public long exponent = PowerSumBench.EXPONENT;

    /** A {@link PowerVariant} id: the product structure whose peak is measured. */
    @Param({"vector-montgomery"})
    public String variant;

    /** Residues per call: up to {@value #PEAK_SIZE}, or a multiple of it (that block repeated). */
    @Param({"16384"})
    public int size;

    /**
     * Threads the context offers the forkjoin kernels (the planner passes the run's thread count,
     * as for every stage benchmark): the ceiling of a run is measured at its parallelism.
     */
    @Param({"1"})
    public int threads = 1;

    /** The variant measured (for the warm-up's boxing limit). */
    private PowerVariant resolved;
    private PowerSum power;
    private ExecutionContext ctx;
    private int[] x;
    private long reference;
    private long last;
    private boolean measured;

    /** Modular products per {@link #productPeak()} call with {@code exponent}: {@link PowerSumBench#modularProducts(long, long)}'s rule. */
    public static long modularProducts(long size, long exponent) {
        return PowerSumBench.modularProducts(size, exponent);
    }

    /** The set-up, then the warm-up to steady state ({@link Settle}) before JMH measures. */
    @Setup(Level.Trial)
    public void steadySetUp() {
        prepare();
        Settle.reach(Settle.checkedFirst(this::productPeak, () -> verify(last)), resolved, size);
        measured = false;
    }

    /** Inputs, reference and one checked call (what a direct call without JMH needs). */
    public void setUp() {
        prepare();
        verify(productPeak());
        measured = false;
    }

    /** Inputs and reference. */
    private void prepare() {
        if (size < 1 || (size > PEAK_SIZE && size % PEAK_SIZE != 0)) {
            throw new IllegalArgumentException("limits size must be in [1, " + PEAK_SIZE + "] or a multiple of "
                    + PEAK_SIZE + ", got " + size);
        }
        resolved = BenchSupport.resolve(PowerVariant.class, "limits", variant);
        power = resolved.create();
        ctx = BenchSupport.context(BenchSupport.MODULUS, threads);
        // Above PEAK_SIZE the same PEAK_SIZE residues repeated: the reference is one block's sum times the blocks.
        int[] block = BenchSupport.residues(Math.min(size, PEAK_SIZE), BenchSupport.MODULUS, BenchSupport.SEED);
        x = new int[size];
        for (int i = 0; i < size; i += block.length) {
            System.arraycopy(block, 0, x, i, block.length);
        }
        long r = 0;
        for (int v : block) {
            r = (r + ModMath.pow(v, exponent, BenchSupport.MODULUS)) % BenchSupport.MODULUS; // the obvious reference
        }
        reference = r * (size / block.length) % BenchSupport.MODULUS;
    }

    @Benchmark
    public long productPeak() {
        long r = power.sum(x, exponent, ctx);
        last = r;
        measured = true;
        return r;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        try {
            if (measured) {
                verify(last);
            }
        } finally {
            ctx.close();
        }
    }

    private void verify(long result) {
        BenchSupport.check(result == reference, "limits", variant, size, "sum " + result + ", reference " + reference);
    }
}
