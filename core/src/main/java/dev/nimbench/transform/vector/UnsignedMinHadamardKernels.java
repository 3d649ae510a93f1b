package dev.nimbench.transform.vector;

import dev.nimbench.simd.UnsignedMinSupport;
import dev.nimbench.transform.TwoPassPlan;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;

/**
 * The radix-8 kernels of {@link Radix8HadamardKernels} with the unsigned lane minimum
 * ({@code VectorOperators.UMIN}, JDK 24 and later, JEP 489): plain residues throughout, no bias.
 *
 * <p><b>Butterfly: 6 vector instructions</b>, as the native yardstick ({@code vpminud}):
 * {@code s = u + v}, {@code s = umin(s, s - M)} (3), {@code d = u - v},
 * {@code d = umin(d, d + M)} (3). Right for {@code 2 <= M < 2^31}: {@code u + v < 2M - 1 < 2^32}
 * and {@code s - M} wraps to a huge value unless {@code s >= M}; {@code u - v} is huge when
 * {@code u < v}, and then {@code d + M} wraps to {@code u - v + M}. In-register levels: 6
 * instructions per vector and level (shuffle, XOR, add, two adds, unsigned minimum).
 *
 * <p>The operator is looked up once, reflectively, because the code is compiled with
 * {@code --release 17} against JDK 17's incubator API, which has no {@code UMIN}; it is a
 * {@code static final} constant, so C2 sees it as one and intrinsifies the operation. On a JDK
 * without it this class fails to initialise with {@link UnsignedMinSupport#REASON}; the variant
 * reports itself unavailable before that ({@link UnsignedMinSupport#isPresent()}), never falling
 * back to another kernel. Sweeps: {@link Radix8Passes} (5 per L2 block with 16 lanes).
 */
public final class UnsignedMinHadamardKernels extends Radix8Passes {

    public static final UnsignedMinHadamardKernels INSTANCE = new UnsignedMinHadamardKernels();

    /** {@code VectorOperators.UMIN}, looked up once (JDK 24+). */
    static final VectorOperators.Associative UMIN = unsignedMin();

    private UnsignedMinHadamardKernels() {
    }

    private static VectorOperators.Associative unsignedMin() {
        try {
            return (VectorOperators.Associative) VectorOperators.class.getField("UMIN").get(null);
        } catch (NoSuchFieldException | IllegalAccessException | ClassCastException e) {
            throw new IllegalStateException(UnsignedMinSupport.REASON, e);
        }
    }

    /** Pass 1's output is plain already. */
    @Override
    void plainAfterPass1(int[] a, int off, int len) {
    }

