package dev.nimbench.combine.vector;

import dev.nimbench.simd.UnsignedMinSupport;
import dev.nimbench.transform.TwoPassPlan;
import dev.nimbench.transform.vector.UnsignedMinHadamardKernels;
import dev.nimbench.transform.vector.VectorHadamardKernels;

/**
 * The transform half of the fused combines ({@link FusedHadamardPowerKernel}): how pass 1
 * transforms one row and how pass 2 fills a strip buffer with finished spectrum entries. Each
 * constant names one kernel family and calls it; the vector code lives in the kernel classes, so
 * no flag is tested inside a vector loop. Only arrays and ints cross these calls.
 *
 * <p>Every constant leaves entries in {@code [0, M)} ({@link #biased()}: with bit 31 flipped,
 * {@code x ^ 2^31}) and treats rows at and above {@code activeRows} as zero without reading them:
 * the fused combine with the distribution writes only the rows below, and the rest of its buffer
 * holds whatever an earlier run left there.
 */
public enum FusedPasses {
    /**
     * {@link VectorHadamardKernels}: biased entries and a signed minimum, 8 vector instructions per
     * butterfly; pass 1 in radix-4 sweeps (8 per L2 block of 2^17 ints with 16 lanes), pass 2's
     * gather through row levels 0 and 1 (radix 4), the other row levels on the buffer. JDK 17+.
     */
    BIASED("biased"),
    /**
     * {@link UnsignedMinHadamardKernels}: plain entries and {@code VectorOperators.UMIN}, 6 vector
     * instructions per butterfly, as the native yardstick; pass 1 in radix-8 sweeps (5 per L2
     * block with 16 lanes), pass 2's gather through row levels 0-3 (radix 16), the other row
     * levels on the buffer (one radix-8 sweep at 128 rows). JDK 24+: on an older JDK the kernel
     * class fails to initialise ({@link UnsignedMinSupport#REASON}); the registry reports the
     * variant unavailable before that.
     */
    UNSIGNED_MIN("umin");

    private final String id;

    FusedPasses(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    /**
     * This constant, once its kernels can run here.
     *
     * @throws IllegalStateException with {@link UnsignedMinSupport#REASON} for {@link #UNSIGNED_MIN}
     *     on a JDK before 24 (never a silent fall-back to the other kernels)
     */
    FusedPasses requireAvailable() {
        if (this == UNSIGNED_MIN && !UnsignedMinSupport.isPresent()) {
            throw new IllegalStateException(UnsignedMinSupport.REASON);
        }
        return this;
    }

    /** Whether pass 1 and {@link #strip} leave biased entries ({@code x ^ 2^31}); else plain. */
    boolean biased() {
        return this == BIASED;
    }

    /** Pass 1 of one row {@code a[off, off + len)}: plain in, this family's form out. */
    void pass1Block(int[] a, int off, int len, int m) {
        if (this == BIASED) {
            VectorHadamardKernels.pass1Block(a, off, len, m);
        } else {
            UnsignedMinHadamardKernels.INSTANCE.pass1Block(a, off, len, m);
        }
    }

    /**
     * Pass 2 of columns {@code [col, col + stripWidth)} into {@code buf} (row r at
     * {@code r * stripWidth}), every row level done: pass 1's form in (rows below
     * {@code activeRows}), finished spectrum entries in this family's form out; {@code a} is only
     * read. Needs {@code plan.rows >= }{@link FusedHadamardPowerKernel#MIN_ROWS}.
     */
    void strip(int[] a, TwoPassPlan plan, int activeRows, int col, int[] buf, int m) {
        int len = plan.rows * plan.stripWidth;
        if (this == BIASED) {
            FusedHadamardPowerKernel.gather(a, plan, activeRows, col, buf, m);
            VectorHadamardKernels.levels(buf, 0, len, 4 * plan.stripWidth, len, m);
        } else {
            UnsignedMinHadamardKernels.INSTANCE.gather16(a, plan, activeRows, col, buf, m);
            UnsignedMinHadamardKernels.INSTANCE.levels(buf, 0, len, 16 * plan.stripWidth, len, m, 8);
        }
    }

    /** The whole transform in place on one thread, for sizes without the fused shape: plain residues in and out. */
    void transform(int[] a, TwoPassPlan plan, int[] buf, int m) {
        if (this == BIASED) {
            VectorHadamardKernels.transform(a, 0, plan, buf, m);
        } else {
            UnsignedMinHadamardKernels.INSTANCE.transform(a, 0, plan, buf, m);
        }
    }

    /** @throws IllegalArgumentException naming the id and the valid ones */
    static FusedPasses of(String id) {
        for (FusedPasses p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown fused transform kernels '" + id + "'; valid: biased, umin");
    }
}
