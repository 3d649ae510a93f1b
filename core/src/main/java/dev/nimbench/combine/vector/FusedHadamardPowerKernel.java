package dev.nimbench.combine.vector;

import dev.nimbench.simd.LaneKernel;
import dev.nimbench.transform.TwoPassPlan;
import dev.nimbench.transform.vector.VectorHadamardKernels;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;

/**
 * The transform and power stages fused: {@code Σ_t (H a)[t]^s mod M}
 * without writing the spectrum back to memory.
 *
 * <p>Shape: the two memory passes of {@link TwoPassPlan}. Pass 1 transforms each row (an
 * L2-sized block) in place ({@link FusedPasses#pass1Block}). Pass 2 gathers a strip of columns
 * into a small buffer (the first row levels done while gathering), runs the remaining row levels
 * there ({@link FusedPasses#strip}) and hands the buffer, still in L2, to a vector power sum
 * (biased as it is when the kernel ignores bit 31, {@link LaneKernel#readsBiased}, else unbiased
 * first) (a {@link LaneKernel}: Montgomery in 64-bit lanes, the masked Montgomery form, or FMA in
 * double lanes); nothing is stored back into {@code a}. So the staged
 * pipeline's write of the spectrum and the power stage's read of it (2 × 4P bytes) are gone.
 *
 * <p>All-zero rows: rows {@code >= activeRows} are zero on entry and are neither transformed by
 * pass 1 (their transform is zero) nor loaded by pass 2, which uses the zero of the kernels'
 * form for them (biased: {@link VectorHadamardKernels#SIGN}). Card stacking at n = 10^7 has 77 of 128 rows
 * with data.
 *
 * <p>Numerics: the transform kernels' (entries in {@code [0, M)}, in the kernels' form between
 * the passes, any {@code M < 2^31}); the power sum needs M odd. Results are ordinary residues in {@code [0, M)}.
 * Entry points take ranges so that callers can split them over threads: pass 1 rows and pass 2
 * strips are independent within a pass.
 */
final class FusedHadamardPowerKernel {

    /** Fewest rows for the fused strip shape (the gather does two row levels, radix 4 over 16+ rows). */
    static final int MIN_ROWS = 16;

    private FusedHadamardPowerKernel() {
    }

    /** The plan the fused kernel uses for {@code 2^log} points: at least {@link #MIN_ROWS} rows when possible. */
    static TwoPassPlan plan(int log) {
        return TwoPassPlan.of(log, MIN_ROWS, VectorHadamardKernels.VL);
    }

    /** Whether {@code plan} has the fused shape (else callers transform in place and sum). */
    static boolean fusable(TwoPassPlan plan) {
        return plan.rows >= MIN_ROWS;
    }

    /**
     * Rows that hold any non-zero entry, counted from the top: {@code 1 +} the index of the last
     * row with a non-zero entry (0 when {@code a} is all zero). Rows at and above the result are
     * all zero. Reads from the end and stops at the first non-zero vector.
     */
    static int activeRows(int[] a, TwoPassPlan plan) {
        IntVector zero = IntVector.zero(VectorHadamardKernels.S);
        int vl = VectorHadamardKernels.VL;
        for (int r = plan.rows - 1; r >= 0; r--) {
            int from = r * plan.block;
            for (int i = from + plan.block - vl; i >= from; i -= vl) {
                if (IntVector.fromArray(VectorHadamardKernels.S, a, i).compare(VectorOperators.NE, zero).anyTrue()) {
                    return r + 1;
                }
            }
        }
        return 0;
    }

    /** Pass 1 over rows {@code [fromRow, toRow)}: plain residues in, the form of {@code passes} out. */
    static void pass1(int[] a, TwoPassPlan plan, int fromRow, int toRow, int m, FusedPasses passes) {
        for (int r = fromRow; r < toRow; r++) {
            passes.pass1Block(a, r * plan.block, plan.block, m);
        }
    }

