package dev.nimbench.bench;

import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.distribution.Problem;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.pipeline.Inputs;
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
 * The distribution stage: the Grundy histogram of one component of size {@code size = n}, mod the
 * problem's default modulus. The output array is allocated once; {@link GrundyDistribution#histogram}
 * overwrites all of it on every call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = BenchSettings.STAGE_WARMUP_ITERATIONS, time = BenchSettings.STAGE_WARMUP_MILLIS,
        timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = BenchSettings.STAGE_MEASUREMENT_ITERATIONS, time = BenchSettings.STAGE_MEASUREMENT_MILLIS,
        timeUnit = TimeUnit.MILLISECONDS)
@Fork(BenchSettings.DECISION_FORKS)
public class DistributionBench {

    /** {@code card-stacking} or {@code divisor-game}. */
    @Param({"card-stacking"})
    public String problem;

    /** A {@link DistributionVariant} id of that problem, or {@value BenchSupport#BASELINE} for its first. */
    @Param({BenchSupport.BASELINE})
    public String variant;

    /** n. */
    @Param({"1000"})
    public int size;

    /**
     * Threads the context offers parallel variants (BenchMain passes {@code --threads}, default the
     * machine's processors): a parameter, so a result row says what it ran with.
     */
    @Param({"1"})
    public int threads = 1;

    /** The variant measured (for the warm-up's boxing limit). */
    private DistributionVariant resolved;
    private GrundyDistribution distribution;
    private ExecutionContext ctx;
    private int[] out;
    private long reference;
    private boolean measured;

    /** The set-up, then the warm-up to steady state ({@link Settle}) before JMH measures. */
    @Setup(Level.Trial)
    public void steadySetUp() {
        prepare();
        Settle.reach(Settle.checkedFirst(this::histogram, () -> verify(out)), resolved, size);
        measured = false;
    }

    /** Inputs, reference and one checked call (what a direct call without JMH needs). */
    public void setUp() {
        prepare();
        verify(histogram());
        measured = false;
    }

    /** Inputs and reference. */
    private void prepare() {
        Problem p = Problem.fromId(problem);
        DistributionVariant v = BenchSupport.BASELINE.equals(variant) ? BenchSupport.baseline(p) : BenchSupport.distribution(p, variant);
        Inputs.checkN(p, size);
        resolved = v;
        distribution = v.create();
        ctx = BenchSupport.context(p.defaultModulus(), threads);
        out = new int[distribution.size(size)];
        reference = DistributionReference.expectedDigest(p, size, ctx);
    }

    @Benchmark
    public int[] histogram() {
        distribution.histogram(size, out, ctx);
        measured = true;
        return out;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        try {
            if (measured) {
                verify(out);
            }
        } finally {
            ctx.close();
        }
    }

    private void verify(int[] histogram) {
        long digest = BenchSupport.digest(histogram, histogram.length);
        BenchSupport.check(digest == reference, "distribution", variant, size,
                problem + " histogram digest " + Long.toHexString(digest) + ", reference "
                        + Long.toHexString(reference));
    }
}
