package dev.nimbench.bench;

import dev.nimbench.distribution.Problem;
import dev.nimbench.pipeline.Pipeline;
import dev.nimbench.pipeline.Prewarm;
import dev.nimbench.pipeline.Result;
import java.math.BigInteger;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One cold solve per fork: {@link Mode#SingleShotTime}, no warm-up, one measured call, so with
 * many forks (each a fresh JVM) every sample is a first run. The call is what a one-shot
 * {@code solve} does after parsing its arguments: prepare (validate, allocate), start the
 * {@link Prewarm} as the CLI does, run, close. Its time therefore includes the JIT warm-up of every
 * kernel and the first touch of the arrays; the JVM's own start and the class loading before
 * the first call are not in it (the process timer of the same run has them, see
 * {@link ColdStartPlan}).
 *
 * <p>{@code jvm} names the fork's JVM option set ({@link ColdJvm}); the planner passes those
 * options to the fork, and the fork checks that it got them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(5)
public class ColdPipelineBench {

    @Param({"card-stacking"})
    public String problem;

    /** A configuration label ({@link PipelineLabels}). */
    @Param({PipelineLabels.DEFAULT})
    public String variant;

    @Param({"10000000"})
    public int size;

    @Param({"1"})
    public int threads;

    /** The JVM option set's id ({@link ColdJvm#id()}). */
    @Param({"plain"})
    public String jvm;

    @Benchmark
    public Result solve() {
        Problem p = Problem.fromId(problem);
        String given = System.getProperty(ColdJvm.PROPERTY);
        BenchSupport.check(jvm.equals(given), "cold pipeline", variant, size,
                "the fork was started with JVM option set '" + given + "', not '" + jvm + "'");
        Result r;
        try (Pipeline pipeline = Pipeline.prepare(p, size, PipelineLabels.count(p), p.defaultModulus(),
                PipelineLabels.parse(variant, p, threads));
                Prewarm warm = pipeline.prewarm()) {
            r = pipeline.run();
        }
        BigInteger reference = PipelineLabels.known(p, size);
        BenchSupport.check(reference == null || r.answer().equals(reference), "cold pipeline", variant, size,
                problem + " answer " + r.answer() + ", known " + reference);
        return r;
    }
}
