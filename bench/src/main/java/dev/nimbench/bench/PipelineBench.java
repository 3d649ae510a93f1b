package dev.nimbench.bench;

import dev.nimbench.distribution.Problem;
import dev.nimbench.pipeline.Pipeline;
import dev.nimbench.pipeline.Result;
import java.math.BigInteger;
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
 * The whole pipeline for one configuration ({@link PipelineLabels}) and thread count at size {@code n}, with the
 * real targets' component counts (s = 10^7 suits, k = 10^12 piles) and the problem's default
 * modulus. The pipeline is prepared (validated, arrays allocated) in the setup; the benchmark is
 * one {@link Pipeline#run()}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = BenchSettings.PIPELINE_WARMUP_ITERATIONS, time = BenchSettings.PIPELINE_WARMUP_MILLIS,
        timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = BenchSettings.PIPELINE_MEASUREMENT_ITERATIONS, time = BenchSettings.PIPELINE_MEASUREMENT_MILLIS,
        timeUnit = TimeUnit.MILLISECONDS)
@Fork(BenchSettings.DECISION_FORKS)
public class PipelineBench {

    /** {@code card-stacking} or {@code divisor-game}. */
    @Param({"card-stacking"})
    public String problem;

    /** A configuration label: {@code default} or {@code stage=id[,stage=id]}. */
    @Param({PipelineLabels.DEFAULT})
    public String variant;

    /** n. */
    @Param({"100000"})
    public int size;

    /** The configuration's thread count. */
    @Param({"1"})
    public int threads;

    private Pipeline pipeline;
    private BigInteger reference;
    private Result last;

    /** The set-up, then the warm-up to steady state ({@link Settle}) before JMH measures. */
    @Setup(Level.Trial)
    public void steadySetUp() {
        prepare();
        Settle.reachPipeline(Settle.checkedFirst(this::solve, () -> verify(last)), size);
        last = null;
    }

    /** Inputs, reference and one checked call (what a direct call without JMH needs). */
    public void setUp() {
        prepare();
        verify(pipeline.run());
        last = null;
    }

    /** The configuration and the reference answer. */
    private void prepare() {
        Problem p = Problem.fromId(problem);
        pipeline = prepare(p, variant);
        reference = PipelineLabels.known(p, size);
        if (reference == null) {
            reference = HarnessReference.get(HarnessReference.PIPELINE, p.id() + "@" + size).map(BigInteger::new).orElse(null);
        }
        if (reference == null) {
            // Another configuration computes the reference: the default, or for the default itself
            // the one with the transform, power and multiplier baselines.
            String other = variant.equals(PipelineLabels.DEFAULT) ? PipelineLabels.baselinesLabel() : PipelineLabels.DEFAULT;
            try (Pipeline check = prepare(p, other)) {
                reference = check.run().answer();
            }
        }
    }

    @Benchmark
    public Result solve() {
        Result r = pipeline.run();
        last = r;
        return r;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        try {
            if (last != null) {
                verify(last);
            }
        } finally {
            pipeline.close();
        }
    }

    private Pipeline prepare(Problem p, String label) {
        return Pipeline.prepare(p, size, PipelineLabels.count(p), p.defaultModulus(), PipelineLabels.parse(label, p, threads));
    }

    private void verify(Result r) {
        BenchSupport.check(r.answer().equals(reference), "pipeline", variant, size,
                problem + " answer " + r.answer() + ", reference " + reference);
    }
}
