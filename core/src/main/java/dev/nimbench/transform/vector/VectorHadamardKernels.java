package dev.nimbench.transform.vector;

import dev.nimbench.simd.MontgomeryPowerKernel;
import dev.nimbench.simd.Species;
import dev.nimbench.transform.TwoPassPlan;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API kernels of the modular Walsh–Hadamard transform on {@code int} lanes.
 *
 * <p>Numerics: every entry is a residue {@code x} in {@code [0, M)}, {@code 2 <= M < 2^31}. After
 * its first butterfly it is stored <em>biased</em>, {@code X = x ^ 0x80000000} (as a signed int,
 * {@code x - 2^31}), until the last store unbiases it. The bias turns unsigned order into signed
 * order, which gives the cheapest branch-free reduction Java 17 allows (it has no unsigned lane
 * minimum). For a butterfly let {@code W = U + V} resp. {@code W = U - V}, wrapping: for biased
 * (or for plain) inputs this is {@code u + v} resp. {@code u - v} mod 2^32, the bias cancelling.
 * The reduced sum is the unsigned {@code min(w, w - M)} (the wrapped {@code w - M} is huge when
 * {@code w < M}), the reduced difference the unsigned {@code min(w, w + M)} (when {@code u < v},
 * {@code w} is huge and {@code w + M} wraps to {@code u - v + M}). Biased, that is the signed
 * {@code min(W + 2^31, W + 2^31 - M)} resp. {@code min(W + 2^31, W + 2^31 + M)}: four lane
 * operations per output ({@code add, add, add, min}) against five for {@code x + ((x >> 31) & M)}.
 * Callers see plain residues in {@code [0, M)} only: {@link #transform} and the parallel callers
 * end with {@link #pass2Strip} or {@link #unbias}.
 *
 * <p>Shape: pass 1 ({@link #pass1Block}) runs the levels below the lane count inside each vector
 * (one sweep, partner lanes by constant shuffles) in L1-sized sub-blocks, then pairs whole
 * vectors two levels per sweep (radix 4); pass 2 ({@link #pass2Strip}) runs the
 * row-combining levels on a strip copied into a buffer. All vector arithmetic is written out in
 * the loop bodies: a helper that C2 does not inline would box every vector (11x slower, measured
 * on a 2-core AMD EPYC).
 */
public final class VectorHadamardKernels {

    public static final VectorSpecies<Integer> S = Species.INT;
    public static final int VL = S.length();
    static final int LOG_VL = Integer.numberOfTrailingZeros(VL);
    /** The bias: XOR with it maps unsigned order onto signed order. */
    public static final int SIGN = Integer.MIN_VALUE;

    // In-register level k (h = 2^k < VL): -1 on the lanes with bit h set (they compute
    // p - x = p + (x ^ -1) + 1 with the partner p = x[i ^ h], the others p + x).
    private static final IntVector HI0 = highLanes(0);
    private static final IntVector HI1 = highLanes(1);
    private static final IntVector HI2 = highLanes(2);
    private static final IntVector HI3 = highLanes(3);
    private static final VectorMask<Integer> HIGH0 = HI0.compare(VectorOperators.NE, 0);
    private static final VectorMask<Integer> HIGH1 = HI1.compare(VectorOperators.NE, 0);
    private static final VectorMask<Integer> HIGH2 = HI2.compare(VectorOperators.NE, 0);
    private static final VectorMask<Integer> HIGH3 = HI3.compare(VectorOperators.NE, 0);
    /** Lane i takes lane i ^ 2^k: the partner at in-register level k (identity for k >= LOG_VL, unused). */
    private static final VectorShuffle<Integer> SWAP0 = VectorShuffle.fromOp(S, i -> (i ^ 1) & (VL - 1));
    private static final VectorShuffle<Integer> SWAP1 = VectorShuffle.fromOp(S, i -> (i ^ 2) & (VL - 1));
    private static final VectorShuffle<Integer> SWAP2 = VectorShuffle.fromOp(S, i -> (i ^ 4) & (VL - 1));
    private static final VectorShuffle<Integer> SWAP3 = VectorShuffle.fromOp(S, i -> (i ^ 8) & (VL - 1));

    private VectorHadamardKernels() {
    }

    private static IntVector highLanes(int k) {
        int[] lanes = new int[VL];
        for (int i = 0; i < VL; i++) {
            lanes[i] = (k < LOG_VL && (i & (1 << k)) != 0) ? -1 : 0;
        }
        return IntVector.fromArray(S, lanes, 0);
    }

    /**
     * The whole transform of {@code a[offset, offset + 2^plan.log)} (plain residues in and out),
     * one thread. Parallel callers run the same steps split over rows and strips.
     */
    public static void transform(int[] a, int offset, TwoPassPlan plan, int[] buf, int m) {
        int length = 1 << plan.log;
        if (length < VL) {
            scalarLevels(a, offset, length, m);
            return;
        }
        for (int r = 0; r < plan.rows; r++) {
            pass1Block(a, offset + r * plan.block, plan.block, m);
        }
        if (plan.rows == 1) {
            unbias(a, offset, length);
        } else {
            for (int s = 0; s < plan.strips(); s++) {
                pass2Strip(a, plan, offset + s * plan.stripWidth, buf, m);
            }
        }
    }

    /**
     * Every level inside {@code a[off, off + len)}, {@code len >= VL} a power of two: plain
     * residues in, biased residues out.
     */
    public static void pass1Block(int[] a, int off, int len, int m) {
        int sub = Math.min(len, 1 << TwoPassPlan.LOG_L1_BLOCK);
        for (int s = off; s < off + len; s += sub) {
            inRegisterLevels(a, s, sub, m);
            levels(a, s, sub, VL, m);
        }
        levels(a, off, len, sub, m);
    }

    /**
     * Levels h = 1 .. VL/2 inside each vector of {@code a[off, off + len)}, all in one sweep:
     * plain (or biased) in, biased out (the formula is the same: {@code W} does not see the
     * bias). For level h the partner lane {@code i ^ h} comes from a constant shuffle; with
     * {@code hi} = -1 on the lanes with bit h set and {@code y = p + (x ^ hi)}, {@code W = y - hi}
     * is {@code p + x} resp. {@code p - x}, so {@code W + 2^31 = y + (2^31 - hi)} and
     * {@code W + 2^31 ∓ M = y + (2^31 ∓ M - hi)}; the result is their signed minimum.
     *
     * <p>Measured against the earlier form (one sweep per level, the partner vector re-read from
     * memory at {@code j ± h}): the staged 2^24 transform went from 26.3 to 24.0 ms (JMH, JDK 17,
     * input copy included). That form was chosen because a Java 17 {@code rearrange} had been
     * compiled badly in some runs; the likely cause was C2's cumulative trap counts (see
     * {@link MontgomeryPowerKernel}), and this small method has shown no such run.
     */
    static void inRegisterLevels(int[] a, int off, int len, int m) {
        IntVector c10 = IntVector.broadcast(S, SIGN).sub(HI0);
        IntVector c20 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH0).sub(HI0);
        IntVector c11 = IntVector.broadcast(S, SIGN).sub(HI1);
        IntVector c21 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH1).sub(HI1);
        IntVector c12 = IntVector.broadcast(S, SIGN).sub(HI2);
        IntVector c22 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH2).sub(HI2);
        IntVector c13 = IntVector.broadcast(S, SIGN).sub(HI3);
        IntVector c23 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH3).sub(HI3);
        for (int j = off; j < off + len; j += VL) {
            IntVector x = IntVector.fromArray(S, a, j);
            IntVector y;
            if (LOG_VL > 0) {
                y = x.rearrange(SWAP0).add(x.lanewise(VectorOperators.XOR, HI0));
                x = y.add(c10).lanewise(VectorOperators.MIN, y.add(c20));
            }
            if (LOG_VL > 1) {
                y = x.rearrange(SWAP1).add(x.lanewise(VectorOperators.XOR, HI1));
                x = y.add(c11).lanewise(VectorOperators.MIN, y.add(c21));
            }
            if (LOG_VL > 2) {
                y = x.rearrange(SWAP2).add(x.lanewise(VectorOperators.XOR, HI2));
                x = y.add(c12).lanewise(VectorOperators.MIN, y.add(c22));
            }
            if (LOG_VL > 3) {
                y = x.rearrange(SWAP3).add(x.lanewise(VectorOperators.XOR, HI3));
                x = y.add(c13).lanewise(VectorOperators.MIN, y.add(c23));
            }
            x.intoArray(a, j);
        }
    }

    /**
     * Levels with half-distance h from {@code hFrom} (a multiple of VL) up to {@code len / 2}
     * over biased {@code a[off, off + len)} (biased out).
     */
    static void levels(int[] a, int off, int len, int hFrom, int m) {
        levels(a, off, len, hFrom, len, m);
    }

    /**
     * Levels with half-distance h in {@code [hFrom, hEnd)} (powers of two, multiples of VL,
     * {@code hEnd <= len}) over biased {@code a[off, off + len)}, biased out: two levels per
     * sweep, one radix-2 sweep first when the number of levels is odd.
     *
     * <p>Each sweep is its own small method on purpose: one large method full of force-inlined
     * Vector API calls can exhaust C2's inlining budget, and then an operation is left as a call
     * that boxes its vectors (seen here: some runs 4x slower, "failed to inline (intrinsic)").
     */
    public static void levels(int[] a, int off, int len, int hFrom, int hEnd, int m) {
        int h = hFrom;
        int count = Integer.numberOfTrailingZeros(hEnd) - Integer.numberOfTrailingZeros(hFrom);
        if (h < hEnd && (count & 1) != 0) {
            radix2Sweep(a, off, len, h, m);
            h <<= 1;
        }
        for (; h < hEnd; h <<= 2) {
            radix4Sweep(a, off, len, h, m);
        }
    }

    /** One level, half-distance h (a multiple of VL), over biased {@code a[off, off + len)}. */
    static void radix2Sweep(int[] a, int off, int len, int h, int m) {
        IntVector sign = IntVector.broadcast(S, SIGN);
        IntVector sm = IntVector.broadcast(S, SIGN - m); // sums: W + 2^31 - M
        IntVector sp = IntVector.broadcast(S, SIGN + m); // differences: W + 2^31 + M
        int end = off + len;
        for (int i = off; i < end; i += 2 * h) {
            for (int j = i; j < i + h; j += VL) {
                IntVector u = IntVector.fromArray(S, a, j);
                IntVector v = IntVector.fromArray(S, a, j + h);
                IntVector w = u.add(v);
                IntVector s = w.add(sign).lanewise(VectorOperators.MIN, w.add(sm));
                w = u.sub(v);
                IntVector d = w.add(sign).lanewise(VectorOperators.MIN, w.add(sp));
                s.intoArray(a, j);
                d.intoArray(a, j + h);
            }
        }
    }

    /** Levels h and 2h (h a multiple of VL) in one sweep over biased {@code a[off, off + len)}. */
    static void radix4Sweep(int[] a, int off, int len, int h, int m) {
        IntVector sign = IntVector.broadcast(S, SIGN);
        IntVector sm = IntVector.broadcast(S, SIGN - m);
        IntVector sp = IntVector.broadcast(S, SIGN + m);
        int end = off + len;
        for (int i = off; i < end; i += 4 * h) {
            for (int j = i; j < i + h; j += VL) {
                IntVector x0 = IntVector.fromArray(S, a, j);
                IntVector x1 = IntVector.fromArray(S, a, j + h);
                IntVector x2 = IntVector.fromArray(S, a, j + 2 * h);
                IntVector x3 = IntVector.fromArray(S, a, j + 3 * h);
                // level h: (x0, x1), (x2, x3)
                IntVector w = x0.add(x1);
                IntVector y0 = w.add(sign).lanewise(VectorOperators.MIN, w.add(sm));
                w = x0.sub(x1);
                IntVector y1 = w.add(sign).lanewise(VectorOperators.MIN, w.add(sp));
                w = x2.add(x3);
                IntVector y2 = w.add(sign).lanewise(VectorOperators.MIN, w.add(sm));
                w = x2.sub(x3);
                IntVector y3 = w.add(sign).lanewise(VectorOperators.MIN, w.add(sp));
                // level 2h: (y0, y2), (y1, y3)
                w = y0.add(y2);
                IntVector z0 = w.add(sign).lanewise(VectorOperators.MIN, w.add(sm));
                w = y0.sub(y2);
                IntVector z2 = w.add(sign).lanewise(VectorOperators.MIN, w.add(sp));
                w = y1.add(y3);
                IntVector z1 = w.add(sign).lanewise(VectorOperators.MIN, w.add(sm));
                w = y1.sub(y3);
                IntVector z3 = w.add(sign).lanewise(VectorOperators.MIN, w.add(sp));
                z0.intoArray(a, j);
                z1.intoArray(a, j + h);
                z2.intoArray(a, j + 2 * h);
                z3.intoArray(a, j + 3 * h);
            }
        }
    }

    /**
     * Pass 2 for columns {@code [col, col + stripWidth)} of every row: gather the biased strip
     * into {@code buf} (row r at {@code r * stripWidth}), run the row-combining levels there, and
     * scatter it back unbiased (plain residues in {@code [0, M)}). With 16 rows or more, the
     * first two levels are done while gathering and the last two while scattering (radix 4 over
     * rows r, r + q, r + 2q, r + 3q), which saves two sweeps over the buffer and puts arithmetic
     * beside the strided memory accesses.
     */
    static void pass2Strip(int[] a, TwoPassPlan plan, int col, int[] buf, int m) {
        int w = plan.stripWidth;
        int rows = plan.rows;
        if (rows < 16) {
            for (int r = 0; r < rows; r++) {
                System.arraycopy(a, r * plan.block + col, buf, r * w, w);
            }
            levels(buf, 0, rows * w, w, m);
            scatterUnbiased(a, plan, col, buf);
            return;
        }
        gatherRadix4(a, plan, col, buf, m);
        int q = rows / 4; // the last two levels pair rows r, r + q, r + 2q, r + 3q
        levels(buf, 0, rows * w, 4 * w, q * w, m);
        scatterRadix4(a, plan, col, buf, m);
    }

    /** Copies the biased strip back unbiased (rows < 16). */
    static void scatterUnbiased(int[] a, TwoPassPlan plan, int col, int[] buf) {
        int w = plan.stripWidth;
        IntVector sign = IntVector.broadcast(S, SIGN);
        for (int r = 0; r < plan.rows; r++) {
            int from = r * w;
            int to = r * plan.block + col;
            for (int c = 0; c < w; c += VL) {
                IntVector.fromArray(S, buf, from + c).lanewise(VectorOperators.XOR, sign).intoArray(a, to + c);
            }
        }
    }

    /** Gather + row levels 0 and 1: rows r..r+3 of the strip (distance 1 and 2 rows) into buf. */
    static void gatherRadix4(int[] a, TwoPassPlan plan, int col, int[] buf, int m) {
        int w = plan.stripWidth;
        int block = plan.block;
        IntVector sign = IntVector.broadcast(S, SIGN);
        IntVector sm = IntVector.broadcast(S, SIGN - m);
        IntVector sp = IntVector.broadcast(S, SIGN + m);
        for (int r = 0; r < plan.rows; r += 4) {
            int src = r * block + col;
            int dst = r * w;
            for (int c = 0; c < w; c += VL) {
                IntVector x0 = IntVector.fromArray(S, a, src + c);
                IntVector x1 = IntVector.fromArray(S, a, src + block + c);
                IntVector x2 = IntVector.fromArray(S, a, src + 2 * block + c);
                IntVector x3 = IntVector.fromArray(S, a, src + 3 * block + c);
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

    /** Scatter + the last two row levels (rows r, r + q, r + 2q, r + 3q), unbiased on the way out. */
    static void scatterRadix4(int[] a, TwoPassPlan plan, int col, int[] buf, int m) {
        int w = plan.stripWidth;
        int block = plan.block;
        int q = plan.rows / 4;
        IntVector sign = IntVector.broadcast(S, SIGN);
        IntVector sm = IntVector.broadcast(S, SIGN - m);
        IntVector sp = IntVector.broadcast(S, SIGN + m);
        for (int r = 0; r < q; r++) {
            int src = r * w;
            int dst = r * block + col;
            for (int c = 0; c < w; c += VL) {
                IntVector x0 = IntVector.fromArray(S, buf, src + c);
                IntVector x1 = IntVector.fromArray(S, buf, src + q * w + c);
                IntVector x2 = IntVector.fromArray(S, buf, src + 2 * q * w + c);
                IntVector x3 = IntVector.fromArray(S, buf, src + 3 * q * w + c);
                IntVector t = x0.add(x1);
                IntVector y0 = t.add(sign).lanewise(VectorOperators.MIN, t.add(sm));
                t = x0.sub(x1);
                IntVector y1 = t.add(sign).lanewise(VectorOperators.MIN, t.add(sp));
                t = x2.add(x3);
                IntVector y2 = t.add(sign).lanewise(VectorOperators.MIN, t.add(sm));
                t = x2.sub(x3);
                IntVector y3 = t.add(sign).lanewise(VectorOperators.MIN, t.add(sp));
                t = y0.add(y2);
                t.add(sign).lanewise(VectorOperators.MIN, t.add(sm)).lanewise(VectorOperators.XOR, sign).intoArray(a, dst + c);
                t = y1.add(y3);
                t.add(sign).lanewise(VectorOperators.MIN, t.add(sm)).lanewise(VectorOperators.XOR, sign)
                        .intoArray(a, dst + q * block + c);
                t = y0.sub(y2);
                t.add(sign).lanewise(VectorOperators.MIN, t.add(sp)).lanewise(VectorOperators.XOR, sign)
                        .intoArray(a, dst + 2 * q * block + c);
                t = y1.sub(y3);
                t.add(sign).lanewise(VectorOperators.MIN, t.add(sp)).lanewise(VectorOperators.XOR, sign)
                        .intoArray(a, dst + 3 * q * block + c);
            }
        }
    }

    /** Biased to plain over {@code a[off, off + len)}, len a multiple of VL. */
    public static void unbias(int[] a, int off, int len) {
        IntVector sign = IntVector.broadcast(S, SIGN);
        for (int i = off; i < off + len; i += VL) {
            IntVector.fromArray(S, a, i).lanewise(VectorOperators.XOR, sign).intoArray(a, i);
        }
    }

    /** Scalar radix-2 transform of a length below one vector; plain [0, M) in and out. */
    static void scalarLevels(int[] a, int off, int len, int m) {
        for (int h = 1; h < len; h <<= 1) {
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
