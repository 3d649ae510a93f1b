package dev.nimbench.transform.vector;

import dev.nimbench.transform.TwoPassPlan;

/**
 * The steps of a two-memory-pass vector transform ({@link TwoPassPlan}), for the driver
 * {@link ForkJoinTwoPassHadamardTransform} that splits them over threads. No vector crosses this
 * interface (only arrays and ints), so a call that C2 does not inline costs a call, never boxing.
 */
interface TwoPassKernels {

    /** Lanes per vector: the plan's minimum strip width. */
    int lanes();

    /** The whole transform of {@code a[offset, offset + 2^plan.log)} on one thread: plain residues in {@code [0, M)} in and out. */
    void transform(int[] a, int offset, TwoPassPlan plan, int[] buf, int m);

    /** Pass 1 of one block {@code a[off, off + len)}: plain in, the kernels' own form out. */
    void pass1Block(int[] a, int off, int len, int m);

    /**
     * Pass 2 of one strip: pass 1's form in, plain residues in {@code [0, M)} out. {@code col}
     * is the strip's first entry in row 0 counted from the array's start (the range's offset
     * plus the column); row r is {@code r * plan.block} further.
     */
    void pass2Strip(int[] a, TwoPassPlan plan, int col, int[] buf, int m);
}
