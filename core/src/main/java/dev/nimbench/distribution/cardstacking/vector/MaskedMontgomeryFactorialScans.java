package dev.nimbench.distribution.cardstacking.vector;

import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.ABOVE1;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.ABOVE2;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.ABOVE4;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.BELOW1;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.BELOW2;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.BELOW4;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.DOWN1;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.DOWN2;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.DOWN4;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.FIRST;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.LAST;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.UP1;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.UP2;
import static dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials.UP4;

import dev.nimbench.arith.MontgomeryMultiplier;
import dev.nimbench.simd.MaskedMontgomeryPowerKernel;
import dev.nimbench.simd.Species;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The block methods of {@link VectorMontgomeryFactorials} with every 64-bit lane multiply in the
 * {@code vpmuludq} shape, as {@link MaskedMontgomeryPowerKernel} writes the power sum: <b>both</b>
 * operands of each {@code LongVector.mul} are {@code and(low)} nodes, {@code low} a broadcast of
 * {@code 0xFFFFFFFF} made inside the method (a {@code static final} mask vector such as
 * {@link Species#LOW32} keeps C2 on {@code vpmullq}: docs/lane-arithmetic.md). C2 on JDK 24 and
 * later (JDK-8341137) then emits {@code vpmuludq}; older JDKs run the plain scans plus the
 * {@code vpandq}s.
 *
 * <p>Numerics: exactly {@link VectorMontgomeryFactorials}'s, and the masks change no value:
 * every multiply operand is below 2^32 already (scan values and carries below {@code 2M < 2^31}
 * lazily for {@code M < 2^30}, below {@code M} strictly above; the blended-in {@code 1~ < M};
 * {@code T mod R} and {@code M' < 2^32}; {@code (T M' mod R) < 2^32}; {@code M < 2^31}), so
 * {@code x.and(low) == x} lane by lane, the tables are bit-identical to the plain scans (the
 * tests compare them entry by entry), and the range arguments of
 * {@link VectorMontgomeryFactorials} (lazy {@code [0, 2M)} below 2^30, strict {@code [0, M)}
 * above) hold unchanged. Each step operand is a loop phi or a blend, masked directly, never a
 * ternary's phi (which left multiplies as {@code vpmullq} in the power kernel). The contract of
 * each method is that of the same-named method of {@link VectorMontgomeryFactorials}; the
 * vector arithmetic is written out in the loop bodies (no vector helper methods: one that C2
 * does not inline boxes every vector).
 */
final class MaskedMontgomeryFactorialScans {

    private static final VectorSpecies<Long> LONG = Species.LONG;
    private static final int VL = LONG.length();

    private MaskedMontgomeryFactorialScans() {
    }

    /** {@code VectorMontgomeryFactorials.blockProduct}, masked: the plain product of the indices of {@code [v0, v1)}. */
    static long blockProduct(int v0, int v1, int m, long mPrime, long oneR, long r2) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector low = LongVector.broadcast(LONG, MontgomeryMultiplier.R_MASK); // made here: see the class comment
        LongVector mvl = mv.and(low); // M < 2^31: unchanged
        LongVector npl = LongVector.broadcast(LONG, mPrime).and(low); // M' < 2^32: unchanged
        LongVector step = LongVector.broadcast(LONG, MontgomeryMultiplier.toMontgomery((long) VL % m, m, mPrime, r2));
        // Four accumulators over four interleaved index vectors, as VectorMontgomeryFactorials.blockProduct.
        LongVector x0 = LongVector.fromArray(LONG,
                VectorMontgomeryFactorials.montgomeryLanes((long) VL * v0 + 1, m, mPrime, r2), 0);
        LongVector x1 = LongVector.fromArray(LONG,
                VectorMontgomeryFactorials.montgomeryLanes((long) VL * (v0 + 1) + 1, m, mPrime, r2), 0);
        LongVector x2 = LongVector.fromArray(LONG,
                VectorMontgomeryFactorials.montgomeryLanes((long) VL * (v0 + 2) + 1, m, mPrime, r2), 0);
        LongVector x3 = LongVector.fromArray(LONG,
                VectorMontgomeryFactorials.montgomeryLanes((long) VL * (v0 + 3) + 1, m, mPrime, r2), 0);
        LongVector step4 = LongVector.broadcast(LONG, MontgomeryMultiplier.toMontgomery(4L * VL % m, m, mPrime, r2));
        LongVector a = LongVector.broadcast(LONG, oneR);
        LongVector b = LongVector.broadcast(LONG, oneR);
        LongVector c = LongVector.broadcast(LONG, oneR);
        LongVector d = LongVector.broadcast(LONG, oneR);
        LongVector t;
        LongVector r;
        int v = v0;
        for (; v + 3 < v1; v += 4) {
            t = a.and(low).mul(x0.and(low));
            r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            a = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            x0 = x0.add(step4).sub(mv);
            x0 = x0.add(x0.lanewise(VectorOperators.ASHR, 63).and(mv));
            t = b.and(low).mul(x1.and(low));
            r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            b = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            x1 = x1.add(step4).sub(mv);
            x1 = x1.add(x1.lanewise(VectorOperators.ASHR, 63).and(mv));
            t = c.and(low).mul(x2.and(low));
            r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            c = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            x2 = x2.add(step4).sub(mv);
            x2 = x2.add(x2.lanewise(VectorOperators.ASHR, 63).and(mv));
            t = d.and(low).mul(x3.and(low));
            r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            d = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            x3 = x3.add(step4).sub(mv);
            x3 = x3.add(x3.lanewise(VectorOperators.ASHR, 63).and(mv));
        }
        for (; v < v1; v++) { // x0 = [VL*v + 1 ..] here
            t = a.and(low).mul(x0.and(low));
            r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
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

    /** {@code VectorMontgomeryFactorials.strictScanBlock}, masked: odd {@code M < 2^31}, results in {@code [0, M)}. */
    static void strictScanBlock(int[] fact, int[] inv, int f0, int b1, int len, long[] carries,
            int m, long mPrime, long oneR, long r2) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector low = LongVector.broadcast(LONG, MontgomeryMultiplier.R_MASK); // made here: see the class comment
        LongVector mvl = mv.and(low); // M < 2^31: unchanged
        LongVector npl = LongVector.broadcast(LONG, mPrime).and(low); // M' < 2^32: unchanged
        LongVector one = LongVector.broadcast(LONG, oneR);
        LongVector step = LongVector.broadcast(LONG, MontgomeryMultiplier.toMontgomery((long) VL % m, m, mPrime, r2));
        // x = [i .. i+VL-1] for the first forward vector; y = [i+1 .. i+VL] for the top backward one
        LongVector x = LongVector.fromArray(LONG,
                VectorMontgomeryFactorials.montgomeryLanes((long) VL * f0 + 1, m, mPrime, r2), 0);
        LongVector y = LongVector.fromArray(LONG,
                VectorMontgomeryFactorials.montgomeryLanes((long) VL * (b1 - 1) + 2, m, mPrime, r2), 0);
        LongVector c = LongVector.broadcast(LONG, carries[0]);
        LongVector d = LongVector.broadcast(LONG, carries[1]);
        for (int j = 0; j < len; j++) {
            // forward, vector f0 + j: prefix products, then times the carry
            LongVector s = x;
            LongVector t = s.and(low).mul(s.rearrange(UP1).blend(one, BELOW1).and(low));
            LongVector r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            s = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            if (VL > 2) {
                t = s.and(low).mul(s.rearrange(UP2).blend(one, BELOW2).and(low));
                r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                s = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            }
            if (VL > 4) {
                t = s.and(low).mul(s.rearrange(UP4).blend(one, BELOW4).and(low));
                r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                s = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            }
            t = s.and(low).mul(c.and(low));
            r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            s = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv)); // i! R^2
            ((IntVector) s.reinterpretAsInts().rearrange(Species.LOW_HALVES_FIRST).reinterpretShape(Species.HALF_INT, 0)).intoArray(fact, VL * (f0 + j) + 1);
            c = s.rearrange(LAST);
            x = x.add(step).sub(mv);
            x = x.add(x.lanewise(VectorOperators.ASHR, 63).and(mv));
            // backward, vector b1 - 1 - j: suffix products, then times the carry
            LongVector u = y;
            t = u.and(low).mul(u.rearrange(DOWN1).blend(one, ABOVE1).and(low));
            r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            u = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            if (VL > 2) {
                t = u.and(low).mul(u.rearrange(DOWN2).blend(one, ABOVE2).and(low));
                r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                u = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            }
            if (VL > 4) {
                t = u.and(low).mul(u.rearrange(DOWN4).blend(one, ABOVE4).and(low));
                r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
                u = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            }
            t = u.and(low).mul(d.and(low));
            r = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32).sub(mv);
            u = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv)); // (i!)^-1, plain
            ((IntVector) u.reinterpretAsInts().rearrange(Species.LOW_HALVES_FIRST).reinterpretShape(Species.HALF_INT, 0)).intoArray(inv, VL * (b1 - 1 - j) + 1);
            d = u.rearrange(FIRST);
            y = y.sub(step);
            y = y.add(y.lanewise(VectorOperators.ASHR, 63).and(mv));
        }
        carries[0] = c.lane(0);
        carries[1] = d.lane(0);
    }

    /** {@code VectorMontgomeryFactorials.lazyScanBlock}, masked: {@code M < 2^30}, REDC values in {@code [0, 2M)}. */
    static void lazyScanBlock(int[] fact, int[] inv, int f0, int b1, int len, long[] carries,
            int m, long mPrime, long oneR, long r2) {
        LongVector mv = LongVector.broadcast(LONG, m);
        LongVector low = LongVector.broadcast(LONG, MontgomeryMultiplier.R_MASK); // made here: see the class comment
        LongVector mvl = mv.and(low); // M < 2^31: unchanged
        LongVector npl = LongVector.broadcast(LONG, mPrime).and(low); // M' < 2^32: unchanged
        LongVector one = LongVector.broadcast(LONG, oneR);
        LongVector step = LongVector.broadcast(LONG, MontgomeryMultiplier.toMontgomery((long) VL % m, m, mPrime, r2));
        // x = [i .. i+VL-1] for the first forward vector; y = [i+1 .. i+VL] for the top backward one
        LongVector x = LongVector.fromArray(LONG,
                VectorMontgomeryFactorials.montgomeryLanes((long) VL * f0 + 1, m, mPrime, r2), 0);
        LongVector y = LongVector.fromArray(LONG,
                VectorMontgomeryFactorials.montgomeryLanes((long) VL * (b1 - 1) + 2, m, mPrime, r2), 0);
        LongVector c = LongVector.broadcast(LONG, carries[0]);
        LongVector d = LongVector.broadcast(LONG, carries[1]);
        for (int j = 0; j < len; j++) {
            // forward, vector f0 + j: prefix products, then times the carry
            LongVector s = x;
            LongVector t = s.and(low).mul(s.rearrange(UP1).blend(one, BELOW1).and(low));
            s = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
            if (VL > 2) {
                t = s.and(low).mul(s.rearrange(UP2).blend(one, BELOW2).and(low));
                s = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
            }
            if (VL > 4) {
                t = s.and(low).mul(s.rearrange(UP4).blend(one, BELOW4).and(low));
                s = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
            }
            t = s.and(low).mul(c.and(low));
            s = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32); // i! R^2, lazy
            c = s.rearrange(LAST);
            LongVector r = s.sub(mv);
            r = r.add(r.lanewise(VectorOperators.ASHR, 63).and(mv));
            ((IntVector) r.reinterpretAsInts().rearrange(Species.LOW_HALVES_FIRST).reinterpretShape(Species.HALF_INT, 0)).intoArray(fact, VL * (f0 + j) + 1);
            x = x.add(step).sub(mv);
            x = x.add(x.lanewise(VectorOperators.ASHR, 63).and(mv));
            // backward, vector b1 - 1 - j: suffix products, then times the carry
            LongVector u = y;
            t = u.and(low).mul(u.rearrange(DOWN1).blend(one, ABOVE1).and(low));
            u = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
            if (VL > 2) {
                t = u.and(low).mul(u.rearrange(DOWN2).blend(one, ABOVE2).and(low));
                u = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
            }
            if (VL > 4) {
                t = u.and(low).mul(u.rearrange(DOWN4).blend(one, ABOVE4).and(low));
                u = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
            }
            t = u.and(low).mul(d.and(low));
            u = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32); // (i!)^-1, lazy
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