    /** Plain on the buffer and in {@code a}: a row copy. */
    @Override
    void storeStripRows(int[] buf, int[] a, TwoPassPlan plan, int col) {
        int wd = plan.stripWidth;
        for (int r = 0; r < plan.rows; r++) {
            System.arraycopy(buf, r * wd, a, r * plan.block + col, wd);
        }
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
        IntVector c10 = HI0.neg();
        IntVector c20 = IntVector.broadcast(S, -m).blend(IntVector.broadcast(S, m), HIGH0).sub(HI0);
        IntVector c11 = HI1.neg();
        IntVector c21 = IntVector.broadcast(S, -m).blend(IntVector.broadcast(S, m), HIGH1).sub(HI1);
        IntVector c12 = HI2.neg();
        IntVector c22 = IntVector.broadcast(S, -m).blend(IntVector.broadcast(S, m), HIGH2).sub(HI2);
        IntVector c13 = HI3.neg();
        IntVector c23 = IntVector.broadcast(S, -m).blend(IntVector.broadcast(S, m), HIGH3).sub(HI3);
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
        IntVector y;
        for (int j = off; j < off + len; j += 8 * VL) {
            for (int k = j; k < j + 8 * VL; k += VL) {
                IntVector x = IntVector.fromArray(S, a, k);
                if (LOG_VL > 0) {
                    y = x.rearrange(SWAP0).add(x.lanewise(VectorOperators.XOR, HI0));
                    x = y.add(c10).lanewise(UMIN, y.add(c20));
                }
                if (LOG_VL > 1) {
                    y = x.rearrange(SWAP1).add(x.lanewise(VectorOperators.XOR, HI1));
                    x = y.add(c11).lanewise(UMIN, y.add(c21));
                }
                if (LOG_VL > 2) {
                    y = x.rearrange(SWAP2).add(x.lanewise(VectorOperators.XOR, HI2));
                    x = y.add(c12).lanewise(UMIN, y.add(c22));
                }
                if (LOG_VL > 3) {
                    y = x.rearrange(SWAP3).add(x.lanewise(VectorOperators.XOR, HI3));
                    x = y.add(c13).lanewise(UMIN, y.add(c23));
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
            w = x0.add(x1);
            IntVector p0 = w.lanewise(UMIN, w.sub(mv));
            w = x0.sub(x1);
            IntVector p1 = w.lanewise(UMIN, w.add(mv));
            w = x2.add(x3);
            IntVector p2 = w.lanewise(UMIN, w.sub(mv));
            w = x2.sub(x3);
            IntVector p3 = w.lanewise(UMIN, w.add(mv));
            w = x4.add(x5);
            IntVector p4 = w.lanewise(UMIN, w.sub(mv));
            w = x4.sub(x5);
            IntVector p5 = w.lanewise(UMIN, w.add(mv));
            w = x6.add(x7);
            IntVector p6 = w.lanewise(UMIN, w.sub(mv));
            w = x6.sub(x7);
            IntVector p7 = w.lanewise(UMIN, w.add(mv));
            w = p0.add(p2);
            IntVector q0 = w.lanewise(UMIN, w.sub(mv));
            w = p0.sub(p2);
            IntVector q2 = w.lanewise(UMIN, w.add(mv));
            w = p1.add(p3);
            IntVector q1 = w.lanewise(UMIN, w.sub(mv));
            w = p1.sub(p3);
            IntVector q3 = w.lanewise(UMIN, w.add(mv));
            w = p4.add(p6);
            IntVector q4 = w.lanewise(UMIN, w.sub(mv));
            w = p4.sub(p6);
            IntVector q6 = w.lanewise(UMIN, w.add(mv));
            w = p5.add(p7);
            IntVector q5 = w.lanewise(UMIN, w.sub(mv));
            w = p5.sub(p7);
            IntVector q7 = w.lanewise(UMIN, w.add(mv));
            w = q0.add(q4);
            IntVector r0 = w.lanewise(UMIN, w.sub(mv));
            w = q0.sub(q4);
            IntVector r4 = w.lanewise(UMIN, w.add(mv));
            w = q1.add(q5);
            IntVector r1 = w.lanewise(UMIN, w.sub(mv));
            w = q1.sub(q5);
            IntVector r5 = w.lanewise(UMIN, w.add(mv));
            w = q2.add(q6);
            IntVector r2 = w.lanewise(UMIN, w.sub(mv));
            w = q2.sub(q6);
            IntVector r6 = w.lanewise(UMIN, w.add(mv));
            w = q3.add(q7);
            IntVector r3 = w.lanewise(UMIN, w.sub(mv));
            w = q3.sub(q7);
            IntVector r7 = w.lanewise(UMIN, w.add(mv));
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
        IntVector c10 = HI0.neg();
        IntVector c20 = IntVector.broadcast(S, -m).blend(IntVector.broadcast(S, m), HIGH0).sub(HI0);
        IntVector c11 = HI1.neg();
        IntVector c21 = IntVector.broadcast(S, -m).blend(IntVector.broadcast(S, m), HIGH1).sub(HI1);
        IntVector c12 = HI2.neg();
        IntVector c22 = IntVector.broadcast(S, -m).blend(IntVector.broadcast(S, m), HIGH2).sub(HI2);
        IntVector c13 = HI3.neg();
        IntVector c23 = IntVector.broadcast(S, -m).blend(IntVector.broadcast(S, m), HIGH3).sub(HI3);
        IntVector y;
        for (int j = off; j < off + len; j += VL) {
            IntVector x = IntVector.fromArray(S, a, j);
            if (LOG_VL > 0) {
                y = x.rearrange(SWAP0).add(x.lanewise(VectorOperators.XOR, HI0));
                x = y.add(c10).lanewise(UMIN, y.add(c20));
            }
            if (LOG_VL > 1) {
                y = x.rearrange(SWAP1).add(x.lanewise(VectorOperators.XOR, HI1));
                x = y.add(c11).lanewise(UMIN, y.add(c21));
            }
            if (LOG_VL > 2) {
                y = x.rearrange(SWAP2).add(x.lanewise(VectorOperators.XOR, HI2));
                x = y.add(c12).lanewise(UMIN, y.add(c22));
            }
            if (LOG_VL > 3) {
                y = x.rearrange(SWAP3).add(x.lanewise(VectorOperators.XOR, HI3));
                x = y.add(c13).lanewise(UMIN, y.add(c23));
            }
            x.intoArray(a, j);
        }
    }

    /** One level, half-distance {@code h} (a multiple of VL), over {@code a[off, off + len)}. */
    @Override
    void radix2Sweep(int[] a, int off, int len, int h, int m) {
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
        int end = off + len;
        for (int i = off; i < end; i += 2 * h) {
            for (int j = i; j < i + h; j += VL) {
                IntVector x0 = IntVector.fromArray(S, a, j);
                IntVector x1 = IntVector.fromArray(S, a, j + h);
                w = x0.add(x1);
                IntVector p0 = w.lanewise(UMIN, w.sub(mv));
                w = x0.sub(x1);
                IntVector p1 = w.lanewise(UMIN, w.add(mv));
                p0.intoArray(a, j);
                p1.intoArray(a, j + h);
            }
        }
    }

    /** Levels {@code h, 2h} in one sweep over {@code a[off, off + len)}. */
    @Override
    void radix4Sweep(int[] a, int off, int len, int h, int m) {
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
        int end = off + len;
        for (int i = off; i < end; i += 4 * h) {
            for (int j = i; j < i + h; j += VL) {
                IntVector x0 = IntVector.fromArray(S, a, j);
                IntVector x1 = IntVector.fromArray(S, a, j + h);
                IntVector x2 = IntVector.fromArray(S, a, j + 2 * h);
                IntVector x3 = IntVector.fromArray(S, a, j + 3 * h);
                w = x0.add(x1);
                IntVector p0 = w.lanewise(UMIN, w.sub(mv));
                w = x0.sub(x1);
                IntVector p1 = w.lanewise(UMIN, w.add(mv));
                w = x2.add(x3);
                IntVector p2 = w.lanewise(UMIN, w.sub(mv));
                w = x2.sub(x3);
                IntVector p3 = w.lanewise(UMIN, w.add(mv));
                w = p0.add(p2);
                IntVector q0 = w.lanewise(UMIN, w.sub(mv));
                w = p0.sub(p2);
                IntVector q2 = w.lanewise(UMIN, w.add(mv));
                w = p1.add(p3);
                IntVector q1 = w.lanewise(UMIN, w.sub(mv));
                w = p1.sub(p3);
                IntVector q3 = w.lanewise(UMIN, w.add(mv));
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
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
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
                w = x0.add(x1);
                IntVector p0 = w.lanewise(UMIN, w.sub(mv));
                w = x0.sub(x1);
                IntVector p1 = w.lanewise(UMIN, w.add(mv));
                w = x2.add(x3);
                IntVector p2 = w.lanewise(UMIN, w.sub(mv));
                w = x2.sub(x3);
                IntVector p3 = w.lanewise(UMIN, w.add(mv));
                w = x4.add(x5);
                IntVector p4 = w.lanewise(UMIN, w.sub(mv));
                w = x4.sub(x5);
                IntVector p5 = w.lanewise(UMIN, w.add(mv));
                w = x6.add(x7);
                IntVector p6 = w.lanewise(UMIN, w.sub(mv));
                w = x6.sub(x7);
                IntVector p7 = w.lanewise(UMIN, w.add(mv));
                w = p0.add(p2);
                IntVector q0 = w.lanewise(UMIN, w.sub(mv));
                w = p0.sub(p2);
                IntVector q2 = w.lanewise(UMIN, w.add(mv));
                w = p1.add(p3);
                IntVector q1 = w.lanewise(UMIN, w.sub(mv));
                w = p1.sub(p3);
                IntVector q3 = w.lanewise(UMIN, w.add(mv));
                w = p4.add(p6);
                IntVector q4 = w.lanewise(UMIN, w.sub(mv));
                w = p4.sub(p6);
                IntVector q6 = w.lanewise(UMIN, w.add(mv));
                w = p5.add(p7);
                IntVector q5 = w.lanewise(UMIN, w.sub(mv));
                w = p5.sub(p7);
                IntVector q7 = w.lanewise(UMIN, w.add(mv));
                w = q0.add(q4);
                IntVector r0 = w.lanewise(UMIN, w.sub(mv));
                w = q0.sub(q4);
                IntVector r4 = w.lanewise(UMIN, w.add(mv));
                w = q1.add(q5);
                IntVector r1 = w.lanewise(UMIN, w.sub(mv));
                w = q1.sub(q5);
                IntVector r5 = w.lanewise(UMIN, w.add(mv));
                w = q2.add(q6);
                IntVector r2 = w.lanewise(UMIN, w.sub(mv));
                w = q2.sub(q6);
                IntVector r6 = w.lanewise(UMIN, w.add(mv));
                w = q3.add(q7);
                IntVector r3 = w.lanewise(UMIN, w.sub(mv));
                w = q3.sub(q7);
                IntVector r7 = w.lanewise(UMIN, w.add(mv));
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
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
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
                w = x0.add(x1);
                IntVector p0 = w.lanewise(UMIN, w.sub(mv));
                w = x0.sub(x1);
                IntVector p1 = w.lanewise(UMIN, w.add(mv));
                w = x2.add(x3);
                IntVector p2 = w.lanewise(UMIN, w.sub(mv));
                w = x2.sub(x3);
                IntVector p3 = w.lanewise(UMIN, w.add(mv));
                w = x4.add(x5);
                IntVector p4 = w.lanewise(UMIN, w.sub(mv));
                w = x4.sub(x5);
                IntVector p5 = w.lanewise(UMIN, w.add(mv));
                w = x6.add(x7);
                IntVector p6 = w.lanewise(UMIN, w.sub(mv));
                w = x6.sub(x7);
                IntVector p7 = w.lanewise(UMIN, w.add(mv));
                w = p0.add(p2);
                IntVector q0 = w.lanewise(UMIN, w.sub(mv));
                w = p0.sub(p2);
                IntVector q2 = w.lanewise(UMIN, w.add(mv));
                w = p1.add(p3);
                IntVector q1 = w.lanewise(UMIN, w.sub(mv));
                w = p1.sub(p3);
                IntVector q3 = w.lanewise(UMIN, w.add(mv));
                w = p4.add(p6);
                IntVector q4 = w.lanewise(UMIN, w.sub(mv));
                w = p4.sub(p6);
                IntVector q6 = w.lanewise(UMIN, w.add(mv));
                w = p5.add(p7);
                IntVector q5 = w.lanewise(UMIN, w.sub(mv));
                w = p5.sub(p7);
                IntVector q7 = w.lanewise(UMIN, w.add(mv));
                w = q0.add(q4);
                IntVector r0 = w.lanewise(UMIN, w.sub(mv));
                w = q0.sub(q4);
                IntVector r4 = w.lanewise(UMIN, w.add(mv));
                w = q1.add(q5);
                IntVector r1 = w.lanewise(UMIN, w.sub(mv));
                w = q1.sub(q5);
                IntVector r5 = w.lanewise(UMIN, w.add(mv));
                w = q2.add(q6);
                IntVector r2 = w.lanewise(UMIN, w.sub(mv));
                w = q2.sub(q6);
                IntVector r6 = w.lanewise(UMIN, w.add(mv));
                w = q3.add(q7);
                IntVector r3 = w.lanewise(UMIN, w.sub(mv));
                w = q3.sub(q7);
                IntVector r7 = w.lanewise(UMIN, w.add(mv));
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
        gather16(a, plan, plan.rows, col, buf, m);
    }

    /**
     * {@link #gather16(int[], TwoPassPlan, int, int[], int)} for the fused combines
     * (the fused combine's {@code FusedPasses}), where rows at and above {@code activeRows} count as zero and are
     * never read (their contents are whatever an earlier call left): a group of 16 rows wholly
     * there is zero after its butterfly; the one group that straddles {@code activeRows} copies
     * its live rows into the buffer, zeros the rest and runs its four row levels there.
     */
    public void gather16(int[] a, TwoPassPlan plan, int activeRows, int col, int[] buf, int m) {
        int wd = plan.stripWidth;
        int block = plan.block;
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
        for (int r = 0; r < plan.rows; r += 16) {
            int src = r * block + col;
            int dst = r * wd;
            if (r + 16 > activeRows) {
                int live = Math.max(0, activeRows - r);
                for (int i = 0; i < live; i++) {
                    System.arraycopy(a, src + i * block, buf, dst + i * wd, wd);
                }
                java.util.Arrays.fill(buf, dst + live * wd, dst + 16 * wd, 0);
                if (live > 0) {
                    levels(buf, dst, 16 * wd, wd, 16 * wd, m, 8);
                }
                continue;
            }
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
                w = x0.add(x1);
                IntVector p0 = w.lanewise(UMIN, w.sub(mv));
                w = x0.sub(x1);
                IntVector p1 = w.lanewise(UMIN, w.add(mv));
                w = x2.add(x3);
                IntVector p2 = w.lanewise(UMIN, w.sub(mv));
                w = x2.sub(x3);
                IntVector p3 = w.lanewise(UMIN, w.add(mv));
                w = x4.add(x5);
                IntVector p4 = w.lanewise(UMIN, w.sub(mv));
                w = x4.sub(x5);
                IntVector p5 = w.lanewise(UMIN, w.add(mv));
                w = x6.add(x7);
                IntVector p6 = w.lanewise(UMIN, w.sub(mv));
                w = x6.sub(x7);
                IntVector p7 = w.lanewise(UMIN, w.add(mv));
                w = x8.add(x9);
                IntVector p8 = w.lanewise(UMIN, w.sub(mv));
                w = x8.sub(x9);
                IntVector p9 = w.lanewise(UMIN, w.add(mv));
                w = x10.add(x11);
                IntVector p10 = w.lanewise(UMIN, w.sub(mv));
                w = x10.sub(x11);
                IntVector p11 = w.lanewise(UMIN, w.add(mv));
                w = x12.add(x13);
                IntVector p12 = w.lanewise(UMIN, w.sub(mv));
                w = x12.sub(x13);
                IntVector p13 = w.lanewise(UMIN, w.add(mv));
                w = x14.add(x15);
                IntVector p14 = w.lanewise(UMIN, w.sub(mv));
                w = x14.sub(x15);
                IntVector p15 = w.lanewise(UMIN, w.add(mv));
                w = p0.add(p2);
                IntVector q0 = w.lanewise(UMIN, w.sub(mv));
                w = p0.sub(p2);
                IntVector q2 = w.lanewise(UMIN, w.add(mv));
                w = p1.add(p3);
                IntVector q1 = w.lanewise(UMIN, w.sub(mv));
                w = p1.sub(p3);
                IntVector q3 = w.lanewise(UMIN, w.add(mv));
                w = p4.add(p6);
                IntVector q4 = w.lanewise(UMIN, w.sub(mv));
                w = p4.sub(p6);
                IntVector q6 = w.lanewise(UMIN, w.add(mv));
                w = p5.add(p7);
                IntVector q5 = w.lanewise(UMIN, w.sub(mv));
                w = p5.sub(p7);
                IntVector q7 = w.lanewise(UMIN, w.add(mv));
                w = p8.add(p10);
                IntVector q8 = w.lanewise(UMIN, w.sub(mv));
                w = p8.sub(p10);
                IntVector q10 = w.lanewise(UMIN, w.add(mv));
                w = p9.add(p11);
                IntVector q9 = w.lanewise(UMIN, w.sub(mv));
                w = p9.sub(p11);
                IntVector q11 = w.lanewise(UMIN, w.add(mv));
                w = p12.add(p14);
                IntVector q12 = w.lanewise(UMIN, w.sub(mv));
                w = p12.sub(p14);
                IntVector q14 = w.lanewise(UMIN, w.add(mv));
                w = p13.add(p15);
                IntVector q13 = w.lanewise(UMIN, w.sub(mv));
                w = p13.sub(p15);
                IntVector q15 = w.lanewise(UMIN, w.add(mv));
                w = q0.add(q4);
                IntVector r0 = w.lanewise(UMIN, w.sub(mv));
                w = q0.sub(q4);
                IntVector r4 = w.lanewise(UMIN, w.add(mv));
                w = q1.add(q5);
                IntVector r1 = w.lanewise(UMIN, w.sub(mv));
                w = q1.sub(q5);
                IntVector r5 = w.lanewise(UMIN, w.add(mv));
                w = q2.add(q6);
                IntVector r2 = w.lanewise(UMIN, w.sub(mv));
                w = q2.sub(q6);
                IntVector r6 = w.lanewise(UMIN, w.add(mv));
                w = q3.add(q7);
                IntVector r3 = w.lanewise(UMIN, w.sub(mv));
                w = q3.sub(q7);
                IntVector r7 = w.lanewise(UMIN, w.add(mv));
                w = q8.add(q12);
                IntVector r8 = w.lanewise(UMIN, w.sub(mv));
                w = q8.sub(q12);
                IntVector r12 = w.lanewise(UMIN, w.add(mv));
                w = q9.add(q13);
                IntVector r9 = w.lanewise(UMIN, w.sub(mv));
                w = q9.sub(q13);
                IntVector r13 = w.lanewise(UMIN, w.add(mv));
                w = q10.add(q14);
                IntVector r10 = w.lanewise(UMIN, w.sub(mv));
                w = q10.sub(q14);
                IntVector r14 = w.lanewise(UMIN, w.add(mv));
                w = q11.add(q15);
                IntVector r11 = w.lanewise(UMIN, w.sub(mv));
                w = q11.sub(q15);
                IntVector r15 = w.lanewise(UMIN, w.add(mv));
                w = r0.add(r8);
                IntVector s0 = w.lanewise(UMIN, w.sub(mv));
                w = r0.sub(r8);
                IntVector s8 = w.lanewise(UMIN, w.add(mv));
                w = r1.add(r9);
                IntVector s1 = w.lanewise(UMIN, w.sub(mv));
                w = r1.sub(r9);
                IntVector s9 = w.lanewise(UMIN, w.add(mv));
                w = r2.add(r10);
                IntVector s2 = w.lanewise(UMIN, w.sub(mv));
                w = r2.sub(r10);
                IntVector s10 = w.lanewise(UMIN, w.add(mv));
                w = r3.add(r11);
                IntVector s3 = w.lanewise(UMIN, w.sub(mv));
                w = r3.sub(r11);
                IntVector s11 = w.lanewise(UMIN, w.add(mv));
                w = r4.add(r12);
                IntVector s4 = w.lanewise(UMIN, w.sub(mv));
                w = r4.sub(r12);
                IntVector s12 = w.lanewise(UMIN, w.add(mv));
                w = r5.add(r13);
                IntVector s5 = w.lanewise(UMIN, w.sub(mv));
                w = r5.sub(r13);
                IntVector s13 = w.lanewise(UMIN, w.add(mv));
                w = r6.add(r14);
                IntVector s6 = w.lanewise(UMIN, w.sub(mv));
                w = r6.sub(r14);
                IntVector s14 = w.lanewise(UMIN, w.add(mv));
                w = r7.add(r15);
                IntVector s7 = w.lanewise(UMIN, w.sub(mv));
                w = r7.sub(r15);
                IntVector s15 = w.lanewise(UMIN, w.add(mv));
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
     * Scatter + the last three row levels: rows {@code r + k q}, {@code q = rows / 8}, radix 8.
     */
    @Override
    void scatter8(int[] a, TwoPassPlan plan, int col, int[] buf, int m) {
        int wd = plan.stripWidth;
        int block = plan.block;
        int q = plan.rows / 8;
        IntVector mv = IntVector.broadcast(S, m);
        IntVector w;
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
                w = x0.add(x1);
                IntVector p0 = w.lanewise(UMIN, w.sub(mv));
                w = x0.sub(x1);
                IntVector p1 = w.lanewise(UMIN, w.add(mv));
                w = x2.add(x3);
                IntVector p2 = w.lanewise(UMIN, w.sub(mv));
                w = x2.sub(x3);
                IntVector p3 = w.lanewise(UMIN, w.add(mv));
                w = x4.add(x5);
                IntVector p4 = w.lanewise(UMIN, w.sub(mv));
                w = x4.sub(x5);
                IntVector p5 = w.lanewise(UMIN, w.add(mv));
                w = x6.add(x7);
                IntVector p6 = w.lanewise(UMIN, w.sub(mv));
                w = x6.sub(x7);
                IntVector p7 = w.lanewise(UMIN, w.add(mv));
                w = p0.add(p2);
                IntVector q0 = w.lanewise(UMIN, w.sub(mv));
                w = p0.sub(p2);
                IntVector q2 = w.lanewise(UMIN, w.add(mv));
                w = p1.add(p3);
                IntVector q1 = w.lanewise(UMIN, w.sub(mv));
                w = p1.sub(p3);
                IntVector q3 = w.lanewise(UMIN, w.add(mv));
                w = p4.add(p6);
                IntVector q4 = w.lanewise(UMIN, w.sub(mv));
                w = p4.sub(p6);
                IntVector q6 = w.lanewise(UMIN, w.add(mv));
                w = p5.add(p7);
                IntVector q5 = w.lanewise(UMIN, w.sub(mv));
                w = p5.sub(p7);
                IntVector q7 = w.lanewise(UMIN, w.add(mv));
                w = q0.add(q4);
                IntVector r0 = w.lanewise(UMIN, w.sub(mv));
                w = q0.sub(q4);
                IntVector r4 = w.lanewise(UMIN, w.add(mv));
                w = q1.add(q5);
                IntVector r1 = w.lanewise(UMIN, w.sub(mv));
                w = q1.sub(q5);
                IntVector r5 = w.lanewise(UMIN, w.add(mv));
                w = q2.add(q6);
                IntVector r2 = w.lanewise(UMIN, w.sub(mv));
                w = q2.sub(q6);
                IntVector r6 = w.lanewise(UMIN, w.add(mv));
                w = q3.add(q7);
                IntVector r3 = w.lanewise(UMIN, w.sub(mv));
                w = q3.sub(q7);
                IntVector r7 = w.lanewise(UMIN, w.add(mv));
                r0.intoArray(a, dst + c);
                r1.intoArray(a, dst + q * block + c);
                r2.intoArray(a, dst + 2 * q * block + c);
                r3.intoArray(a, dst + 3 * q * block + c);
                r4.intoArray(a, dst + 4 * q * block + c);
                r5.intoArray(a, dst + 5 * q * block + c);
                r6.intoArray(a, dst + 6 * q * block + c);
                r7.intoArray(a, dst + 7 * q * block + c);
            }
        }
    }

}
