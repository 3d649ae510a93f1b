package dev.nimbench.bench;

import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.arith.MultiplierVariant;
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
 * The multiplier stage, as the kernels use it: a batch of {@code size} operands mod 1e9+7.
 * {@link #independentProducts()} sums scaled products {@code multiplyScaled(lift(a), b) = a*b}
 * (one reduction, no conversion per product: Montgomery keeps one operand in Montgomery form, as
 * the distribution's loops do), independent of each other (throughput). {@link #pow()} sums
 * {@code pow(a, s)} with the power sum's exponent s = 10^7: dependent squarings (latency), in the
 * multiplier's own representation from conversion in to conversion out, as the scalar power sum
 * calls it. The lifted operands are prepared in the set-up, outside the measurement. Scores in ns
 * per batch.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = BenchSettings.STAGE_WARMUP_ITERATIONS, time = BenchSettings.STAGE_WARMUP_MILLIS,
        timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = BenchSettings.STAGE_MEASUREMENT_ITERATIONS, time = BenchSettings.STAGE_MEASUREMENT_MILLIS,
        timeUnit = TimeUnit.MILLISECONDS)
@Fork(BenchSettings.DECISION_FORKS)
public class MultiplierBench {

    /** The power sum's exponent (PowerSumBench's s). */
    static final long EXPONENT = PowerSumBench.EXPONENT;

    /** A {@link MultiplierVariant} id, or {@value BenchSupport#BASELINE} for the registry's first. */
    @Param({BenchSupport.BASELINE})
    public String variant;

    /** Batch length (operands per call). */
    @Param({"4096"})
    public int size;

    private ModularMultiplier multiplier;
    private int[] a;
    /** {@code lift(a[i])}: a in the multiplier's scaled form (Montgomery: a*R mod M). */
    private long[] liftedA;
    private int[] b;
    /** Read from a non-final field so the JIT cannot fold it into the kernel. */
    private long exponent = EXPONENT;
    private long sumReference;
    private long powReference;
    private long lastSum = -1;
    private long lastPow = -1;

    /** The set-up, then the warm-up ({@link Settle}) of the method this fork measures. */
    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        setUp();
        MultiplierVariant v = BenchSupport.resolve(MultiplierVariant.class, "multiplier", variant);
        Settle.reach(params.getBenchmark().endsWith(".pow") ? this::pow : this::independentProducts, v, size);
        lastSum = -1;
        lastPow = -1;
    }

    /** Inputs, references and one checked call of each method (also what a direct call without JMH needs). */
    void setUp() {
        if (size < 1) {
            throw new IllegalArgumentException("multiplier batch size must be >= 1, got " + size);
        }
        int m = BenchSupport.MODULUS;
        multiplier = BenchSupport.resolve(MultiplierVariant.class, "multiplier", variant).create(m);
        a = BenchSupport.residues(size, m, BenchSupport.SEED);
        b = BenchSupport.residues(size, m, BenchSupport.SEED + 1);
        liftedA = new long[size];
        for (int i = 0; i < size; i++) {
            liftedA[i] = multiplier.lift(a[i]);
        }
        // References in plain arithmetic, not another variant: operands < 2^31, so a*b < 2^62;
        // BigInteger.modPow for the powers; sums of < 2^31 values over a batch < 2^32 fit a long.
        long sum = 0;
        long pows = 0;
        java.math.BigInteger mod = java.math.BigInteger.valueOf(m);
        java.math.BigInteger e = java.math.BigInteger.valueOf(EXPONENT);
        for (int i = 0; i < size; i++) {
            sum += (long) a[i] * b[i] % m;
            pows += java.math.BigInteger.valueOf(a[i]).modPow(e, mod).longValueExact();
        }
        sumReference = sum;
        powReference = pows;
        verify(independentProducts(), pow());
        lastSum = -1;
        lastPow = -1;
    }

    @Benchmark
    public long independentProducts() {
        ModularMultiplier mul = multiplier;
        long[] x = liftedA;
        int[] y = b;
        long sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += mul.multiplyScaled(x[i], y[i]);
        }
        lastSum = sum;
        return sum;
    }

    @Benchmark
    public long pow() {
        ModularMultiplier mul = multiplier;
        int[] x = a;
        long e = exponent;
        long sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += mul.pow(x[i], e);
        }
        lastPow = sum;
        return sum;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        verify(lastSum == -1 ? sumReference : lastSum, lastPow == -1 ? powReference : lastPow);
    }

    private void verify(long sum, long pows) {
        BenchSupport.check(sum == sumReference, "multiplier", variant, size,
                "sum of scaled products " + sum + ", expected " + sumReference);
        BenchSupport.check(pows == powReference, "multiplier", variant, size,
                "sum of powers " + pows + ", expected " + powReference);
    }
}
