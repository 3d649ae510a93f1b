package dev.nimbench.transform.vector;

import dev.nimbench.transform.TwoPassPlan;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;

/**
 * Radix-8 kernels of the modular Walsh–Hadamard transform on {@code int} lanes (32-bit lanes,
 * {@code 2 <= M < 2^31}), with a seven-instruction butterfly; JDK 17 and later.
 *
 * <p><b>Butterfly: 7 vector instructions</b> (against 8 in {@link VectorHadamardKernels} and 6 in
 * the native yardstick, which has an unsigned minimum). Entries are stored biased,
 * {@code X = x ^ 0x80000000}, from their first butterfly on, as in {@link VectorHadamardKernels}:
 * a signed minimum of biased values is the unsigned minimum of the plain ones. A biased value
 * plus a plain one is the biased sum ({@code 2^31 + u + v}), so the butterfly unbiases only its
 * second input, once for both outputs: {@code v = V ^ 2^31} (1), {@code S = U + v},
 * {@code S = min(S, S - M)} (3), {@code D = U - v}, {@code D = min(D, D + M)} (3). Why it is
 * right: {@code U + v} is the biased {@code w = u + v} (exact below {@code 2M - 1 < 2^32}),
 * {@code S - M} the biased {@code w - M} mod 2^32, which is huge unless {@code w >= M}; the
 * minimum is {@code w mod M}. For the difference {@code w = u - v} mod 2^32 is huge when
 * {@code u < v}, and then {@code w + M} wraps to {@code u - v + M}. The in-register levels cost
 * 6 instructions per vector and level (a lane shuffle, XOR, add, two adds, minimum), as before.
 *
 * <p><b>Sweeps</b>: {@link Radix8Passes} (5 per L2 block with 16 lanes, as the native yardstick);
 * here the butterfly of each sweep. Every vector operation is written out in the loop bodies,
 * each sweep the same butterfly spelled out by hand for its lanes ({@link UnsignedMinHadamardKernels}
 * has the same methods with the unsigned-minimum reduction; edit them together): a helper with
 * vector arguments that C2 does not inline boxes every vector, so there is no shared helper, and
 * no generator either.
 */
final class Radix8HadamardKernels extends Radix8Passes {

    static final Radix8HadamardKernels INSTANCE = new Radix8HadamardKernels();

    /** The bias: XOR with it maps unsigned order onto signed order. */
    static final int SIGN = Integer.MIN_VALUE;

    private Radix8HadamardKernels() {
    }

    /** Pass 1's output is biased: a one-block transform ends with the unbias sweep. */
    @Override
    void plainAfterPass1(int[] a, int off, int len) {
        VectorHadamardKernels.unbias(a, off, len);
    }

    /** Biased on the buffer, plain in {@code a}: the copy back unbiases. */
    @Override
    void storeStripRows(int[] buf, int[] a, TwoPassPlan plan, int col) {
        VectorHadamardKernels.scatterUnbiased(a, plan, col, buf);
    }

