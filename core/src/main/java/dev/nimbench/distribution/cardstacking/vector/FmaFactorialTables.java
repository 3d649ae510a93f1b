package dev.nimbench.distribution.cardstacking.vector;

import dev.nimbench.arith.FmaModMath;
import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.distribution.cardstacking.FactorialTables;
import dev.nimbench.exec.PoolTasks;
import dev.nimbench.simd.FmaPowerKernel;
import java.util.concurrent.ForkJoinPool;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link FactorialTables} in 4 double lanes with FMA products ({@link FmaModMath#multiplyLazy},
 * lane by lane), <b>one segment of the index range per lane</b>: no prefix scan across lanes and
 * no 64-bit lane multiply, the shape for 256-bit vectors (AVX2) and for JDKs without the
 * {@code vpmuludq} pattern (JDK 17). Works with any multiplier: it writes
 * {@code fact[k] = k! K^2 mod M} and {@code inv[k] = (k!)^-1 mod M} for the multiplier's scale K,
 * the residues of every other builder.
 *
 * <p><b>Layout.</b> Indices {@code 1 .. S L} are cut into {@code S = 16 · tasks} segments of
 * {@code L} indices ({@code L} a multiple of 4); segment {@code s = [sL + 1, (s+1)L]} is lane
 * {@code s mod 4} of vector {@code (s / 4) mod 4} of task {@code s / 16}. The few indices above
 * {@code S L} (fewer than {@code 4 S}) and n below {@code 64 · tasks} are done by a scalar chain.
 * <ol>
 *   <li>Totals: each lane multiplies its segment's indices (two accumulators per vector, eight
 *       independent chains per task, no stores).</li>
 *   <li>Carries, O(S) scalar work: {@code (sL)! K^2} for the forward chains and
 *       {@code (((s+1)L)!)^-1} (one inverse per segment) for the backward ones.</li>
 *   <li>Fill: per lane, the forward chain {@code f <- f · i} writes {@code fact[i]}, the backward
 *       chain writes {@code inv[i]} and then {@code g <- g · i}, one product per index and table.
 *       Every 4 steps the 4 x 4 block of a vector (lanes = segments, rows = steps) is transposed
 *       in registers (two rounds of a lane swap and a blend), so each segment gets 4 consecutive
 *       entries: one 128-bit store per segment and table.</li>
 * </ol>
 * <b>Ranges.</b> Chain values stay in the signed lazy range {@code |x| < M} of
 * {@link FmaModMath} (which the product maps into itself, for any {@code 2 <= M < 2^31}); indices
 * are integers below {@code n < M}. A stored value {@code x} becomes {@code x + M} when negative,
 * so the tables hold {@code [0, M)}. The vector loops run in block methods of {@link #BLOCK}
 * groups that keep their state in arrays between calls (a method called many times is compiled
 * whole; a long loop compiled on-stack kept vectors boxed in the other table kernels), and the
 * vector arithmetic is written out in them (a helper method that C2 does not inline boxes every
 * vector). {@code -h} is {@code 0 - h} before JDK 25, as {@link FmaPowerKernel} writes it.
 *
 * <p><b>Shape.</b> The species are 256 bits whatever the preferred shape (and whatever
 * {@code nimbench.vector.bits} asks): on AVX-512 they run as AVX2 code; on a CPU whose vectors are
 * narrower (NEON) the Vector API runs them in Java, correct and slow, which is why the built-in
 * defaults list this form first only where vectors are 256 bits with 16 registers (AVX2).
 */
public final class FmaFactorialTables implements FactorialTables {

    /** Four double lanes (256 bits) whatever the preferred shape: the transposes are written for 4 x 4 blocks. */
    static final VectorSpecies<Double> D4 = DoubleVector.SPECIES_256;
    /** Four int lanes: the stores. */
    static final VectorSpecies<Integer> I4 = IntVector.SPECIES_128;
    /** Lanes (segments) per vector. */
    static final int VL = 4;
    /** Vectors per task: 16 segments, 8 forward and backward chains in flight. */
    static final int VECTORS = 4;
    /** Segments per task. */
    static final int SEGMENTS_PER_TASK = VECTORS * VL;
    /**
     * Groups of 4 steps per call of a block method: short enough that C2 compiles the methods
     * once, as called methods, before a loop's back-edge count asks for an on-stack compilation
     * as well (with 256 groups both happened: 0.9 s of C2 time for the fill method on JDK 17,
     * against the pipeline's 3.5 s in all; with 32, one compile of 0.4 s). Under C2's tiered
     * thresholds a method reaches its compile by calls (600) before its loops reach the on-stack
     * threshold (40000 back-edges) while a call runs fewer than about 64 iterations.
     */
    static final int BLOCK = 32;
    /** Lane l takes lane l ^ 1, lane l ^ 2: the two rounds of the 4 x 4 transpose. */
    static final VectorShuffle<Double> SWAP1 = VectorShuffle.fromOp(D4, i -> i ^ 1);
    static final VectorShuffle<Double> SWAP2 = VectorShuffle.fromOp(D4, i -> i ^ 2);
    /** Lanes whose bit 0 (resp. bit 1) is set. */
    static final VectorMask<Double> ODD = VectorMask.fromLong(D4, 0b1010);
    static final VectorMask<Double> EVEN = VectorMask.fromLong(D4, 0b0101);
    static final VectorMask<Double> HIGH = VectorMask.fromLong(D4, 0b1100);
    static final VectorMask<Double> LOW = VectorMask.fromLong(D4, 0b0011);
    /**
     * The low int of each long lane first: {@code x + 1.5 * 2^52} (an integer {@code 0 <= x < 2^31})
     * holds x in the low 32 bits of its bit pattern, so this shuffle and a 128-bit reinterpretation
     * convert 4 doubles to 4 ints with operations that C2 compiles on JDK 17 too (its
     * {@code D2I} cast of 4 lanes is not intrinsified there: every vector would be boxed).
     */
    static final VectorShuffle<Integer> LOW_HALVES = VectorShuffle.fromValues(IntVector.SPECIES_256, 0, 2, 4, 6, 1, 3, 5, 7);
    private static final boolean NEG_BY_SUBTRACTION = FmaPowerKernel.NEG_BY_SUBTRACTION;

    @Override
    public void fill(int n, ModularMultiplier mul, int[] fact, int[] inv, ForkJoinPool pool, int parts) {
        final int m = mul.modulus();
        ModMath.requireModulus(m);
        final long k2 = mul.lift(mul.lift(1 % m)); // K^2 mod M
        final int tasks = pool == null ? 1 : Math.max(1, Math.min(parts, n / (SEGMENTS_PER_TASK * VL * 64)));
        final int len = n / (SEGMENTS_PER_TASK * tasks * VL) * VL; // indices per segment, a multiple of 4
        final int segments = len > 0 ? SEGMENTS_PER_TASK * tasks : 0; // none: all by the scalar chain
        final int covered = segments * len;

        // 1. Segment totals (plain residues).
        final long[] totals = new long[segments];
        if (len > 0) {
            PoolTasks.run(pool, tasks, t -> totals(t, len, totals, m));
        }
        // 2. Carries: before[s] = (sL)!; the indices above S L by a scalar chain, forward then back.
        long[] before = new long[segments + 1];
        before[0] = 1 % m;
        for (int s = 0; s < segments; s++) {
            before[s + 1] = before[s] * totals[s] % m;
        }
        fact[0] = (int) k2;
        long f = before[segments];
        for (int i = covered + 1; i <= n; i++) {
            f = f * i % m;
            fact[i] = (int) (f * k2 % m);
        }
        long g = ModMath.inverse(f, m); // (n!)^-1
        for (int i = n; i > covered; i--) {
            inv[i] = (int) g;
            g = g * i % m;
        }
        inv[0] = (int) (1 % m);
        if (len == 0) {
            return;
        }
        final double[] forward = new double[segments];
        final double[] backward = new double[segments];
        for (int s = 0; s < segments; s++) {
            forward[s] = before[s] * k2 % m;
            backward[s] = s == segments - 1 ? g : ModMath.inverse(before[s + 1], m);
        }
        // 3. The tables, each task over its own 16 segments.
        PoolTasks.run(pool, tasks, t -> fill(t, len, forward, backward, fact, inv, m));
    }

    /** Totals of task t's segments, {@code totals[16t .. 16t+15]}, plain residues in {@code [0, M)}. */
    private static void totals(int t, int len, long[] totals, int m) {
        // state: 8 accumulators (vector v: even and odd steps), then the 4 index vectors
        double[] st = new double[12 * VL];
        java.util.Arrays.fill(st, 0, 8 * VL, 1 % m);
        for (int l = 0; l < SEGMENTS_PER_TASK; l++) {
            st[8 * VL + l] = (long) (SEGMENTS_PER_TASK * t + l) * len; // the index before the segment's first
        }
        for (int done = 0; done < len; done += 2 * BLOCK) {
            productBlock(st, Math.min(2 * BLOCK, len - done) / 2, m);
        }
        for (int l = 0; l < SEGMENTS_PER_TASK; l++) {
            int v = l / VL;
            int lane = l % VL;
            long a = (long) FmaModMath.normalize(st[2 * v * VL + lane], m);
            long b = (long) FmaModMath.normalize(st[(2 * v + 1) * VL + lane], m);
            totals[SEGMENTS_PER_TASK * t + l] = a * b % m;
        }
    }

    /**
     * {@code pairs} pairs of steps of the product chains in {@code st} (accumulators of vector v:
     * {@code st[2v VL ..]} for the first index of a pair, {@code st[(2v+1) VL ..]} for the second;
     * index vectors at {@code st[8 VL + v VL ..]}, advanced by 2 per pair).
     */
    static void productBlock(double[] st, int pairs, int m) {
        DoubleVector mInv = DoubleVector.broadcast(D4, 1.0 / m);
        DoubleVector negM = DoubleVector.broadcast(D4, -(double) m);
        DoubleVector c = DoubleVector.broadcast(D4, FmaModMath.ROUNDING_CONSTANT);
        DoubleVector zero = DoubleVector.zero(D4);
        DoubleVector one = DoubleVector.broadcast(D4, 1.0);
        DoubleVector a0 = DoubleVector.fromArray(D4, st, 0);
        DoubleVector b0 = DoubleVector.fromArray(D4, st, VL);
        DoubleVector a1 = DoubleVector.fromArray(D4, st, 2 * VL);
        DoubleVector b1 = DoubleVector.fromArray(D4, st, 3 * VL);
        DoubleVector a2 = DoubleVector.fromArray(D4, st, 4 * VL);
        DoubleVector b2 = DoubleVector.fromArray(D4, st, 5 * VL);
        DoubleVector a3 = DoubleVector.fromArray(D4, st, 6 * VL);
        DoubleVector b3 = DoubleVector.fromArray(D4, st, 7 * VL);
        DoubleVector x0 = DoubleVector.fromArray(D4, st, 8 * VL);
        DoubleVector x1 = DoubleVector.fromArray(D4, st, 9 * VL);
        DoubleVector x2 = DoubleVector.fromArray(D4, st, 10 * VL);
        DoubleVector x3 = DoubleVector.fromArray(D4, st, 11 * VL);
        DoubleVector h;
        DoubleVector q;
        DoubleVector l;
        for (int p = 0; p < pairs; p++) {
            x0 = x0.add(one);
            h = a0.mul(x0);
            l = a0.fma(x0, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            a0 = q.fma(negM, h).add(l);
            x1 = x1.add(one);
            h = a1.mul(x1);
            l = a1.fma(x1, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            a1 = q.fma(negM, h).add(l);
            x2 = x2.add(one);
            h = a2.mul(x2);
            l = a2.fma(x2, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            a2 = q.fma(negM, h).add(l);
            x3 = x3.add(one);
            h = a3.mul(x3);
            l = a3.fma(x3, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            a3 = q.fma(negM, h).add(l);
            x0 = x0.add(one);
            h = b0.mul(x0);
            l = b0.fma(x0, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            b0 = q.fma(negM, h).add(l);
            x1 = x1.add(one);
            h = b1.mul(x1);
            l = b1.fma(x1, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            b1 = q.fma(negM, h).add(l);
            x2 = x2.add(one);
            h = b2.mul(x2);
            l = b2.fma(x2, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            b2 = q.fma(negM, h).add(l);
            x3 = x3.add(one);
            h = b3.mul(x3);
            l = b3.fma(x3, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            b3 = q.fma(negM, h).add(l);
        }
        a0.intoArray(st, 0);
        b0.intoArray(st, VL);
        a1.intoArray(st, 2 * VL);
        b1.intoArray(st, 3 * VL);
        a2.intoArray(st, 4 * VL);
        b2.intoArray(st, 5 * VL);
        a3.intoArray(st, 6 * VL);
        b3.intoArray(st, 7 * VL);
        x0.intoArray(st, 8 * VL);
        x1.intoArray(st, 9 * VL);
        x2.intoArray(st, 10 * VL);
        x3.intoArray(st, 11 * VL);
    }

    /** Task t's part of the tables: segments {@code 16t .. 16t+15}, all {@code len} steps. */
    private static void fill(int t, int len, double[] forward, double[] backward, int[] fact, int[] inv, int m) {
        // state per vector v: forward chain, backward chain, forward index, backward index (4 arrays of 16)
        double[] st = new double[4 * SEGMENTS_PER_TASK];
        int[] lo = new int[SEGMENTS_PER_TASK]; // first index of each segment
        for (int l = 0; l < SEGMENTS_PER_TASK; l++) {
            int s = SEGMENTS_PER_TASK * t + l;
            lo[l] = s * len + 1;
            st[l] = forward[s];
            st[SEGMENTS_PER_TASK + l] = backward[s];
            st[2 * SEGMENTS_PER_TASK + l] = lo[l] - 1;      // forward: multiply by the next index first
            st[3 * SEGMENTS_PER_TASK + l] = lo[l] + len - 1; // backward: the segment's top, stored then multiplied
        }
        for (int done = 0; done < len; done += VL * BLOCK) {
            int groups = Math.min(VL * BLOCK, len - done) / VL;
            for (int v = 0; v < VECTORS; v++) {
                fillBlock(st, v, lo, done, groups, len, fact, inv, m);
            }
        }
    }

    /**
     * {@code groups} groups of 4 steps of vector v's chains from step {@code done}: lane l's
     * segment starts at {@code lo[4v + l]} and has {@code len} indices; writes
     * {@code fact[lo + step]} and {@code inv[lo + len - 1 - step]}.
     */
    static void fillBlock(double[] st, int v, int[] lo, int done, int groups, int len, int[] fact, int[] inv, int m) {
        DoubleVector mv = DoubleVector.broadcast(D4, m);
        DoubleVector mInv = DoubleVector.broadcast(D4, 1.0 / m);
        DoubleVector negM = DoubleVector.broadcast(D4, -(double) m);
        DoubleVector c = DoubleVector.broadcast(D4, FmaModMath.ROUNDING_CONSTANT);
        DoubleVector zero = DoubleVector.zero(D4);
        DoubleVector one = DoubleVector.broadcast(D4, 1.0);
        int o = VL * v;
        DoubleVector f = DoubleVector.fromArray(D4, st, o);
        DoubleVector g = DoubleVector.fromArray(D4, st, SEGMENTS_PER_TASK + o);
        DoubleVector x = DoubleVector.fromArray(D4, st, 2 * SEGMENTS_PER_TASK + o);
        DoubleVector y = DoubleVector.fromArray(D4, st, 3 * SEGMENTS_PER_TASK + o);
        int lo0 = lo[o];
        int lo1 = lo[o + 1];
        int lo2 = lo[o + 2];
        int lo3 = lo[o + 3];
        DoubleVector h;
        DoubleVector q;
        DoubleVector l;
        DoubleVector r0;
        DoubleVector r1;
        DoubleVector r2;
        DoubleVector r3;
        DoubleVector s0;
        DoubleVector s1;
        DoubleVector s2;
        DoubleVector s3;
        for (int gr = 0; gr < groups; gr++) {
            int step = done + VL * gr;
            // forward: r_j = fact of step + j (lanes = segments)
            x = x.add(one);
            h = f.mul(x);
            l = f.fma(x, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            f = q.fma(negM, h).add(l);
            r0 = f;
            x = x.add(one);
            h = f.mul(x);
            l = f.fma(x, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            f = q.fma(negM, h).add(l);
            r1 = f;
            x = x.add(one);
            h = f.mul(x);
            l = f.fma(x, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            f = q.fma(negM, h).add(l);
            r2 = f;
            x = x.add(one);
            h = f.mul(x);
            l = f.fma(x, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            f = q.fma(negM, h).add(l);
            r3 = f;
            // backward: s_j = inverse factorial of top - step - j, stored before the product
            s0 = g;
            h = g.mul(y);
            l = g.fma(y, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            g = q.fma(negM, h).add(l);
            y = y.sub(one);
            s1 = g;
            h = g.mul(y);
            l = g.fma(y, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            g = q.fma(negM, h).add(l);
            y = y.sub(one);
            s2 = g;
            h = g.mul(y);
            l = g.fma(y, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            g = q.fma(negM, h).add(l);
            y = y.sub(one);
            s3 = g;
            h = g.mul(y);
            l = g.fma(y, NEG_BY_SUBTRACTION ? zero.sub(h) : h.neg());
            q = h.fma(mInv, c).sub(c);
            g = q.fma(negM, h).add(l);
            y = y.sub(one);
            // forward block: rows r0..r3 (steps), lanes = segments -> lanes = steps, one vector per segment
            DoubleVector t0 = r0.blend(r1.rearrange(SWAP1), ODD);
            DoubleVector t1 = r1.blend(r0.rearrange(SWAP1), EVEN);
            DoubleVector t2 = r2.blend(r3.rearrange(SWAP1), ODD);
            DoubleVector t3 = r3.blend(r2.rearrange(SWAP1), EVEN);
            r0 = t0.blend(t2.rearrange(SWAP2), HIGH);
            r2 = t2.blend(t0.rearrange(SWAP2), LOW);
            r1 = t1.blend(t3.rearrange(SWAP2), HIGH);
            r3 = t3.blend(t1.rearrange(SWAP2), LOW);
            ((IntVector) r0.add(mv, r0.lt(0.0)).add(c).reinterpretAsInts().rearrange(LOW_HALVES).reinterpretShape(I4, 0)).intoArray(fact, lo0 + step);
            ((IntVector) r1.add(mv, r1.lt(0.0)).add(c).reinterpretAsInts().rearrange(LOW_HALVES).reinterpretShape(I4, 0)).intoArray(fact, lo1 + step);
            ((IntVector) r2.add(mv, r2.lt(0.0)).add(c).reinterpretAsInts().rearrange(LOW_HALVES).reinterpretShape(I4, 0)).intoArray(fact, lo2 + step);
            ((IntVector) r3.add(mv, r3.lt(0.0)).add(c).reinterpretAsInts().rearrange(LOW_HALVES).reinterpretShape(I4, 0)).intoArray(fact, lo3 + step);
            // backward block, rows in reverse (s3 .. s0) so that each segment's entries come out ascending
            t0 = s3.blend(s2.rearrange(SWAP1), ODD);
            t1 = s2.blend(s3.rearrange(SWAP1), EVEN);
            t2 = s1.blend(s0.rearrange(SWAP1), ODD);
            t3 = s0.blend(s1.rearrange(SWAP1), EVEN);
            s0 = t0.blend(t2.rearrange(SWAP2), HIGH);
            s2 = t2.blend(t0.rearrange(SWAP2), LOW);
            s1 = t1.blend(t3.rearrange(SWAP2), HIGH);
            s3 = t3.blend(t1.rearrange(SWAP2), LOW);
            int below = len - VL - step; // inv[lo + len - 1 - step - 3 ..] ascending
            ((IntVector) s0.add(mv, s0.lt(0.0)).add(c).reinterpretAsInts().rearrange(LOW_HALVES).reinterpretShape(I4, 0)).intoArray(inv, lo0 + below);
            ((IntVector) s1.add(mv, s1.lt(0.0)).add(c).reinterpretAsInts().rearrange(LOW_HALVES).reinterpretShape(I4, 0)).intoArray(inv, lo1 + below);
            ((IntVector) s2.add(mv, s2.lt(0.0)).add(c).reinterpretAsInts().rearrange(LOW_HALVES).reinterpretShape(I4, 0)).intoArray(inv, lo2 + below);
            ((IntVector) s3.add(mv, s3.lt(0.0)).add(c).reinterpretAsInts().rearrange(LOW_HALVES).reinterpretShape(I4, 0)).intoArray(inv, lo3 + below);
        }
        f.intoArray(st, o);
        g.intoArray(st, SEGMENTS_PER_TASK + o);
        x.intoArray(st, 2 * SEGMENTS_PER_TASK + o);
        y.intoArray(st, 3 * SEGMENTS_PER_TASK + o);
    }
}
