package dev.nimbench.simd;

import dev.nimbench.transform.TwoPassPlan;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API kernels of the modular Walsh–Hadamard transform on {@code int} lanes.
 *
 * <p>Numerics: every entry stays a residue in {@code [0, M)}, {@code 2 <= M < 2^31}. A butterfly
 * computes {@code s = u + v - M} and {@code d = u - v} in wrapping int arithmetic (true values in
 * {@code [-M, M-2]} and {@code (-M, M)}, inside the int range, hence exact) and adds M where the
 * sign bit is set: {@code x + ((x >> 31) & M)} maps {@code [-M, M)} to {@code [0, M)}. Java 17
 * has no unsigned lane minimum, so this is the shortest branch-free form (5 + 4 lane ops).
 *
 * <p>Shape: levels below the lane count run inside one vector (a constant lane shuffle to the
 * partner lane {@code i ^ h}); higher levels pair whole vectors, two levels per memory sweep
 * (radix 4). All vector arithmetic is written out in the loop bodies: a helper that C2 does not
 * inline would box every vector (PERF-NOTES).
 */
final class VectorHadamardKernels {

    static final VectorSpecies<Integer> S = Species.INT;
    static final int VL = S.length();
    static final int LOG_VL = Integer.numberOfTrailingZeros(VL);

    // In-register level k (h = 2^k < VL): partner lane i ^ h, and XOR pattern -1 on the lanes
    // with bit h set (they compute p - x = p + ~x + 1) and 0 on the others (p + x - M).
    private static final VectorShuffle<Integer> P0 = partner(0);
    private static final VectorShuffle<Integer> P1 = partner(1);
    private static final VectorShuffle<Integer> P2 = partner(2);
    private static final VectorShuffle<Integer> P3 = partner(3);
    private static final IntVector HI0 = highLanes(0);
    private static final IntVector HI1 = highLanes(1);
    private static final IntVector HI2 = highLanes(2);
    private static final IntVector HI3 = highLanes(3);

    private VectorHadamardKernels() {
    }

    private static VectorShuffle<Integer> partner(int k) {
        int h = 1 << k;
        return VectorShuffle.fromOp(S, i -> h < VL ? i ^ h : i);
    }

    private static IntVector highLanes(int k) {
        int[] lanes = new int[VL];
        for (int i = 0; i < VL; i++) {
            lanes[i] = (k < LOG_VL && (i & (1 << k)) != 0) ? -1 : 0;
        }
        return IntVector.fromArray(S, lanes, 0);
    }

    /** Every level inside {@code a[off, off + len)}, len a power of two; [0, M) in and out. */
    static void transformBlock(int[] a, int off, int len, int m) {
        if (len < VL) {
            scalarLevels(a, off, len, 1, m);
            return;
        }
        int sub = Math.min(len, 1 << TwoPassPlan.LOG_L1_BLOCK);
        for (int s = off; s < off + len; s += sub) {
            inRegisterLevels(a, s, sub, m);
            levels(a, s, sub, VL, m);
        }
        levels(a, off, len, sub, m);
    }

    /** Levels h = 1 .. VL/2 on every vector of {@code a[off, off + len)}, len a multiple of VL. */
    static void inRegisterLevels(int[] a, int off, int len, int m) {
        IntVector mv = IntVector.broadcast(S, m);
        // Added after the XOR: +1 on high lanes (two's complement negation), -M on low lanes.
        IntVector minusM = IntVector.broadcast(S, -m);
        IntVector one = IntVector.broadcast(S, 1);
        IntVector off0 = minusM.blend(one, HI0.compare(VectorOperators.NE, 0));
        IntVector off1 = minusM.blend(one, HI1.compare(VectorOperators.NE, 0));
        IntVector off2 = minusM.blend(one, HI2.compare(VectorOperators.NE, 0));
        IntVector off3 = minusM.blend(one, HI3.compare(VectorOperators.NE, 0));
        for (int i = off; i < off + len; i += VL) {
            IntVector x = IntVector.fromArray(S, a, i);
            if (LOG_VL > 0) {
                IntVector y = x.rearrange(P0).add(x.lanewise(VectorOperators.XOR, HI0).add(off0)); // [-M, M)
                x = y.add(y.lanewise(VectorOperators.ASHR, 31).and(mv));                           // [0, M)
            }
            if (LOG_VL > 1) {
                IntVector y = x.rearrange(P1).add(x.lanewise(VectorOperators.XOR, HI1).add(off1));
                x = y.add(y.lanewise(VectorOperators.ASHR, 31).and(mv));
            }
            if (LOG_VL > 2) {
                IntVector y = x.rearrange(P2).add(x.lanewise(VectorOperators.XOR, HI2).add(off2));
                x = y.add(y.lanewise(VectorOperators.ASHR, 31).and(mv));
            }
            if (LOG_VL > 3) {
                IntVector y = x.rearrange(P3).add(x.lanewise(VectorOperators.XOR, HI3).add(off3));
                x = y.add(y.lanewise(VectorOperators.ASHR, 31).and(mv));
            }
            x.intoArray(a, i);
        }
    }

