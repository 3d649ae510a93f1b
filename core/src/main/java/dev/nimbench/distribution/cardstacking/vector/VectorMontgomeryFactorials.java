package dev.nimbench.distribution.cardstacking.vector;

import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.arith.MontgomeryMultiplier;
import dev.nimbench.distribution.cardstacking.FactorialTables;
import dev.nimbench.exec.PoolTasks;
import dev.nimbench.simd.LaneKernel;
import dev.nimbench.simd.Species;
import java.util.concurrent.ForkJoinPool;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link FactorialTables} by prefix products in 64-bit vector lanes, Montgomery REDC with
 * {@code R = 2^32} (a vector prefix scan instead of a latency-bound chain). Writes the
 * Montgomery multiplier's representation: {@code fact[k] = k! R^2 mod M},
 * {@code inv[k] = (k!)^-1 mod M}, both in {@code [0, M)}, exactly the residues of the scalar
 * builder.
 *
 * <p><b>Layout.</b> Indices {@code 1 .. VL*nv} (with {@code nv = (n-1)/VL}, so at least one index is
 * left) go in vectors of VL consecutive indices; the few above are done by a short scalar chain.
 * The vectors are cut into {@code segments} contiguous pieces, one or two per task.
 * <ol>
 *   <li>Totals: the product of each segment's indices, VL lane products per segment (no
 *       stores), then sequential segment offsets {@code (start-1)!} and inverses of the segment
 *       tops: O(segments) scalar work.</li>
 *   <li>Forward scan, per vector {@code x = [i .. i+VL-1]} in Montgomery form: an in-register
 *       inclusive product scan (log2 VL shifted products, lanes shifted in filled with 1~), then
 *       one REDC with the carry {@code (i-1)! R^2} broadcast; the new carry is the last lane.</li>
 *   <li>Backward scan, per vector from the top: {@code y = [i+1 .. i+VL]}, a suffix product scan,
 *       times the carry {@code ((i+VL)!)^-1}; the new carry is lane 0, {@code (i!)^-1}.</li>
 * </ol>
 * <b>Ranges.</b> For {@code M < 2^30} (both production moduli) the scans run lazily
 * ({@link #lazyScanBlock}): REDC operands and results in {@code [0, 2M)}, and only the stored
 * values are brought into {@code [0, M)}. For larger M ({@link #strictScanBlock}) operands enter
 * every REDC in {@code [0, M)}, so {@code T < M^2 < 2^62} and {@code T + qM < 2^64}, read unsigned
 * by the logical shift; the result,
 * below {@code 2M}, is brought into {@code [0, M)} by one conditional subtraction. The forward
 * and the backward scan of a segment run in one loop, two independent carry chains. Products
 * of values in Montgomery form stay in it
 * ({@code REDC(aR * bR) = abR}); a carry in plain form turns the scan into plain form
 * ({@code REDC(sR * c) = sc}). Vector arithmetic is written out in the loop bodies (no vector
 * helper methods: one that C2 does not inline boxes every vector). Created through
 * {@link dev.nimbench.registry.VectorSupport}.
 *
 * <p><b>Lane multiplies.</b> Two kernel shapes, chosen per instance ({@link LaneKernel} ids):
 * {@code montgomery} (the block methods here, {@code LongVector.mul} as {@code vpmullq}) and
 * {@code montgomery-masked} (the same block methods in {@link MaskedMontgomeryFactorialScans},
 * every multiply operand masked to 32 bits: {@code vpmuludq} on JDK 24+). The choice is made once
 * per block of {@link #BLOCK} vectors, outside the vector loops; only scalars and arrays cross it.
 * Both give the same residues.
 */
public final class VectorMontgomeryFactorials implements FactorialTables {

    private static final VectorSpecies<Long> LONG = Species.LONG;
    private static final int VL = LONG.length();
    /** Lane l takes lane l - d (prefix scan), lanes below d are refilled with 1~. */
    static final VectorShuffle<Long> UP1 = VectorShuffle.fromOp(LONG, i -> Math.max(i - 1, 0));
    static final VectorShuffle<Long> UP2 = VectorShuffle.fromOp(LONG, i -> Math.max(i - 2, 0));
    static final VectorShuffle<Long> UP4 = VectorShuffle.fromOp(LONG, i -> Math.max(i - 4, 0));
    static final VectorMask<Long> BELOW1 = VectorMask.fromLong(LONG, 0x1L);
    static final VectorMask<Long> BELOW2 = VectorMask.fromLong(LONG, 0x3L);
    static final VectorMask<Long> BELOW4 = VectorMask.fromLong(LONG, 0xFL);
    /** Lane l takes lane l + d (suffix scan), lanes from VL - d up are refilled with 1~. */
    static final VectorShuffle<Long> DOWN1 = VectorShuffle.fromOp(LONG, i -> Math.min(i + 1, VL - 1));
    static final VectorShuffle<Long> DOWN2 = VectorShuffle.fromOp(LONG, i -> Math.min(i + 2, VL - 1));
    static final VectorShuffle<Long> DOWN4 = VectorShuffle.fromOp(LONG, i -> Math.min(i + 4, VL - 1));
    static final VectorMask<Long> ABOVE1 = VectorMask.fromLong(LONG, ((1L << VL) - 1) & ~((1L << (VL - 1)) - 1));
    static final VectorMask<Long> ABOVE2 = VectorMask.fromLong(LONG, ((1L << VL) - 1) & ~((1L << Math.max(VL - 2, 0)) - 1));
    static final VectorMask<Long> ABOVE4 = VectorMask.fromLong(LONG, ((1L << VL) - 1) & ~((1L << Math.max(VL - 4, 0)) - 1));
    static final VectorShuffle<Long> LAST = VectorShuffle.fromOp(LONG, i -> VL - 1);
    static final VectorShuffle<Long> FIRST = VectorShuffle.fromOp(LONG, i -> 0);
    /** Segments per task: two would let one task overlap two carry chains; one measured as fast. */
    static final int SEGMENTS_PER_TASK = 1;

    /** Whether the block methods of {@link MaskedMontgomeryFactorialScans} run (else those here). */
    private final boolean masked;

    /** The {@code vpmullq} scans ({@code vector-tail-sum-recurrence}). */
    public VectorMontgomeryFactorials() {
        this(LaneKernel.MONTGOMERY.id());
    }

    /**
     * The scans of one lane kernel: {@code montgomery} or {@code montgomery-masked}.
     *
     * @throws IllegalArgumentException naming the id and the two valid ones
     */
    public VectorMontgomeryFactorials(String laneKernel) {
        this.masked = LaneKernel.isMaskedMontgomery(laneKernel, "vector Montgomery factorial tables");
    }

    @Override
    public void fill(int n, ModularMultiplier mul, int[] fact, int[] inv, ForkJoinPool pool, int parts) {
        if (!(mul instanceof MontgomeryMultiplier)) {
            throw new IllegalArgumentException("vector Montgomery factorial tables need the montgomery multiplier,"
                    + " got " + mul.getClass().getSimpleName());
        }
        if (VL > 8) {
            throw new IllegalStateException("vector factorial scan written for at most 8 long lanes, species has " + VL);
        }
        final int m = mul.modulus();
        final long mPrime = MontgomeryMultiplier.negInverse(m);
        final long oneR = MontgomeryMultiplier.rModM(m); // 1~
        final long r2 = MontgomeryMultiplier.r2ModM(m);
        final int nv = n >= 1 ? (n - 1) / VL : 0; // full vectors over 1 .. VL*nv
        final int tasks = pool == null ? 1 : Math.max(1, Math.min(parts, nv / 64));
        final int segments = nv == 0 ? 0 : Math.min(nv, tasks * SEGMENTS_PER_TASK);
        final int[] segStart = new int[segments + 1]; // vector index where segment s starts
        for (int s = 0; s <= segments; s++) {
            segStart[s] = (int) ((long) nv * s / Math.max(segments, 1));
        }

        // 1. Segment totals (plain residues).
        final long[] totals = new long[segments];
        PoolTasks.run(pool, tasks, t -> {
            for (int s = t; s < segments; s += tasks) {
                totals[s] = segmentProduct(masked, segStart[s], segStart[s + 1], m, mPrime, oneR, r2);
            }
        });
        // Offsets: f[s] = (VL * segStart[s])! (plain); the tail past the vectors by scalar chains.
        long[] before = new long[segments + 1];
        before[0] = 1 % m;
        for (int s = 0; s < segments; s++) {
            before[s + 1] = mul.multiply(before[s], totals[s]);
        }
        fact[0] = (int) (r2 % m); // 0! R^2
        long f = before[segments]; // (VL*nv)!, plain
        for (int i = VL * nv + 1; i <= n; i++) {
            f = mul.multiply(f, i);
            fact[i] = (int) mul.multiply(f, r2); // f R^2: multiply(a, b) is a*b mod M for plain a, b
        }
        long iv = n >= 1 ? ModMath.inverse(f, m) : 1 % m; // (n!)^-1
        for (int i = n; i > VL * nv; i--) {
            inv[i] = (int) iv;
            iv = mul.multiply(iv, i);
        }
        inv[0] = (int) (1 % m);
        // Carries: forward (VL*start)! R^2, backward ((VL*end + 1)!)^-1.
        final long[] forward = new long[segments];
        final long[] backward = new long[segments];
        for (int s = 0; s < segments; s++) {
            forward[s] = mul.multiply(before[s], r2);
            long top = (long) VL * segStart[s + 1] + 1; // <= n < M: invertible
            backward[s] = ModMath.inverse(mul.multiply(before[s + 1], top % m), m);
        }

        // 2 and 3. The scans, each task over its own segments.
        PoolTasks.run(pool, tasks, t -> {
            for (int s = t; s < segments; s += tasks) {
                scan(masked, fact, inv, segStart[s], segStart[s + 1], forward[s], backward[s], m, mPrime, oneR, r2);
            }
        });
    }

    /** Product of the indices of vectors {@code [v0, v1)} (indices {@code VL*v0+1 .. VL*v1}), plain. */
    private static long segmentProduct(boolean masked, int v0, int v1, int m, long mPrime, long oneR, long r2) {
        long p = 1 % m;
        for (int v = v0; v < v1; v += BLOCK) { // block methods, as the scans (see scan)
            int end = Math.min(v1, v + BLOCK);
            long block = masked ? MaskedMontgomeryFactorialScans.blockProduct(v, end, m, mPrime, oneR, r2)
                    : blockProduct(v, end, m, mPrime, oneR, r2);
            p = MontgomeryMultiplier.reduce(p * MontgomeryMultiplier.toMontgomery(block, m, mPrime, r2), m, mPrime);
        }
        return p;
    }

    /** {@link #segmentProduct} of at most {@link #BLOCK} vectors. */
    private static long blockProduct(int v0, int v1, int m, long mPrime, long oneR, long r2) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector np = LongVector.broadcast(LONG, mPrime);
        LongVector step = LongVector.broadcast(LONG, MontgomeryMultiplier.toMontgomery((long) VL % m, m, mPrime, r2));
        // Four accumulators over four interleaved index vectors (x_q = [VL*(v+q) + 1 ..] in
        // Montgomery form, each stepping by 4 VL): a REDC with its reduction is a chain of about
        // 13 cycles and an index step one of about 4, against about 4 cycles of work per vector.
        LongVector x0 = LongVector.fromArray(LONG, montgomeryLanes((long) VL * v0 + 1, m, mPrime, r2), 0);
        LongVector x1 = LongVector.fromArray(LONG, montgomeryLanes((long) VL * (v0 + 1) + 1, m, mPrime, r2), 0);
        LongVector x2 = LongVector.fromArray(LONG, montgomeryLanes((long) VL * (v0 + 2) + 1, m, mPrime, r2), 0);
        LongVector x3 = LongVector.fromArray(LONG, montgomeryLanes((long) VL * (v0 + 3) + 1, m, mPrime, r2), 0);
        LongVector step4 = LongVector.broadcast(LONG, MontgomeryMultiplier.toMontgomery(4L * VL % m, m, mPrime, r2));
        LongVector a = LongVector.broadcast(LONG, oneR);
        LongVector b = LongVector.broadcast(LONG, oneR);
        LongVector c = LongVector.broadcast(LONG, oneR);
        LongVector d = LongVector.broadcast(LONG, oneR);
        LongVector t;
        LongVector r;
        int v = v0;
        for (; v + 3 < v1; v += 4) {
            t = a.mul(x0);
            r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            a = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            x0 = x0.add(step4).sub(mv);
            x0 = x0.add(x0.lanewise(VectorOperators.ASHR, 63).and(mv));
            t = b.mul(x1);
            r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            b = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            x1 = x1.add(step4).sub(mv);
            x1 = x1.add(x1.lanewise(VectorOperators.ASHR, 63).and(mv));
            t = c.mul(x2);
            r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            c = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            x2 = x2.add(step4).sub(mv);
            x2 = x2.add(x2.lanewise(VectorOperators.ASHR, 63).and(mv));
            t = d.mul(x3);
            r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            d = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            x3 = x3.add(step4).sub(mv);
            x3 = x3.add(x3.lanewise(VectorOperators.ASHR, 63).and(mv));
        }
        for (; v < v1; v++) { // x0 = [VL*v + 1 ..] here
            t = a.mul(x0);
            r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            a = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            x0 = x0.add(step).sub(mv);
            x0 = x0.add(x0.lanewise(VectorOperators.ASHR, 63).and(mv));
        }
        long p = 1 % m; // plain
        for (int l = 0; l < VL; l++) {
            p = MontgomeryMultiplier.reduce(p * a.lane(l), m, mPrime);
            p = MontgomeryMultiplier.reduce(p * b.lane(l), m, mPrime);
            p = MontgomeryMultiplier.reduce(p * c.lane(l), m, mPrime);
            p = MontgomeryMultiplier.reduce(p * d.lane(l), m, mPrime);
        }
        return p; // plain * (aR) / R * (bR) / R ...: plain product
    }

    /**
     * {@code [start .. start+VL-1] R mod M}, each in {@code [0, M)}, as an array that the loop
     * methods load themselves: a vector returned by a method that is not inlined arrives boxed,
     * and as the start value of a loop variable it kept the loop's vectors boxed (measured 2x
     * slower).
     */
    static long[] montgomeryLanes(long start, int m, long mPrime, long r2) {
        long[] lanes = new long[VL];
        for (int l = 0; l < VL; l++) {
            lanes[l] = MontgomeryMultiplier.toMontgomery((start + l) % m, m, mPrime, r2);
        }
        return lanes;
    }

    /** Vectors per call of a block method (see {@link #scan}). */
    static final int BLOCK = 1024;

    /**
     * {@code fact[i] = i! R^2} and {@code inv[i] = (i!)^-1} for the indices of vectors
     * {@code [v0, v1)}; forward carry {@code (VL*v0)! R^2}, backward carry {@code ((VL*v1+1)!)^-1}.
     * The two scans are independent chains, run in one loop so that each hides the other's
     * latency: the forward one up from v0, the backward one down from v1. The loop runs in block
     * methods of {@link #BLOCK} vectors that pass the carries on as scalars: a method called many
     * times is compiled whole by C2, while one long loop would be compiled on-stack (OSR), which
     * was measured to keep the vectors boxed.
     */
    private static void scan(boolean masked, int[] fact, int[] inv, int v0, int v1, long forward, long backward,
            int m, long mPrime, long oneR, long r2) {
        long[] carries = {forward, backward};
        for (int done = 0; done < v1 - v0; done += BLOCK) {
            int len = Math.min(BLOCK, v1 - v0 - done);
            if (masked && m < MontgomeryMultiplier.LAZY_MODULUS_LIMIT) {
                MaskedMontgomeryFactorialScans.lazyScanBlock(fact, inv, v0 + done, v1 - done, len, carries,
                        m, mPrime, oneR, r2);
            } else if (masked) {
                MaskedMontgomeryFactorialScans.strictScanBlock(fact, inv, v0 + done, v1 - done, len, carries,
                        m, mPrime, oneR, r2);
            } else if (m < MontgomeryMultiplier.LAZY_MODULUS_LIMIT) {
                lazyScanBlock(fact, inv, v0 + done, v1 - done, len, carries, m, mPrime, oneR, r2);
            } else {
                strictScanBlock(fact, inv, v0 + done, v1 - done, len, carries, m, mPrime, oneR, r2);
            }
        }
    }

    /**
     * {@link #scan} of {@code len} vectors each way: forward over {@code [f0, f0 + len)} from
     * carry {@code carries[0] = (VL*f0)! R^2}, backward over {@code [b1 - len, b1)} from
     * {@code carries[1] = ((VL*b1+1)!)^-1}; leaves the next carries in {@code carries}. Every
     * REDC result is brought into {@code [0, M)} (any odd {@code M < 2^31}).
     */
    private static void strictScanBlock(int[] fact, int[] inv, int f0, int b1, int len, long[] carries,
            int m, long mPrime, long oneR, long r2) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector np = LongVector.broadcast(LONG, mPrime);
        LongVector one = LongVector.broadcast(LONG, oneR);
        LongVector step = LongVector.broadcast(LONG, MontgomeryMultiplier.toMontgomery((long) VL % m, m, mPrime, r2));
        // x = [i .. i+VL-1] for the first forward vector; y = [i+1 .. i+VL] for the top backward one
        LongVector x = LongVector.fromArray(LONG, montgomeryLanes((long) VL * f0 + 1, m, mPrime, r2), 0);
        LongVector y = LongVector.fromArray(LONG, montgomeryLanes((long) VL * (b1 - 1) + 2, m, mPrime, r2), 0);
        LongVector c = LongVector.broadcast(LONG, carries[0]);
        LongVector d = LongVector.broadcast(LONG, carries[1]);
        for (int j = 0; j < len; j++) {
            // forward, vector f0 + j: prefix products, then times the carry
            LongVector s = x;
            LongVector t = s.mul(s.rearrange(UP1).blend(one, BELOW1));
            LongVector r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            s = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            if (VL > 2) {
                t = s.mul(s.rearrange(UP2).blend(one, BELOW2));
                r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                s = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            }
            if (VL > 4) {
                t = s.mul(s.rearrange(UP4).blend(one, BELOW4));
                r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                s = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            }
            t = s.mul(c);
            r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            s = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv)); // i! R^2
            ((IntVector) s.reinterpretAsInts().rearrange(Species.LOW_HALVES_FIRST).reinterpretShape(Species.HALF_INT, 0)).intoArray(fact, VL * (f0 + j) + 1);
            c = s.rearrange(LAST);
            x = x.add(step).sub(mv);
            x = x.add(x.lanewise(VectorOperators.ASHR, 63).and(mv));
            // backward, vector b1 - 1 - j: suffix products, then times the carry
            LongVector u = y;
            t = u.mul(u.rearrange(DOWN1).blend(one, ABOVE1));
            r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            u = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            if (VL > 2) {
                t = u.mul(u.rearrange(DOWN2).blend(one, ABOVE2));
                r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                u = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            }
            if (VL > 4) {
                t = u.mul(u.rearrange(DOWN4).blend(one, ABOVE4));
                r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                u = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            }
            t = u.mul(d);
            r = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            u = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv)); // (i!)^-1, plain
            ((IntVector) u.reinterpretAsInts().rearrange(Species.LOW_HALVES_FIRST).reinterpretShape(Species.HALF_INT, 0)).intoArray(inv, VL * (b1 - 1 - j) + 1);
            d = u.rearrange(FIRST);
            y = y.sub(step);
            y = y.add(y.lanewise(VectorOperators.ASHR, 63).and(mv));
        }
        carries[0] = c.lane(0);
        carries[1] = d.lane(0);
    }

    /**
     * {@link #strictScanBlock} for {@code M < 2^30}, lazily: every REDC takes and gives values
     * in {@code [0, 2M)} ({@code T < 4M^2 < 2^62}, {@code T + qM < 2^63}, result below
     * {@code (4M^2 + 2^32 M) / 2^32 < 2M}), and only the stored values are brought into
     * {@code [0, M)}: {@code 2 log2 VL} conditional subtractions per iteration fewer than the strict
     * form (6 at 512 bits). The carries in and out are lazy too: congruent to the values that
     * {@link #strictScanBlock} names, in {@code [0, 2M)}.
     */
    private static void lazyScanBlock(int[] fact, int[] inv, int f0, int b1, int len, long[] carries,
            int m, long mPrime, long oneR, long r2) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector np = LongVector.broadcast(LONG, mPrime);
        LongVector one = LongVector.broadcast(LONG, oneR);
        LongVector step = LongVector.broadcast(LONG, MontgomeryMultiplier.toMontgomery((long) VL % m, m, mPrime, r2));
        // x = [i .. i+VL-1] for the first forward vector; y = [i+1 .. i+VL] for the top backward one
        LongVector x = LongVector.fromArray(LONG, montgomeryLanes((long) VL * f0 + 1, m, mPrime, r2), 0);
        LongVector y = LongVector.fromArray(LONG, montgomeryLanes((long) VL * (b1 - 1) + 2, m, mPrime, r2), 0);
        LongVector c = LongVector.broadcast(LONG, carries[0]);
        LongVector d = LongVector.broadcast(LONG, carries[1]);
        for (int j = 0; j < len; j++) {
            // forward, vector f0 + j: prefix products, then times the carry
            LongVector s = x;
            LongVector t = s.mul(s.rearrange(UP1).blend(one, BELOW1));
            s = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
            if (VL > 2) {
                t = s.mul(s.rearrange(UP2).blend(one, BELOW2));
                s = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
            }
            if (VL > 4) {
                t = s.mul(s.rearrange(UP4).blend(one, BELOW4));
                s = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
            }
            t = s.mul(c);
            s = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32); // i! R^2, lazy
            c = s.rearrange(LAST);
            LongVector r = s.sub(mv);
            r = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            ((IntVector) r.reinterpretAsInts().rearrange(Species.LOW_HALVES_FIRST).reinterpretShape(Species.HALF_INT, 0)).intoArray(fact, VL * (f0 + j) + 1);
            x = x.add(step).sub(mv);
            x = x.add(x.lanewise(VectorOperators.ASHR, 63).and(mv));
            // backward, vector b1 - 1 - j: suffix products, then times the carry
            LongVector u = y;
            t = u.mul(u.rearrange(DOWN1).blend(one, ABOVE1));
            u = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
            if (VL > 2) {
                t = u.mul(u.rearrange(DOWN2).blend(one, ABOVE2));
                u = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
            }
            if (VL > 4) {
                t = u.mul(u.rearrange(DOWN4).blend(one, ABOVE4));
                u = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32);
            }
            t = u.mul(d);
            u = t.add(t.mul(np).and(Species.LOW32).mul(mv)).lanewise(VectorOperators.LSHR, 32); // (i!)^-1, lazy
            d = u.rearrange(FIRST);
            r = u.sub(mv);
            r = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            ((IntVector) r.reinterpretAsInts().rearrange(Species.LOW_HALVES_FIRST).reinterpretShape(Species.HALF_INT, 0)).intoArray(inv, VL * (b1 - 1 - j) + 1);
            y = y.sub(step);
            y = y.add(y.lanewise(VectorOperators.ASHR, 63).and(mv));
        }
        carries[0] = c.lane(0);
        carries[1] = d.lane(0);
    }
}