    /**
     * The first sweep of an L1 sub-block {@code a[off, off + len)} ({@code len} a multiple of
     * {@code 8 * VL}), one group of eight consecutive vectors at a time: the in-register levels
     * {@code h = 1 .. VL/2} of each vector (stored back: the group stays in L1), then levels
     * {@code VL, 2 VL, 4 VL} across the eight (radix 8): {@code 3 + LOG_VL} levels per sweep over
     * the sub-block. The in-register part is a loop, not written out eight times, to keep the
     * method small enough for C2 to inline every vector operation (see the class comment).
     */
    @Override
    void firstSweep(int[] a, int off, int len, int m) {
        IntVector c10 = IntVector.broadcast(S, SIGN).sub(HI0);
        IntVector c20 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH0).sub(HI0);
        IntVector c11 = IntVector.broadcast(S, SIGN).sub(HI1);
        IntVector c21 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH1).sub(HI1);
        IntVector c12 = IntVector.broadcast(S, SIGN).sub(HI2);
        IntVector c22 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH2).sub(HI2);
        IntVector c13 = IntVector.broadcast(S, SIGN).sub(HI3);
        IntVector c23 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH3).sub(HI3);
        IntVector sign = IntVector.broadcast(S, SIGN);
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
        IntVector t;
        IntVector y;
        for (int j = off; j < off + len; j += 8 * VL) {
            for (int k = j; k < j + 8 * VL; k += VL) {
                IntVector x = IntVector.fromArray(S, a, k);
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
                x.intoArray(a, k);
            }
            IntVector x0 = IntVector.fromArray(S, a, j);
            IntVector x1 = IntVector.fromArray(S, a, j + VL);
            IntVector x2 = IntVector.fromArray(S, a, j + 2 * VL);
            IntVector x3 = IntVector.fromArray(S, a, j + 3 * VL);
            IntVector x4 = IntVector.fromArray(S, a, j + 4 * VL);
            IntVector x5 = IntVector.fromArray(S, a, j + 5 * VL);
            IntVector x6 = IntVector.fromArray(S, a, j + 6 * VL);
            IntVector x7 = IntVector.fromArray(S, a, j + 7 * VL);
            t = x1.lanewise(VectorOperators.XOR, sign);
            w = x0.add(t);
            IntVector p0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = x0.sub(t);
            IntVector p1 = w.lanewise(VectorOperators.MIN, w.add(mv));
            t = x3.lanewise(VectorOperators.XOR, sign);
            w = x2.add(t);
            IntVector p2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = x2.sub(t);
            IntVector p3 = w.lanewise(VectorOperators.MIN, w.add(mv));
            t = x5.lanewise(VectorOperators.XOR, sign);
            w = x4.add(t);
            IntVector p4 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = x4.sub(t);
            IntVector p5 = w.lanewise(VectorOperators.MIN, w.add(mv));
            t = x7.lanewise(VectorOperators.XOR, sign);
            w = x6.add(t);
            IntVector p6 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = x6.sub(t);
            IntVector p7 = w.lanewise(VectorOperators.MIN, w.add(mv));
            t = p2.lanewise(VectorOperators.XOR, sign);
            w = p0.add(t);
            IntVector q0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = p0.sub(t);
            IntVector q2 = w.lanewise(VectorOperators.MIN, w.add(mv));
            t = p3.lanewise(VectorOperators.XOR, sign);
            w = p1.add(t);
            IntVector q1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = p1.sub(t);
            IntVector q3 = w.lanewise(VectorOperators.MIN, w.add(mv));
            t = p6.lanewise(VectorOperators.XOR, sign);
            w = p4.add(t);
            IntVector q4 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = p4.sub(t);
            IntVector q6 = w.lanewise(VectorOperators.MIN, w.add(mv));
            t = p7.lanewise(VectorOperators.XOR, sign);
            w = p5.add(t);
            IntVector q5 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = p5.sub(t);
            IntVector q7 = w.lanewise(VectorOperators.MIN, w.add(mv));
            t = q4.lanewise(VectorOperators.XOR, sign);
            w = q0.add(t);
            IntVector r0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = q0.sub(t);
            IntVector r4 = w.lanewise(VectorOperators.MIN, w.add(mv));
            t = q5.lanewise(VectorOperators.XOR, sign);
            w = q1.add(t);
            IntVector r1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = q1.sub(t);
            IntVector r5 = w.lanewise(VectorOperators.MIN, w.add(mv));
            t = q6.lanewise(VectorOperators.XOR, sign);
            w = q2.add(t);
            IntVector r2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = q2.sub(t);
            IntVector r6 = w.lanewise(VectorOperators.MIN, w.add(mv));
            t = q7.lanewise(VectorOperators.XOR, sign);
            w = q3.add(t);
            IntVector r3 = w.lanewise(VectorOperators.MIN, w.sub(mv));
            w = q3.sub(t);
            IntVector r7 = w.lanewise(VectorOperators.MIN, w.add(mv));
            r0.intoArray(a, j);
            r1.intoArray(a, j + VL);
            r2.intoArray(a, j + 2 * VL);
            r3.intoArray(a, j + 3 * VL);
            r4.intoArray(a, j + 4 * VL);
            r5.intoArray(a, j + 5 * VL);
            r6.intoArray(a, j + 6 * VL);
            r7.intoArray(a, j + 7 * VL);
        }
    }

    /** The in-register levels alone, for blocks shorter than {@code 8 * VL}. */
    @Override
    void inRegisterSweep(int[] a, int off, int len, int m) {
        IntVector c10 = IntVector.broadcast(S, SIGN).sub(HI0);
        IntVector c20 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH0).sub(HI0);
        IntVector c11 = IntVector.broadcast(S, SIGN).sub(HI1);
        IntVector c21 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH1).sub(HI1);
        IntVector c12 = IntVector.broadcast(S, SIGN).sub(HI2);
        IntVector c22 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH2).sub(HI2);
        IntVector c13 = IntVector.broadcast(S, SIGN).sub(HI3);
        IntVector c23 = IntVector.broadcast(S, SIGN - m).blend(IntVector.broadcast(S, SIGN + m), HIGH3).sub(HI3);
        IntVector y;
        for (int j = off; j < off + len; j += VL) {
            IntVector x = IntVector.fromArray(S, a, j);
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

    /** One level, half-distance {@code h} (a multiple of VL), over {@code a[off, off + len)}. */
    @Override
    void radix2Sweep(int[] a, int off, int len, int h, int m) {
        IntVector sign = IntVector.broadcast(S, SIGN);
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
        IntVector t;
        int end = off + len;
        for (int i = off; i < end; i += 2 * h) {
            for (int j = i; j < i + h; j += VL) {
                IntVector x0 = IntVector.fromArray(S, a, j);
                IntVector x1 = IntVector.fromArray(S, a, j + h);
                t = x1.lanewise(VectorOperators.XOR, sign);
                w = x0.add(t);
                IntVector p0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x0.sub(t);
                IntVector p1 = w.lanewise(VectorOperators.MIN, w.add(mv));
                p0.intoArray(a, j);
                p1.intoArray(a, j + h);
            }
        }
    }

    /** Levels {@code h, 2h} in one sweep over {@code a[off, off + len)}. */
    @Override
    void radix4Sweep(int[] a, int off, int len, int h, int m) {
        IntVector sign = IntVector.broadcast(S, SIGN);
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
        IntVector t;
        int end = off + len;
        for (int i = off; i < end; i += 4 * h) {
            for (int j = i; j < i + h; j += VL) {
                IntVector x0 = IntVector.fromArray(S, a, j);
                IntVector x1 = IntVector.fromArray(S, a, j + h);
                IntVector x2 = IntVector.fromArray(S, a, j + 2 * h);
                IntVector x3 = IntVector.fromArray(S, a, j + 3 * h);
                t = x1.lanewise(VectorOperators.XOR, sign);
                w = x0.add(t);
                IntVector p0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x0.sub(t);
                IntVector p1 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x3.lanewise(VectorOperators.XOR, sign);
                w = x2.add(t);
                IntVector p2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x2.sub(t);
                IntVector p3 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p2.lanewise(VectorOperators.XOR, sign);
                w = p0.add(t);
                IntVector q0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p0.sub(t);
                IntVector q2 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p3.lanewise(VectorOperators.XOR, sign);
                w = p1.add(t);
                IntVector q1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p1.sub(t);
                IntVector q3 = w.lanewise(VectorOperators.MIN, w.add(mv));
                q0.intoArray(a, j);
                q1.intoArray(a, j + h);
                q2.intoArray(a, j + 2 * h);
                q3.intoArray(a, j + 3 * h);
            }
        }
    }

    /** Levels {@code h, 2h, 4h} in one sweep over {@code a[off, off + len)}: eight vectors per load and store. */
    @Override
    void radix8Sweep(int[] a, int off, int len, int h, int m) {
        IntVector sign = IntVector.broadcast(S, SIGN);
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
        IntVector t;
        int end = off + len;
        for (int i = off; i < end; i += 8 * h) {
            for (int j = i; j < i + h; j += VL) {
                IntVector x0 = IntVector.fromArray(S, a, j);
                IntVector x1 = IntVector.fromArray(S, a, j + h);
                IntVector x2 = IntVector.fromArray(S, a, j + 2 * h);
                IntVector x3 = IntVector.fromArray(S, a, j + 3 * h);
                IntVector x4 = IntVector.fromArray(S, a, j + 4 * h);
                IntVector x5 = IntVector.fromArray(S, a, j + 5 * h);
                IntVector x6 = IntVector.fromArray(S, a, j + 6 * h);
                IntVector x7 = IntVector.fromArray(S, a, j + 7 * h);
                t = x1.lanewise(VectorOperators.XOR, sign);
                w = x0.add(t);
                IntVector p0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x0.sub(t);
                IntVector p1 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x3.lanewise(VectorOperators.XOR, sign);
                w = x2.add(t);
                IntVector p2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x2.sub(t);
                IntVector p3 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x5.lanewise(VectorOperators.XOR, sign);
                w = x4.add(t);
                IntVector p4 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x4.sub(t);
                IntVector p5 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x7.lanewise(VectorOperators.XOR, sign);
                w = x6.add(t);
                IntVector p6 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x6.sub(t);
                IntVector p7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p2.lanewise(VectorOperators.XOR, sign);
                w = p0.add(t);
                IntVector q0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p0.sub(t);
                IntVector q2 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p3.lanewise(VectorOperators.XOR, sign);
                w = p1.add(t);
                IntVector q1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p1.sub(t);
                IntVector q3 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p6.lanewise(VectorOperators.XOR, sign);
                w = p4.add(t);
                IntVector q4 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p4.sub(t);
                IntVector q6 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p7.lanewise(VectorOperators.XOR, sign);
                w = p5.add(t);
                IntVector q5 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p5.sub(t);
                IntVector q7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q4.lanewise(VectorOperators.XOR, sign);
                w = q0.add(t);
                IntVector r0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q0.sub(t);
                IntVector r4 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q5.lanewise(VectorOperators.XOR, sign);
                w = q1.add(t);
                IntVector r1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q1.sub(t);
                IntVector r5 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q6.lanewise(VectorOperators.XOR, sign);
                w = q2.add(t);
                IntVector r2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q2.sub(t);
                IntVector r6 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q7.lanewise(VectorOperators.XOR, sign);
                w = q3.add(t);
                IntVector r3 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q3.sub(t);
                IntVector r7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                r0.intoArray(a, j);
                r1.intoArray(a, j + h);
                r2.intoArray(a, j + 2 * h);
                r3.intoArray(a, j + 3 * h);
                r4.intoArray(a, j + 4 * h);
                r5.intoArray(a, j + 5 * h);
                r6.intoArray(a, j + 6 * h);
                r7.intoArray(a, j + 7 * h);
            }
        }
    }

    /**
     * Gather + row levels 0, 1, 2: rows {@code r .. r + 7} of the strip (8 vectors at a stride of
     * one block) through a radix-8 butterfly into {@code buf}.
     */
    @Override
    void gather8(int[] a, TwoPassPlan plan, int col, int[] buf, int m) {
        int wd = plan.stripWidth;
        int block = plan.block;
        IntVector sign = IntVector.broadcast(S, SIGN);
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
        IntVector t;
        for (int r = 0; r < plan.rows; r += 8) {
            int src = r * block + col;
            int dst = r * wd;
            for (int c = 0; c < wd; c += VL) {
                IntVector x0 = IntVector.fromArray(S, a, src + c);
                IntVector x1 = IntVector.fromArray(S, a, src + block + c);
                IntVector x2 = IntVector.fromArray(S, a, src + 2 * block + c);
                IntVector x3 = IntVector.fromArray(S, a, src + 3 * block + c);
                IntVector x4 = IntVector.fromArray(S, a, src + 4 * block + c);
                IntVector x5 = IntVector.fromArray(S, a, src + 5 * block + c);
                IntVector x6 = IntVector.fromArray(S, a, src + 6 * block + c);
                IntVector x7 = IntVector.fromArray(S, a, src + 7 * block + c);
                t = x1.lanewise(VectorOperators.XOR, sign);
                w = x0.add(t);
                IntVector p0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x0.sub(t);
                IntVector p1 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x3.lanewise(VectorOperators.XOR, sign);
                w = x2.add(t);
                IntVector p2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x2.sub(t);
                IntVector p3 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x5.lanewise(VectorOperators.XOR, sign);
                w = x4.add(t);
                IntVector p4 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x4.sub(t);
                IntVector p5 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x7.lanewise(VectorOperators.XOR, sign);
                w = x6.add(t);
                IntVector p6 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x6.sub(t);
                IntVector p7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p2.lanewise(VectorOperators.XOR, sign);
                w = p0.add(t);
                IntVector q0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p0.sub(t);
                IntVector q2 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p3.lanewise(VectorOperators.XOR, sign);
                w = p1.add(t);
                IntVector q1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p1.sub(t);
                IntVector q3 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p6.lanewise(VectorOperators.XOR, sign);
                w = p4.add(t);
                IntVector q4 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p4.sub(t);
                IntVector q6 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p7.lanewise(VectorOperators.XOR, sign);
                w = p5.add(t);
                IntVector q5 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p5.sub(t);
                IntVector q7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q4.lanewise(VectorOperators.XOR, sign);
                w = q0.add(t);
                IntVector r0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q0.sub(t);
                IntVector r4 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q5.lanewise(VectorOperators.XOR, sign);
                w = q1.add(t);
                IntVector r1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q1.sub(t);
                IntVector r5 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q6.lanewise(VectorOperators.XOR, sign);
                w = q2.add(t);
                IntVector r2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q2.sub(t);
                IntVector r6 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q7.lanewise(VectorOperators.XOR, sign);
                w = q3.add(t);
                IntVector r3 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q3.sub(t);
                IntVector r7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                r0.intoArray(buf, dst + c);
                r1.intoArray(buf, dst + wd + c);
                r2.intoArray(buf, dst + 2 * wd + c);
                r3.intoArray(buf, dst + 3 * wd + c);
                r4.intoArray(buf, dst + 4 * wd + c);
                r5.intoArray(buf, dst + 5 * wd + c);
                r6.intoArray(buf, dst + 6 * wd + c);
                r7.intoArray(buf, dst + 7 * wd + c);
            }
        }
    }

    /**
     * Gather + row levels 0 .. 3: rows {@code r .. r + 15} of the strip (16 vectors at a stride of
     * one block) through a radix-16 butterfly into {@code buf}.
     */
    @Override
    void gather16(int[] a, TwoPassPlan plan, int col, int[] buf, int m) {
        int wd = plan.stripWidth;
        int block = plan.block;
        IntVector sign = IntVector.broadcast(S, SIGN);
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
        IntVector t;
        for (int r = 0; r < plan.rows; r += 16) {
            int src = r * block + col;
            int dst = r * wd;
            for (int c = 0; c < wd; c += VL) {
                IntVector x0 = IntVector.fromArray(S, a, src + c);
                IntVector x1 = IntVector.fromArray(S, a, src + block + c);
                IntVector x2 = IntVector.fromArray(S, a, src + 2 * block + c);
                IntVector x3 = IntVector.fromArray(S, a, src + 3 * block + c);
                IntVector x4 = IntVector.fromArray(S, a, src + 4 * block + c);
                IntVector x5 = IntVector.fromArray(S, a, src + 5 * block + c);
                IntVector x6 = IntVector.fromArray(S, a, src + 6 * block + c);
                IntVector x7 = IntVector.fromArray(S, a, src + 7 * block + c);
                IntVector x8 = IntVector.fromArray(S, a, src + 8 * block + c);
                IntVector x9 = IntVector.fromArray(S, a, src + 9 * block + c);
                IntVector x10 = IntVector.fromArray(S, a, src + 10 * block + c);
                IntVector x11 = IntVector.fromArray(S, a, src + 11 * block + c);
                IntVector x12 = IntVector.fromArray(S, a, src + 12 * block + c);
                IntVector x13 = IntVector.fromArray(S, a, src + 13 * block + c);
                IntVector x14 = IntVector.fromArray(S, a, src + 14 * block + c);
                IntVector x15 = IntVector.fromArray(S, a, src + 15 * block + c);
                t = x1.lanewise(VectorOperators.XOR, sign);
                w = x0.add(t);
                IntVector p0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x0.sub(t);
                IntVector p1 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x3.lanewise(VectorOperators.XOR, sign);
                w = x2.add(t);
                IntVector p2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x2.sub(t);
                IntVector p3 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x5.lanewise(VectorOperators.XOR, sign);
                w = x4.add(t);
                IntVector p4 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x4.sub(t);
                IntVector p5 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x7.lanewise(VectorOperators.XOR, sign);
                w = x6.add(t);
                IntVector p6 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x6.sub(t);
                IntVector p7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x9.lanewise(VectorOperators.XOR, sign);
                w = x8.add(t);
                IntVector p8 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x8.sub(t);
                IntVector p9 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x11.lanewise(VectorOperators.XOR, sign);
                w = x10.add(t);
                IntVector p10 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x10.sub(t);
                IntVector p11 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x13.lanewise(VectorOperators.XOR, sign);
                w = x12.add(t);
                IntVector p12 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x12.sub(t);
                IntVector p13 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x15.lanewise(VectorOperators.XOR, sign);
                w = x14.add(t);
                IntVector p14 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x14.sub(t);
                IntVector p15 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p2.lanewise(VectorOperators.XOR, sign);
                w = p0.add(t);
                IntVector q0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p0.sub(t);
                IntVector q2 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p3.lanewise(VectorOperators.XOR, sign);
                w = p1.add(t);
                IntVector q1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p1.sub(t);
                IntVector q3 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p6.lanewise(VectorOperators.XOR, sign);
                w = p4.add(t);
                IntVector q4 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p4.sub(t);
                IntVector q6 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p7.lanewise(VectorOperators.XOR, sign);
                w = p5.add(t);
                IntVector q5 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p5.sub(t);
                IntVector q7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p10.lanewise(VectorOperators.XOR, sign);
                w = p8.add(t);
                IntVector q8 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p8.sub(t);
                IntVector q10 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p11.lanewise(VectorOperators.XOR, sign);
                w = p9.add(t);
                IntVector q9 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p9.sub(t);
                IntVector q11 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p14.lanewise(VectorOperators.XOR, sign);
                w = p12.add(t);
                IntVector q12 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p12.sub(t);
                IntVector q14 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p15.lanewise(VectorOperators.XOR, sign);
                w = p13.add(t);
                IntVector q13 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p13.sub(t);
                IntVector q15 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q4.lanewise(VectorOperators.XOR, sign);
                w = q0.add(t);
                IntVector r0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q0.sub(t);
                IntVector r4 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q5.lanewise(VectorOperators.XOR, sign);
                w = q1.add(t);
                IntVector r1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q1.sub(t);
                IntVector r5 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q6.lanewise(VectorOperators.XOR, sign);
                w = q2.add(t);
                IntVector r2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q2.sub(t);
                IntVector r6 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q7.lanewise(VectorOperators.XOR, sign);
                w = q3.add(t);
                IntVector r3 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q3.sub(t);
                IntVector r7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q12.lanewise(VectorOperators.XOR, sign);
                w = q8.add(t);
                IntVector r8 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q8.sub(t);
                IntVector r12 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q13.lanewise(VectorOperators.XOR, sign);
                w = q9.add(t);
                IntVector r9 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q9.sub(t);
                IntVector r13 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q14.lanewise(VectorOperators.XOR, sign);
                w = q10.add(t);
                IntVector r10 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q10.sub(t);
                IntVector r14 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q15.lanewise(VectorOperators.XOR, sign);
                w = q11.add(t);
                IntVector r11 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q11.sub(t);
                IntVector r15 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = r8.lanewise(VectorOperators.XOR, sign);
                w = r0.add(t);
                IntVector s0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = r0.sub(t);
                IntVector s8 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = r9.lanewise(VectorOperators.XOR, sign);
                w = r1.add(t);
                IntVector s1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = r1.sub(t);
                IntVector s9 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = r10.lanewise(VectorOperators.XOR, sign);
                w = r2.add(t);
                IntVector s2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = r2.sub(t);
                IntVector s10 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = r11.lanewise(VectorOperators.XOR, sign);
                w = r3.add(t);
                IntVector s3 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = r3.sub(t);
                IntVector s11 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = r12.lanewise(VectorOperators.XOR, sign);
                w = r4.add(t);
                IntVector s4 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = r4.sub(t);
                IntVector s12 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = r13.lanewise(VectorOperators.XOR, sign);
                w = r5.add(t);
                IntVector s5 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = r5.sub(t);
                IntVector s13 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = r14.lanewise(VectorOperators.XOR, sign);
                w = r6.add(t);
                IntVector s6 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = r6.sub(t);
                IntVector s14 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = r15.lanewise(VectorOperators.XOR, sign);
                w = r7.add(t);
                IntVector s7 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = r7.sub(t);
                IntVector s15 = w.lanewise(VectorOperators.MIN, w.add(mv));
                s0.intoArray(buf, dst + c);
                s1.intoArray(buf, dst + wd + c);
                s2.intoArray(buf, dst + 2 * wd + c);
                s3.intoArray(buf, dst + 3 * wd + c);
                s4.intoArray(buf, dst + 4 * wd + c);
                s5.intoArray(buf, dst + 5 * wd + c);
                s6.intoArray(buf, dst + 6 * wd + c);
                s7.intoArray(buf, dst + 7 * wd + c);
                s8.intoArray(buf, dst + 8 * wd + c);
                s9.intoArray(buf, dst + 9 * wd + c);
                s10.intoArray(buf, dst + 10 * wd + c);
                s11.intoArray(buf, dst + 11 * wd + c);
                s12.intoArray(buf, dst + 12 * wd + c);
                s13.intoArray(buf, dst + 13 * wd + c);
                s14.intoArray(buf, dst + 14 * wd + c);
                s15.intoArray(buf, dst + 15 * wd + c);
            }
        }
    }

    /**
     * Scatter + the last three row levels: rows {@code r + k q}, {@code q = rows / 8}, radix 8 (unbiased on the way out).
     */
    @Override
    void scatter8(int[] a, TwoPassPlan plan, int col, int[] buf, int m) {
        int wd = plan.stripWidth;
        int block = plan.block;
        int q = plan.rows / 8;
        IntVector sign = IntVector.broadcast(S, SIGN);
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
        IntVector t;
        for (int r = 0; r < q; r++) {
            int src = r * wd;
            int dst = r * block + col;
            for (int c = 0; c < wd; c += VL) {
                IntVector x0 = IntVector.fromArray(S, buf, src + c);
                IntVector x1 = IntVector.fromArray(S, buf, src + q * wd + c);
                IntVector x2 = IntVector.fromArray(S, buf, src + 2 * q * wd + c);
                IntVector x3 = IntVector.fromArray(S, buf, src + 3 * q * wd + c);
                IntVector x4 = IntVector.fromArray(S, buf, src + 4 * q * wd + c);
                IntVector x5 = IntVector.fromArray(S, buf, src + 5 * q * wd + c);
                IntVector x6 = IntVector.fromArray(S, buf, src + 6 * q * wd + c);
                IntVector x7 = IntVector.fromArray(S, buf, src + 7 * q * wd + c);
                t = x1.lanewise(VectorOperators.XOR, sign);
                w = x0.add(t);
                IntVector p0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x0.sub(t);
                IntVector p1 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x3.lanewise(VectorOperators.XOR, sign);
                w = x2.add(t);
                IntVector p2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x2.sub(t);
                IntVector p3 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x5.lanewise(VectorOperators.XOR, sign);
                w = x4.add(t);
                IntVector p4 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x4.sub(t);
                IntVector p5 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = x7.lanewise(VectorOperators.XOR, sign);
                w = x6.add(t);
                IntVector p6 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = x6.sub(t);
                IntVector p7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p2.lanewise(VectorOperators.XOR, sign);
                w = p0.add(t);
                IntVector q0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p0.sub(t);
                IntVector q2 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p3.lanewise(VectorOperators.XOR, sign);
                w = p1.add(t);
                IntVector q1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p1.sub(t);
                IntVector q3 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p6.lanewise(VectorOperators.XOR, sign);
                w = p4.add(t);
                IntVector q4 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p4.sub(t);
                IntVector q6 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = p7.lanewise(VectorOperators.XOR, sign);
                w = p5.add(t);
                IntVector q5 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = p5.sub(t);
                IntVector q7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q4.lanewise(VectorOperators.XOR, sign);
                w = q0.add(t);
                IntVector r0 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q0.sub(t);
                IntVector r4 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q5.lanewise(VectorOperators.XOR, sign);
                w = q1.add(t);
                IntVector r1 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q1.sub(t);
                IntVector r5 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q6.lanewise(VectorOperators.XOR, sign);
                w = q2.add(t);
                IntVector r2 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q2.sub(t);
                IntVector r6 = w.lanewise(VectorOperators.MIN, w.add(mv));
                t = q7.lanewise(VectorOperators.XOR, sign);
                w = q3.add(t);
                IntVector r3 = w.lanewise(VectorOperators.MIN, w.sub(mv));
                w = q3.sub(t);
                IntVector r7 = w.lanewise(VectorOperators.MIN, w.add(mv));
                r0.lanewise(VectorOperators.XOR, sign).intoArray(a, dst + c);
                r1.lanewise(VectorOperators.XOR, sign).intoArray(a, dst + q * block + c);
                r2.lanewise(VectorOperators.XOR, sign).intoArray(a, dst + 2 * q * block + c);
                r3.lanewise(VectorOperators.XOR, sign).intoArray(a, dst + 3 * q * block + c);
                r4.lanewise(VectorOperators.XOR, sign).intoArray(a, dst + 4 * q * block + c);
                r5.lanewise(VectorOperators.XOR, sign).intoArray(a, dst + 5 * q * block + c);
                r6.lanewise(VectorOperators.XOR, sign).intoArray(a, dst + 6 * q * block + c);
                r7.lanewise(VectorOperators.XOR, sign).intoArray(a, dst + 7 * q * block + c);
            }
        }
    }

}
