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
 * residues (64 KiB, cache-resident, so memory does not bind) with the exponent
 * {@code 2^62 - 1}, whose 61 squarings and 61 products per entry make every call
 * {@link #modularProducts(long) 122 × size} products of pure arithmetic. The report takes the
 * fastest rate over the variants measured. The memory ceiling is {@code TransformBench.copyBaseline}
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

    /** All 62 low bits set: the square-and-multiply ladder's longest for a positive long below 2^62. */
    static final long PEAK_EXPONENT = (1L << 62) - 1;

    /** A {@link PowerVariant} id: the product structure whose peak is measured. */
    @Param({"vector-montgomery"})
    public String variant;

    @Param({"16384"})
    public int size;

    /**
     * Threads the context offers the forkjoin kernels (the planner passes the run's thread count,
     * as for every stage benchmark): the ceiling of a run is measured at its parallelism.
     */
    @Param({"1"})
    public int threads = 1;

    private long exponent = PEAK_EXPONENT;
    private PowerSum power;
    private ExecutionContext ctx;
    private int[] x;
    private long reference;
    private long last;
    private boolean measured;

    /**
     * Modular products per {@link #productPeak()} call: {@code size × (61 + 62 - 1)} by
     * {@link PowerSumBench#modularProducts(long, long)}'s rule.
     */
    public static long modularProducts(long size) {
        return PowerSumBench.modularProducts(size, PEAK_EXPONENT);
    }

    @Setup(Level.Trial)
    public void setUp() {
        power = BenchSupport.resolve(PowerVariant.class, "limits", variant).create();
        ctx = BenchSupport.context(BenchSupport.MODULUS, threads);
        x = BenchSupport.residues(size, BenchSupport.MODULUS, BenchSupport.SEED);
        long r = 0;
        for (int v : x) {
            r = (r + ModMath.pow(v, exponent, BenchSupport.MODULUS)) % BenchSupport.MODULUS; // the obvious reference
        }
        reference = r;
        verify(productPeak());
        measured = false;
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
