package dev.nimbench.bench;

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
 * The power-sum stage: {@code Σ x[i]^s mod 1e9+7} over {@code size = P} seeded residues with
 * {@code s = 10^7}, the card-stacking target's suit count (so the exponent has its real bit length).
 * The kernel does not modify its input, so no copy is needed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = BenchSettings.STAGE_WARMUP_ITERATIONS, time = BenchSettings.STAGE_WARMUP_MILLIS,
        timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = BenchSettings.STAGE_MEASUREMENT_ITERATIONS, time = BenchSettings.STAGE_MEASUREMENT_MILLIS,
        timeUnit = TimeUnit.MILLISECONDS)
@Fork(BenchSettings.DECISION_FORKS)
public class PowerSumBench {

    /** The card-stacking target's s. */
    static final long EXPONENT = 10_000_000L;

    /** A {@link PowerVariant} id, or {@value BenchSupport#BASELINE} for the registry's first. */
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

    /** Read from a non-final field so the JIT cannot fold it into the kernel. */
    private long exponent = EXPONENT;
    /** The variant measured (for the warm-up's boxing limit). */
    private PowerVariant resolved;
    private PowerSum power;
    private ExecutionContext ctx;
    private int[] x;
    private long reference;
    private long last;
    private boolean measured;

    /**
     * The counting rule beside the complexity (O(P log s)): modular products per call,
     * {@code size × (⌊log2 s⌋ + popcount(s) - 1)}. Each entry climbs the square-and-multiply
     * ladder from {@code r = x} at the top bit: one squaring per lower bit, one product per lower
     * set bit (s = 10^7: 23 + 7 = 30 per entry). The final conversions and the sum are a few
     * operations per entry and are not counted; every variant does this same modular work.
     */
    public static long modularProducts(long size, long s) {
        if (s <= 0) {
            return 0;
        }
        return size * (63 - Long.numberOfLeadingZeros(s) + Long.bitCount(s) - 1);
    }

    /** {@link #modularProducts(long, long)} at this benchmark's exponent. */
    public static long modularProducts(long size) {
        return modularProducts(size, EXPONENT);
    }

    /** The set-up, then the warm-up to steady state ({@link Settle}) before JMH measures. */
    @Setup(Level.Trial)
    public void steadySetUp() {
        prepare();
        Settle.reach(Settle.checkedFirst(this::sum, () -> verify(last)), resolved, size);
        measured = false;
    }

    /** Inputs, reference and one checked call (what a direct call without JMH needs). */
    public void setUp() {
        prepare();
        verify(sum());
        measured = false;
    }

    /** Inputs and reference. */
    private void prepare() {
        BenchSupport.requirePowerOfTwo(size, "power-sum size P");
        PowerVariant v = BenchSupport.resolve(PowerVariant.class, "power", variant);
        resolved = v;
        power = v.create();
        ctx = BenchSupport.context(BenchSupport.MODULUS, threads);
        x = BenchSupport.residues(size, BenchSupport.MODULUS, BenchSupport.SEED);
        reference = HarnessReference.get(HarnessReference.POWER, Integer.toString(size)).map(Long::parseLong)
                .orElseGet(() -> BenchSupport.baseline(PowerVariant.class).create().sum(x, exponent, ctx));
    }

    @Benchmark
    public long sum() {
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
        BenchSupport.check(result == reference, "power", variant, size, "sum " + result + ", baseline "
                + BenchSupport.baseline(PowerVariant.class).id() + " gives " + reference);
    }
}