    /**
     * Pass 2 fused with the power sum over strips {@code [fromStrip, toStrip)}: the sum of
     * {@code x^s} over the finished spectrum entries of those strips, in {@code [0, M)}.
     * {@code a} holds pass 1's output (by {@code passes}) in rows {@code < activeRows} and zeros
     * above; it is only read. {@code buf} has at least {@link TwoPassPlan#bufferInts()} entries;
     * {@code lanes} is the power kernel the buffer is handed to.
     */
    static long pass2PowerSum(int[] a, TwoPassPlan plan, int activeRows, int fromStrip, int toStrip,
            int[] buf, long s, int m, FusedPasses passes, LaneKernel lanes) {
        int len = plan.rows * plan.stripWidth;
        boolean unbias = passes.biased() && !lanes.readsBiased();
        long total = 0;
        for (int strip = fromStrip; strip < toStrip; strip++) {
            passes.strip(a, plan, activeRows, strip * plan.stripWidth, buf, m);
            if (unbias) {
                VectorHadamardKernels.unbias(buf, 0, len);
            }
            total += lanes.sum(buf, 0, len, s, m); // < 2^31 per strip
        }
        return total % m;
    }

    /**
     * {@link FusedPasses#BIASED}'s gather: copies columns {@code [col, col + w)} of every row
     * into {@code buf} (row r at {@code r * w}) doing row levels 0 and 1 on the way (radix 4 over
     * rows r..r+3), biased in and out. Rows at or above {@code activeRows} are not read: they count as zero, biased
     * {@code SIGN}.
     */
    static void gather(int[] a, TwoPassPlan plan, int activeRows, int col, int[] buf, int m) {
        int w = plan.stripWidth;
        int block = plan.block;
        int vl = VectorHadamardKernels.VL;
        IntVector sign = IntVector.broadcast(VectorHadamardKernels.S, VectorHadamardKernels.SIGN);
        IntVector sm = IntVector.broadcast(VectorHadamardKernels.S, VectorHadamardKernels.SIGN - m);
        IntVector sp = IntVector.broadcast(VectorHadamardKernels.S, VectorHadamardKernels.SIGN + m);
        for (int r = 0; r < plan.rows; r += 4) {
            int dst = r * w;
            if (r >= activeRows) { // four zero rows: their transform is zero
                for (int c = 0; c < 4 * w; c += vl) {
                    sign.intoArray(buf, dst + c);
                }
                continue;
            }
            int src = r * block + col;
            boolean full = r + 3 < activeRows;
            boolean has1 = r + 1 < activeRows;
            boolean has2 = r + 2 < activeRows;
            for (int c = 0; c < w; c += vl) {
                IntVector x0 = IntVector.fromArray(VectorHadamardKernels.S, a, src + c);
                IntVector x1;
                IntVector x2;
                IntVector x3;
                if (full) {
                    x1 = IntVector.fromArray(VectorHadamardKernels.S, a, src + block + c);
                    x2 = IntVector.fromArray(VectorHadamardKernels.S, a, src + 2 * block + c);
                    x3 = IntVector.fromArray(VectorHadamardKernels.S, a, src + 3 * block + c);
                } else { // the one group that straddles activeRows
                    x1 = has1 ? IntVector.fromArray(VectorHadamardKernels.S, a, src + block + c) : sign;
                    x2 = has2 ? IntVector.fromArray(VectorHadamardKernels.S, a, src + 2 * block + c) : sign;
                    x3 = sign;
                }
                IntVector t = x0.add(x1);
                IntVector y0 = t.add(sign).lanewise(VectorOperators.MIN, t.add(sm));
                t = x0.sub(x1);
                IntVector y1 = t.add(sign).lanewise(VectorOperators.MIN, t.add(sp));
                t = x2.add(x3);
                IntVector y2 = t.add(sign).lanewise(VectorOperators.MIN, t.add(sm));
                t = x2.sub(x3);
                IntVector y3 = t.add(sign).lanewise(VectorOperators.MIN, t.add(sp));
                t = y0.add(y2);
                t.add(sign).lanewise(VectorOperators.MIN, t.add(sm)).intoArray(buf, dst + c);
                t = y1.add(y3);
                t.add(sign).lanewise(VectorOperators.MIN, t.add(sm)).intoArray(buf, dst + w + c);
                t = y0.sub(y2);
                t.add(sign).lanewise(VectorOperators.MIN, t.add(sp)).intoArray(buf, dst + 2 * w + c);
                t = y1.sub(y3);
                t.add(sign).lanewise(VectorOperators.MIN, t.add(sp)).intoArray(buf, dst + 3 * w + c);
            }
        }
    }
}
