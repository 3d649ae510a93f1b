package dev.nimbench.simd;

import java.util.Arrays;
import java.util.Locale;

/**
 * The ways the power-sum kernels multiply in vector lanes (docs/lane-arithmetic.md), for
 * the callers that take the technique as a choice (the fused pass 2 + power sum, the fork/join
 * split): each constant names one kernel shape and calls it; the vector code of each lives in
 * its own class, so no flag is tested inside a vector loop. Only scalars cross this call.
 */
public enum LaneKernel implements ForkJoinRanges.RangeSum {
    /** {@link MontgomeryPowerKernel}: 64-bit lane multiplies ({@code vpmullq}); odd M. */
    MONTGOMERY("montgomery", MontgomeryPowerKernel.LAZY_STEP),
    /** {@link MaskedMontgomeryPowerKernel}: operands masked to 32 bits ({@code vpmuludq} on JDK 24+); odd M. */
    MONTGOMERY_MASKED("montgomery-masked", MontgomeryPowerKernel.LAZY_STEP),
    /**
     * {@link Int32QuotientMontgomeryPowerKernel}: 64-bit lane multiplies with the quotient from a
     * 32-bit lane multiply ({@code vpmulld}, no mask: five instructions per product); odd M.
     */
    MONTGOMERY_Q32("montgomery-q32", MontgomeryPowerKernel.LAZY_STEP),
    /**
     * {@link #MONTGOMERY_Q32} with sixteen chains in flight instead of eight
     * ({@link Int32QuotientMontgomeryPowerKernel#wideLazyBlockSum}; four in the strict range); odd M.
     */
    MONTGOMERY_Q32_WIDE("montgomery-q32-wide", MontgomeryPowerKernel.WIDE_STEP),
    /**
     * {@link #MONTGOMERY_MASKED} shaped for sixteen vector registers (AVX2): bases loaded again
     * where they are multiplied, one branch per step
     * ({@link MaskedMontgomeryPowerKernel#reloadLazyBlockSum}; the masked strict form above 2^30); odd M.
     */
    MONTGOMERY_MASKED_RELOAD("montgomery-masked-reload", MontgomeryPowerKernel.LAZY_STEP),
    /** {@link FmaPowerKernel}: double lanes with FMA; any M below 2^31. */
    FMA("fma", FmaPowerKernel.STEP),
    /**
     * {@link #FMA} shaped for sixteen vector registers (AVX2): bases read again where they are
     * multiplied, one branch per step ({@code FmaPowerKernel.reloadBlockSum}); any M below 2^31.
     */
    FMA_RELOAD("fma-reload", FmaPowerKernel.STEP);

    private final String id;
    private final int step;

    LaneKernel(String id, int step) {
        this.id = id;
        this.step = step;
    }

    public String id() {
        return id;
    }

    /**
     * Whether {@link #sum} reads only the low 31 bits of each entry, so that the fused pass 2
     * can hand it the transform's biased output ({@code x ^ 2^31}) without an unbias sweep: the
     * Montgomery kernels load int pairs into long lanes and mask them anyway; the FMA kernel
     * converts to doubles and needs plain residues.
     */
    public boolean readsBiased() {
        return this != FMA && this != FMA_RELOAD;
    }

    /**
     * Refuses a modulus this kernel cannot use, before any work is split: the Montgomery kernels
     * need an odd {@code M < 2^31} (R = 2^32 invertible), FMA any {@code 2 <= M < 2^31}.
     *
     * @throws IllegalArgumentException naming M and the valid range
     */
    public void requireModulus(int m) {
        if (this == FMA || this == FMA_RELOAD) {
            dev.nimbench.arith.ModMath.requireModulus(m);
        } else {
            MontgomeryPowerKernel.requireOdd(m);
        }
    }

    /** Entries per vector iteration (chunk borders of a split go on multiples of it). */
    public int step() {
        return step;
    }

    /** {@code Σ_{i in [from, to)} x[i]^s mod M}, entries in {@code [0, M)}; result in {@code [0, M)}. */
    @Override
    public long sum(int[] x, int from, int to, long s, int m) {
        switch (this) {
            case MONTGOMERY:
            case MONTGOMERY_MASKED:
            case MONTGOMERY_Q32:
            case MONTGOMERY_Q32_WIDE:
            case MONTGOMERY_MASKED_RELOAD:
                return MontgomeryPowerKernel.sum(x, from, to, s, m, this);
            case FMA:
                return FmaPowerKernel.sum(x, from, to, s, m, false);
            case FMA_RELOAD:
                return FmaPowerKernel.sum(x, from, to, s, m, true);
            default:
                throw new IllegalStateException(name());
        }
    }

    /**
     * For the Montgomery table kernels, which have a plain and a masked form only: whether
     * {@code id} names the masked one.
     *
     * @param what the kernel, for the message
     * @throws IllegalArgumentException naming the id and the two valid ones, for any other id
     */
    public static boolean isMaskedMontgomery(String id, String what) {
        LaneKernel kernel = of(id);
        if (kernel != MONTGOMERY && kernel != MONTGOMERY_MASKED) {
            throw new IllegalArgumentException(what + " have no lane kernel '" + id + "'; valid: montgomery, montgomery-masked");
        }
        return kernel == MONTGOMERY_MASKED;
    }

    /** @throws IllegalArgumentException naming the id and the valid ones */
    public static LaneKernel of(String id) {
        for (LaneKernel k : values()) {
            if (k.id.equals(id)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown lane kernel '" + id + "'; valid: "
                + Arrays.toString(Arrays.stream(values()).map(LaneKernel::id).toArray()).toLowerCase(Locale.ROOT));
    }
}