    /**
     * Levels with half-distance h from {@code hFrom} (a multiple of VL) up to {@code len / 2}
     * over {@code a[off, off + len)}: two levels per sweep, one radix-2 sweep first when the
     * number of levels is odd.
     */
    static void levels(int[] a, int off, int len, int hFrom, int m) {
        if (hFrom >= len) {
            return;
        }
        IntVector mv = IntVector.broadcast(S, m);
        int end = off + len;
        int h = hFrom;
        int count = Integer.numberOfTrailingZeros(len) - Integer.numberOfTrailingZeros(hFrom);
        if ((count & 1) != 0) {
            for (int i = off; i < end; i += 2 * h) {
                for (int j = i; j < i + h; j += VL) {
                    IntVector u = IntVector.fromArray(S, a, j);
                    IntVector v = IntVector.fromArray(S, a, j + h);
                    IntVector s = u.add(v).sub(mv);                                 // [-M, M-2]
                    s = s.add(s.lanewise(VectorOperators.ASHR, 31).and(mv));        // [0, M)
                    IntVector d = u.sub(v);                                         // (-M, M)
                    d = d.add(d.lanewise(VectorOperators.ASHR, 31).and(mv));        // [0, M)
                    s.intoArray(a, j);
                    d.intoArray(a, j + h);
                }
            }
            h <<= 1;
        }
        for (; h < len; h <<= 2) {
            for (int i = off; i < end; i += 4 * h) {
                for (int j = i; j < i + h; j += VL) {
                    IntVector x0 = IntVector.fromArray(S, a, j);
                    IntVector x1 = IntVector.fromArray(S, a, j + h);
                    IntVector x2 = IntVector.fromArray(S, a, j + 2 * h);
                    IntVector x3 = IntVector.fromArray(S, a, j + 3 * h);
                    // level h: (x0, x1), (x2, x3)
                    IntVector y0 = x0.add(x1).sub(mv);
                    y0 = y0.add(y0.lanewise(VectorOperators.ASHR, 31).and(mv));
                    IntVector y1 = x0.sub(x1);
                    y1 = y1.add(y1.lanewise(VectorOperators.ASHR, 31).and(mv));
                    IntVector y2 = x2.add(x3).sub(mv);
                    y2 = y2.add(y2.lanewise(VectorOperators.ASHR, 31).and(mv));
                    IntVector y3 = x2.sub(x3);
                    y3 = y3.add(y3.lanewise(VectorOperators.ASHR, 31).and(mv));
                    // level 2h: (y0, y2), (y1, y3)
                    IntVector z0 = y0.add(y2).sub(mv);
                    z0 = z0.add(z0.lanewise(VectorOperators.ASHR, 31).and(mv));
                    IntVector z2 = y0.sub(y2);
                    z2 = z2.add(z2.lanewise(VectorOperators.ASHR, 31).and(mv));
                    IntVector z1 = y1.add(y3).sub(mv);
                    z1 = z1.add(z1.lanewise(VectorOperators.ASHR, 31).and(mv));
                    IntVector z3 = y1.sub(y3);
                    z3 = z3.add(z3.lanewise(VectorOperators.ASHR, 31).and(mv));
                    z0.intoArray(a, j);
                    z1.intoArray(a, j + h);
                    z2.intoArray(a, j + 2 * h);
                    z3.intoArray(a, j + 3 * h);
                }
            }
        }
    }

    /** Pass 2 for columns {@code [col, col + stripWidth)}: gather, row-combining levels, scatter. */
    static void transformStrip(int[] a, TwoPassPlan plan, int col, int[] buf, int m) {
        int w = plan.stripWidth;
        for (int r = 0; r < plan.rows; r++) {
            System.arraycopy(a, r * plan.block + col, buf, r * w, w);
        }
        levels(buf, 0, plan.rows * w, w, m);
        for (int r = 0; r < plan.rows; r++) {
            System.arraycopy(buf, r * w, a, r * plan.block + col, w);
        }
    }

    /** Scalar radix-2 levels (tiny lengths below one vector); [0, M) in and out. */
    static void scalarLevels(int[] a, int off, int len, int hFrom, int m) {
        for (int h = hFrom; h < len; h <<= 1) {
            for (int i = off; i < off + len; i += 2 * h) {
                for (int j = i; j < i + h; j++) {
                    int u = a[j];
                    int v = a[j + h];
                    int s = u + v - m;
                    int d = u - v;
                    a[j] = s + ((s >> 31) & m);
                    a[j + h] = d + ((d >> 31) & m);
                }
            }
        }
    }
}
