package dev.nimbench.bench;

import dev.nimbench.pipeline.ExecutionContext;
import dev.nimbench.transform.HadamardTransform;
import dev.nimbench.transform.TransformVariant;
import java.util.Arrays;
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
 * The transform stage: one Walsh–Hadamard transform mod 1e9+7 of {@code size = P} seeded
 * residues. The kernel works in place, so each call transforms a fresh copy of the input;
 * {@link #copyBaseline()} measures that copy alone (JMH sample 38), to subtract or compare.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class TransformBench {

    /** A {@link TransformVariant} id, or {@value BenchSupport#BASELINE} for the registry's first. */
    @Param({BenchSupport.BASELINE})
    public String variant;

    /** P, a power of two (BenchMain plans 2^10 .. 2^24). */
    @Param({"1024"})
    public int size;

    private HadamardTransform transform;
    private ExecutionContext ctx;
    private int[] input;
    private int[] reference;
    private int[] lastTransformed;

    @Setup(Level.Trial)
    public void setUp() {
        BenchSupport.requirePowerOfTwo(size, "transform size P");
        transform = BenchSupport.resolve(TransformVariant.class, "transform", variant).create();
        ctx = BenchSupport.context(BenchSupport.MODULUS);
        input = BenchSupport.residues(size, BenchSupport.MODULUS, BenchSupport.SEED);
        reference = input.clone();
        BenchSupport.baseline(TransformVariant.class).create().transform(reference, ctx);
        verify(transform());
        lastTransformed = null;
    }

    @Benchmark
    public int[] transform() {
        int[] a = input.clone();
        transform.transform(a, ctx);
        lastTransformed = a;
        return a;
    }

    /** The copy that {@link #transform()} makes, alone. */
    @Benchmark
    public int[] copyBaseline() {
        return input.clone();
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

    private void verify(int[] out) {
        BenchSupport.check(Arrays.equals(out, reference), "transform", variant, size,
                "differs from the baseline " + BenchSupport.baseline(TransformVariant.class).id());
    }
}
