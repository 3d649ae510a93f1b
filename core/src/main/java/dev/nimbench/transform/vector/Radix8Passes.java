package dev.nimbench.transform.vector;

import dev.nimbench.simd.Species;
import dev.nimbench.transform.TwoPassPlan;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The pass structure shared by the radix-8 transform kernels on {@code int} lanes: which sweep
 * runs where, written once; the subclasses write the sweeps, each with its own butterfly
 * ({@link Radix8HadamardKernels}: biased entries and a signed minimum, 7 instructions, JDK 17;
 * {@link UnsignedMinHadamardKernels}: plain entries and {@code UMIN}, 6 instructions, JDK 24+).
 * Only arrays and ints cross the sweep calls (one call per sweep over a block, outside every
 * vector loop), so a call that C2 does not inline costs a call, never boxing.
 *
 * <p><b>Sweeps.</b> Pass 1 ({@link #pass1Block}) works in L1 sub-blocks of
 * {@code 2^}{@value TwoPassPlan#LOG_L1_BLOCK} ints: one sweep does the in-register levels and the
 * next three (radix 8 over eight consecutive vectors), then radix-8 sweeps (a radix-4 or radix-2
 * one for a remainder) up to the sub-block; the levels above it, up to the L2 block, run as
 * radix-4 sweeps (a radix-8 one there touches eight lines 32 KiB apart, the yardstick's choice
 * too). With 16 lanes (AVX-512) that is 5 sweeps per L2 block of 2^17 ints, as the native
 * yardstick's transform (levels 0–3 in register, 4–12 radix 8 in 32 KiB, 13–16 radix
 * 4), against 8 in {@link VectorHadamardKernels}. Pass 2 ({@link #pass2Strip}) gathers a strip
 * through a radix-16 butterfly over rows (radix 8 below 128 rows), runs the middle row levels on
 * the buffer (none at 2^24: 128 rows) and scatters it through a radix-8 butterfly into plain
 * residues, as the yardstick does; below 64 rows it copies the strip, runs the levels on the
 * buffer and stores it back plain ({@link #storeStripRows}).
 *
 * <p>Each kernel's pass 1 leaves its own form (biased or plain); {@link #plainAfterPass1} turns a
 * one-block transform into plain residues, and pass 2 always ends plain in {@code [0, M)}.
 */
abstract class Radix8Passes implements TwoPassKernels {

    static final VectorSpecies<Integer> S = Species.INT;
    static final int VL = S.length();
    static final int LOG_VL = Integer.numberOfTrailingZeros(VL);

    // In-register level k: -1 on the lanes with bit 2^k set (see VectorHadamardKernels).
    static final IntVector HI0 = highLanes(0);
    static final IntVector HI1 = highLanes(1);
    static final IntVector HI2 = highLanes(2);
    static final IntVector HI3 = highLanes(3);
    static final VectorMask<Integer> HIGH0 = HI0.compare(VectorOperators.NE, 0);
    static final VectorMask<Integer> HIGH1 = HI1.compare(VectorOperators.NE, 0);
    static final VectorMask<Integer> HIGH2 = HI2.compare(VectorOperators.NE, 0);
    static final VectorMask<Integer> HIGH3 = HI3.compare(VectorOperators.NE, 0);
    static final VectorShuffle<Integer> SWAP0 = VectorShuffle.fromOp(S, i -> (i ^ 1) & (VL - 1));
    static final VectorShuffle<Integer> SWAP1 = VectorShuffle.fromOp(S, i -> (i ^ 2) & (VL - 1));
    static final VectorShuffle<Integer> SWAP2 = VectorShuffle.fromOp(S, i -> (i ^ 4) & (VL - 1));
    static final VectorShuffle<Integer> SWAP3 = VectorShuffle.fromOp(S, i -> (i ^ 8) & (VL - 1));

    private static IntVector highLanes(int k) {
        int[] lanes = new int[VL];
        for (int i = 0; i < VL; i++) {
            lanes[i] = (k < LOG_VL && (i & (1 << k)) != 0) ? -1 : 0;
        }
        return IntVector.fromArray(S, lanes, 0);
    }

    @Override
    public final int lanes() {
        return VL;
    }

    @Override
    public final void transform(int[] a, int offset, TwoPassPlan plan, int[] buf, int m) {
        int length = 1 << plan.log;
        if (length < VL) {
            VectorHadamardKernels.scalarLevels(a, offset, length, m);
            return;
        }
        for (int r = 0; r < plan.rows; r++) {
            pass1Block(a, offset + r * plan.block, plan.block, m);
        }
        if (plan.rows == 1) {
            plainAfterPass1(a, offset, length);
            return;
        }
        for (int s = 0; s < plan.strips(); s++) {
            pass2Strip(a, plan, offset + s * plan.stripWidth, buf, m);
        }
    }

    /** Every level inside {@code a[off, off + len)}, {@code len >= VL}: plain in, the kernel's form out. */
    @Override
    public final void pass1Block(int[] a, int off, int len, int m) {
        int sub = Math.min(len, 1 << TwoPassPlan.LOG_L1_BLOCK);
        for (int s = off; s < off + len; s += sub) {
            if (sub >= 8 * VL) {
                firstSweep(a, s, sub, m);
                levels(a, s, sub, 8 * VL, sub, m, 8);
            } else {
                inRegisterSweep(a, s, sub, m);
                levels(a, s, sub, VL, sub, m, 8);
            }
        }
        levels(a, off, len, sub, len, m, 4);
    }

    /**
     * Pass 2 for columns {@code [col, col + stripWidth)}: pass 1's form in, plain residues in
     * {@code [0, M)} out.
     */
    @Override
    public final void pass2Strip(int[] a, TwoPassPlan plan, int col, int[] buf, int m) {
        int wd = plan.stripWidth;
        int rows = plan.rows;
        if (rows < 64) {
            for (int r = 0; r < rows; r++) {
                System.arraycopy(a, r * plan.block + col, buf, r * wd, wd);
            }
            levels(buf, 0, rows * wd, wd, rows * wd, m, 8);
            storeStripRows(buf, a, plan, col);
            return;
        }
        if (rows >= 128) { // row levels 0-3 in the gather (the yardstick's radix 16), the last three in the scatter
            gather16(a, plan, col, buf, m);
            levels(buf, 0, rows * wd, 16 * wd, (rows / 8) * wd, m, 8);
        } else {
            gather8(a, plan, col, buf, m);
            levels(buf, 0, rows * wd, 8 * wd, (rows / 8) * wd, m, 8);
        }
        scatter8(a, plan, col, buf, m);
    }

    /**
     * Levels with half-distance {@code h} in {@code [hFrom, hEnd)} (powers of two, multiples of
     * VL) over {@code a[off, off + len)}: radix-{@code maxRadix} sweeps (8 or 4) while enough
     * levels are left, then one radix-4 or radix-2 sweep (the levels commute). Four levels run as
     * two radix-4 sweeps, not radix 8 + radix 2.
     */
    public final void levels(int[] a, int off, int len, int hFrom, int hEnd, int m, int maxRadix) {
        int h = hFrom;
        int count = Integer.numberOfTrailingZeros(hEnd) - Integer.numberOfTrailingZeros(hFrom);
        while (count > 0) {
            if (maxRadix >= 8 && count >= 3 && count != 4) {
                radix8Sweep(a, off, len, h, m);
                h <<= 3;
                count -= 3;
            } else if (count >= 2) {
                radix4Sweep(a, off, len, h, m);
                h <<= 2;
                count -= 2;
            } else {
                radix2Sweep(a, off, len, h, m);
                h <<= 1;
                count -= 1;
            }
        }
    }

    /** Pass 1's form of {@code a[off, off + len)} (one block) into plain residues. */
    abstract void plainAfterPass1(int[] a, int off, int len);

    /** The strip's rows from {@code buf} (pass 1's form after the row levels) back into {@code a}, plain. */
    abstract void storeStripRows(int[] buf, int[] a, TwoPassPlan plan, int col);

    /** In-register levels and the next three (radix 8) over an L1 sub-block ({@code len} a multiple of {@code 8 VL}). */
    abstract void firstSweep(int[] a, int off, int len, int m);

    /** The in-register levels only, for sub-blocks shorter than {@code 8 VL}. */
    abstract void inRegisterSweep(int[] a, int off, int len, int m);

    /** One level, half-distance {@code h}. */
    abstract void radix2Sweep(int[] a, int off, int len, int h, int m);

    /** Two levels, {@code h} and {@code 2h}. */
    abstract void radix4Sweep(int[] a, int off, int len, int h, int m);

    /** Three levels, {@code h}, {@code 2h} and {@code 4h}. */
    abstract void radix8Sweep(int[] a, int off, int len, int h, int m);

    /** Pass 2's gather of a strip into {@code buf} through the first three row levels (64 to 127 rows). */
    abstract void gather8(int[] a, TwoPassPlan plan, int col, int[] buf, int m);

    /** Pass 2's gather through the first four row levels (128 rows or more). */
    abstract void gather16(int[] a, TwoPassPlan plan, int col, int[] buf, int m);

    /** Pass 2's scatter of {@code buf} back into {@code a} through the last three row levels, plain in {@code [0, M)}. */
    abstract void scatter8(int[] a, TwoPassPlan plan, int col, int[] buf, int m);
}
