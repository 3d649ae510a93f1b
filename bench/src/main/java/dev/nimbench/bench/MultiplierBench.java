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

/**
 * The multiplier stage: a batch of {@code size} products mod 1e9+7 over seeded operands.
 * {@link #dependentChain()} multiplies into one accumulator (each product waits for the previous:
 * latency, as in a power ladder); {@link #independentProducts()} sums products that do not
 * depend on each other (throughput, as in a vector of independent powers). The batch loop is the
 * workload, not a repetition of it. Scores in ns per batch.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class MultiplierBench {

    /** A {@link MultiplierVariant} id, or {@value BenchSupport#BASELINE} for the registry's first. */
    @Param({BenchSupport.BASELINE})
    public String variant;

    /** Batch length (products per call). */
    @Param({"4096"})
    public int size;

    private ModularMultiplier multiplier;
    private int[] a;
    private int[] b;
    private long chainReference;
    private long sumReference;
    private long lastChain = -1;
    private long lastSum = -1;

    @Setup(Level.Trial)
    public void setUp() {
        if (size < 1) {
            throw new IllegalArgumentException("multiplier batch size must be >= 1, got " + size);
        }
        int m = BenchSupport.MODULUS;
        multiplier = BenchSupport.resolve(MultiplierVariant.class, "multiplier", variant).create(m);
        a = BenchSupport.residues(size, m, BenchSupport.SEED);
        b = BenchSupport.residues(size, m, BenchSupport.SEED + 1);
        // Reference with plain long arithmetic: operands < 2^31, so a*b < 2^62 does not overflow.
        long chain = 1;
        long sum = 0;
        for (int i = 0; i < size; i++) {
            chain = chain * a[i] % m;
            sum += (long) a[i] * b[i] % m;
        }
        chainReference = chain;
        sumReference = sum;
        verify(dependentChain(), independentProducts());
        lastChain = -1;
        lastSum = -1;
    }

    @Benchmark
    public long dependentChain() {
        ModularMultiplier mul = multiplier;
        int[] x = a;
        long acc = 1;
        for (int i = 0; i < x.length; i++) {
            acc = mul.multiply(acc, x[i]);
        }
        lastChain = acc;
        return acc;
    }

    @Benchmark
    public long independentProducts() {
        ModularMultiplier mul = multiplier;
        int[] x = a;
        int[] y = b;
        long sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += mul.multiply(x[i], y[i]);
        }
        lastSum = sum;
        return sum;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        verify(lastChain == -1 ? chainReference : lastChain, lastSum == -1 ? sumReference : lastSum);
    }

    private void verify(long chain, long sum) {
        BenchSupport.check(chain == chainReference, "multiplier", variant, size,
                "chain product " + chain + ", expected " + chainReference);
        BenchSupport.check(sum == sumReference, "multiplier", variant, size,
                "sum of products " + sum + ", expected " + sumReference);
    }
}
