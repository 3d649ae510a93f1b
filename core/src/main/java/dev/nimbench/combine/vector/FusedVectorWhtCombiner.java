package dev.nimbench.combine.vector;

import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.combine.Combiner;
import dev.nimbench.combine.HistogramSource;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.StageTimings;
import dev.nimbench.power.PowerSums;
import dev.nimbench.simd.LaneKernel;
import dev.nimbench.transform.HadamardLength;
import dev.nimbench.transform.TwoPassPlan;

/**
 * The wht combine with the transform and power stages fused ({@link FusedHadamardPowerSum}):
 * {@code P^-1 · Σ_t (H a)[t]^s mod M}, odd M, the spectrum never written back; all-zero rows at
 * the top of the histogram (the padding beyond the source's size, or found by a backward scan
 * for a bare array) are skipped. It runs its own Vector API
 * transform and power sum, so the configured transform and power stages do not take part
 * ({@link #usesSpectrum()} is false) and its time is recorded as "transform+power". Loaded by
 * name through {@link dev.nimbench.registry.VectorSupport}.
 */
public final class FusedVectorWhtCombiner implements Combiner {

    private final FusedHadamardPowerSum fused;

    /** The fused combine with the Montgomery power kernel in 64-bit lanes ({@code fused-vector-wht}). */
    public FusedVectorWhtCombiner() {
        this("montgomery");
    }

    /**
     * The fused combine whose power part multiplies with the named {@link LaneKernel}
     * ({@code montgomery}, {@code montgomery-masked} or {@code fma}).
     *
     * @throws IllegalArgumentException for another id
     */
    public FusedVectorWhtCombiner(String laneKernel) {
        this(laneKernel, FusedPasses.BIASED.id());
    }

    /**
     * The fused combine whose transform runs the named {@link FusedPasses} ({@code biased}, or
     * {@code umin} on JDK 24+) and whose power part multiplies with the named {@link LaneKernel}.
     *
     * @throws IllegalArgumentException for an unknown id
     * @throws IllegalStateException for {@code umin} on a JDK without {@code VectorOperators.UMIN}
     */
    public FusedVectorWhtCombiner(String laneKernel, String passes) {
        this.fused = new FusedHadamardPowerSum(FusedPasses.of(passes), LaneKernel.of(laneKernel));
    }

    @Override
    public long zeroXorTuples(int[] histogram, long s, ExecutionContext ctx, StageTimings timings) {
        return count(histogram, -1, s, ctx, timings);
    }

    /**
     * The histogram from the source, whose rows at and above {@code ceil(size / block)} are zero
     * padding: those are skipped without the scan.
     */
    @Override
    public long zeroXorTuples(HistogramSource source, long s, ExecutionContext ctx, StageTimings timings) {
        return count(source.histogram(ctx, timings), source.size(), s, ctx, timings);
    }

    /**
     * The fused transform and power sum, times P^-1. {@code size} is the number of leading
     * entries that may be non-zero, or -1 when unknown (the rows are then scanned from the top).
     */
    private long count(int[] histogram, int size, long s, ExecutionContext ctx, StageTimings timings) {
        int m = ctx.modulus();
        requireOdd(m);
        PowerSums.requireExponent(s);
        int log = HadamardLength.log2(histogram.length);
        long t0 = System.nanoTime();
        TwoPassPlan plan = FusedHadamardPowerKernel.plan(log);
        int active = size < 0 ? FusedHadamardPowerKernel.activeRows(histogram, plan) : activeRows(size, plan);
        long sum = fused.sum(histogram, active, s, ctx); // in [0, M)
        long t1 = System.nanoTime();
        long zeroXor = timesInversePoints(sum, log, ctx.multiplier(), m);
        timings.record("transform+power", t1 - t0);
        timings.record("combine", System.nanoTime() - t1);
        return zeroXor;
    }

    /** Rows of {@code plan} that hold any of the first {@code size} entries. */
    static int activeRows(int size, TwoPassPlan plan) {
        return (int) Math.min(plan.rows, ((long) size + plan.block - 1) / plan.block);
    }

    static void requireOdd(int m) {
        if ((m & 1) == 0) {
            throw new IllegalArgumentException("modulus " + m + " is even; the fused wht combines divide by P = 2^L"
                    + " and need an odd modulus in [3, 2^31)");
        }
    }

    /** {@code sum · 2^-L mod M}, sum in {@code [0, M)}, result in {@code [0, M)}. */
    static long timesInversePoints(long sum, int log, ModularMultiplier mul, int m) {
        // 2^-1 mod odd M is (M + 1) / 2, in [0, M) for M >= 3; P^-1 = (2^-1)^L.
        return mul.multiply(sum, mul.pow((m + 1L) / 2, log));
    }

    @Override
    public boolean usesSpectrum() {
        return false;
    }

    @Override
    public boolean requiresOddModulus() {
        return true;
    }
}
