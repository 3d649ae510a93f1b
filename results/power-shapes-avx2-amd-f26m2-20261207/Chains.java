import jdk.incubator.vector.*;
public class Chains {
    static final VectorSpecies<Long> LONG = LongVector.SPECIES_256;
    static final VectorSpecies<Integer> INT = IntVector.SPECIES_256;
    static final int VL_LONG = 4, VL_INT = 8;
    static long cur8(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector low = LongVector.broadcast(LONG, 0xFFFFFFFFL);
        LongVector entry = LongVector.broadcast(LONG, Integer.MAX_VALUE);
        LongVector mvl = LongVector.broadcast(LONG, m).and(low);
        LongVector npl = LongVector.broadcast(LONG, negInv).and(low);
        LongVector acc = LongVector.zero(LONG);
        for (int i = 0; i < len; i += 8 * VL_LONG) {
            LongVector v0 = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
            LongVector r0 = v0.and(entry);
            LongVector r1 = v0.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v1 = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
            LongVector r2 = v1.and(entry);
            LongVector r3 = v1.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v2 = IntVector.fromArray(INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
            LongVector r4 = v2.and(entry);
            LongVector r5 = v2.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v3 = IntVector.fromArray(INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
            LongVector r6 = v3.and(entry);
            LongVector r7 = v3.lanewise(VectorOperators.LSHR, 32).and(entry);
            LongVector v, a, t;
            for (boolean base : byBase) {
                if (base) {
                    v = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
                    t = r0.and(low).mul(v.and(entry).and(low));
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r1.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(entry).and(low));
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
                    t = r2.and(low).mul(v.and(entry).and(low));
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r3.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(entry).and(low));
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
                    t = r4.and(low).mul(v.and(entry).and(low));
                    r4 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r5.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(entry).and(low));
                    r5 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
                    t = r6.and(low).mul(v.and(entry).and(low));
                    r6 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r7.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(entry).and(low));
                    r7 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                } else {
                    a = r0.and(low); t = a.mul(a);
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r1.and(low); t = a.mul(a);
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r2.and(low); t = a.mul(a);
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r3.and(low); t = a.mul(a);
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r4.and(low); t = a.mul(a);
                    r4 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r5.and(low); t = a.mul(a);
                    r5 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r6.and(low); t = a.mul(a);
                    r6 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r7.and(low); t = a.mul(a);
                    r7 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                }
            }
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7);
        }
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }
    static long lean8(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector low = LongVector.broadcast(LONG, 0xFFFFFFFFL);
        LongVector entry = LongVector.broadcast(LONG, Integer.MAX_VALUE);
        LongVector mvl = LongVector.broadcast(LONG, m).and(low);
        LongVector npl = LongVector.broadcast(LONG, negInv).and(low);
        LongVector acc = LongVector.zero(LONG);
        for (int i = 0; i < len; i += 8 * VL_LONG) {
            LongVector v0 = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
            LongVector r0 = v0.and(low);
            LongVector r1 = v0.lanewise(VectorOperators.LSHR, 32);
            LongVector v1 = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
            LongVector r2 = v1.and(low);
            LongVector r3 = v1.lanewise(VectorOperators.LSHR, 32);
            LongVector v2 = IntVector.fromArray(INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
            LongVector r4 = v2.and(low);
            LongVector r5 = v2.lanewise(VectorOperators.LSHR, 32);
            LongVector v3 = IntVector.fromArray(INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
            LongVector r6 = v3.and(low);
            LongVector r7 = v3.lanewise(VectorOperators.LSHR, 32);
            LongVector v, a, t;
            for (boolean base : byBase) {
                if (base) {
                    v = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
                    t = r0.and(low).mul(v.and(low));
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r1.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
                    t = r2.and(low).mul(v.and(low));
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r3.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
                    t = r4.and(low).mul(v.and(low));
                    r4 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r5.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r5 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
                    t = r6.and(low).mul(v.and(low));
                    r6 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r7.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r7 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                } else {
                    a = r0.and(low); t = a.mul(a);
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r1.and(low); t = a.mul(a);
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r2.and(low); t = a.mul(a);
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r3.and(low); t = a.mul(a);
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r4.and(low); t = a.mul(a);
                    r4 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r5.and(low); t = a.mul(a);
                    r5 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r6.and(low); t = a.mul(a);
                    r6 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r7.and(low); t = a.mul(a);
                    r7 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                }
            }
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7);
        }
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }
    static long lean6(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector low = LongVector.broadcast(LONG, 0xFFFFFFFFL);
        LongVector entry = LongVector.broadcast(LONG, Integer.MAX_VALUE);
        LongVector mvl = LongVector.broadcast(LONG, m).and(low);
        LongVector npl = LongVector.broadcast(LONG, negInv).and(low);
        LongVector acc = LongVector.zero(LONG);
        for (int i = 0; i < len; i += 6 * VL_LONG) {
            LongVector v0 = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
            LongVector r0 = v0.and(low);
            LongVector r1 = v0.lanewise(VectorOperators.LSHR, 32);
            LongVector v1 = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
            LongVector r2 = v1.and(low);
            LongVector r3 = v1.lanewise(VectorOperators.LSHR, 32);
            LongVector v2 = IntVector.fromArray(INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
            LongVector r4 = v2.and(low);
            LongVector r5 = v2.lanewise(VectorOperators.LSHR, 32);
            LongVector v, a, t;
            for (boolean base : byBase) {
                if (base) {
                    v = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
                    t = r0.and(low).mul(v.and(low));
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r1.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
                    t = r2.and(low).mul(v.and(low));
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r3.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
                    t = r4.and(low).mul(v.and(low));
                    r4 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r5.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r5 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                } else {
                    a = r0.and(low); t = a.mul(a);
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r1.and(low); t = a.mul(a);
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r2.and(low); t = a.mul(a);
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r3.and(low); t = a.mul(a);
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r4.and(low); t = a.mul(a);
                    r4 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r5.and(low); t = a.mul(a);
                    r5 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                }
            }
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5);
        }
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }
    static long lean4(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector low = LongVector.broadcast(LONG, 0xFFFFFFFFL);
        LongVector entry = LongVector.broadcast(LONG, Integer.MAX_VALUE);
        LongVector mvl = LongVector.broadcast(LONG, m).and(low);
        LongVector npl = LongVector.broadcast(LONG, negInv).and(low);
        LongVector acc = LongVector.zero(LONG);
        for (int i = 0; i < len; i += 4 * VL_LONG) {
            LongVector v0 = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
            LongVector r0 = v0.and(low);
            LongVector r1 = v0.lanewise(VectorOperators.LSHR, 32);
            LongVector v1 = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
            LongVector r2 = v1.and(low);
            LongVector r3 = v1.lanewise(VectorOperators.LSHR, 32);
            LongVector v, a, t;
            for (boolean base : byBase) {
                if (base) {
                    v = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
                    t = r0.and(low).mul(v.and(low));
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r1.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
                    t = r2.and(low).mul(v.and(low));
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r3.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                } else {
                    a = r0.and(low); t = a.mul(a);
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r1.and(low); t = a.mul(a);
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r2.and(low); t = a.mul(a);
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r3.and(low); t = a.mul(a);
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                }
            }
            acc = acc.add(r0).add(r1).add(r2).add(r3);
        }
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }
    static long lean12(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
        LongVector low = LongVector.broadcast(LONG, 0xFFFFFFFFL);
        LongVector entry = LongVector.broadcast(LONG, Integer.MAX_VALUE);
        LongVector mvl = LongVector.broadcast(LONG, m).and(low);
        LongVector npl = LongVector.broadcast(LONG, negInv).and(low);
        LongVector acc = LongVector.zero(LONG);
        for (int i = 0; i < len; i += 12 * VL_LONG) {
            LongVector v0 = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
            LongVector r0 = v0.and(low);
            LongVector r1 = v0.lanewise(VectorOperators.LSHR, 32);
            LongVector v1 = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
            LongVector r2 = v1.and(low);
            LongVector r3 = v1.lanewise(VectorOperators.LSHR, 32);
            LongVector v2 = IntVector.fromArray(INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
            LongVector r4 = v2.and(low);
            LongVector r5 = v2.lanewise(VectorOperators.LSHR, 32);
            LongVector v3 = IntVector.fromArray(INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
            LongVector r6 = v3.and(low);
            LongVector r7 = v3.lanewise(VectorOperators.LSHR, 32);
            LongVector v4 = IntVector.fromArray(INT, x, from + i + 4 * VL_INT).reinterpretAsLongs();
            LongVector r8 = v4.and(low);
            LongVector r9 = v4.lanewise(VectorOperators.LSHR, 32);
            LongVector v5 = IntVector.fromArray(INT, x, from + i + 5 * VL_INT).reinterpretAsLongs();
            LongVector r10 = v5.and(low);
            LongVector r11 = v5.lanewise(VectorOperators.LSHR, 32);
            LongVector v, a, t;
            for (boolean base : byBase) {
                if (base) {
                    v = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
                    t = r0.and(low).mul(v.and(low));
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r1.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
                    t = r2.and(low).mul(v.and(low));
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r3.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
                    t = r4.and(low).mul(v.and(low));
                    r4 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r5.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r5 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
                    t = r6.and(low).mul(v.and(low));
                    r6 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r7.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r7 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 4 * VL_INT).reinterpretAsLongs();
                    t = r8.and(low).mul(v.and(low));
                    r8 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r9.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r9 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    v = IntVector.fromArray(INT, x, from + i + 5 * VL_INT).reinterpretAsLongs();
                    t = r10.and(low).mul(v.and(low));
                    r10 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    t = r11.and(low).mul(v.lanewise(VectorOperators.LSHR, 32).and(low));
                    r11 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                } else {
                    a = r0.and(low); t = a.mul(a);
                    r0 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r1.and(low); t = a.mul(a);
                    r1 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r2.and(low); t = a.mul(a);
                    r2 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r3.and(low); t = a.mul(a);
                    r3 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r4.and(low); t = a.mul(a);
                    r4 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r5.and(low); t = a.mul(a);
                    r5 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r6.and(low); t = a.mul(a);
                    r6 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r7.and(low); t = a.mul(a);
                    r7 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r8.and(low); t = a.mul(a);
                    r8 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r9.and(low); t = a.mul(a);
                    r9 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r10.and(low); t = a.mul(a);
                    r10 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                    a = r11.and(low); t = a.mul(a);
                    r11 = t.add(t.and(low).mul(npl).and(low).mul(mvl)).lanewise(VectorOperators.LSHR, 32);
                }
            }
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7).add(r8).add(r9).add(r10).add(r11);
        }
        return acc.reduceLanes(VectorOperators.ADD) % m;
    }
    static long run(int which, int[] x, boolean[] byBase, int m, long negInv) {
        long s = 0;
        for (int i = 0; i < x.length; i += 1536) {
            int len = Math.min(1536, x.length - i);
            switch (which) {
                case 0: s += cur8(x, i, len, byBase, m, negInv); break;
                case 1: s += lean8(x, i, len, byBase, m, negInv); break;
                case 2: s += lean6(x, i, len, byBase, m, negInv); break;
                case 3: s += lean4(x, i, len, byBase, m, negInv); break;
                case 4: s += lean12(x, i, len, byBase, m, negInv); break;
            }
        }
        return s % m;
    }
    public static void main(String[] a) {
        int m = 1_000_000_007; long s = 10_000_000L;
        // M' = -M^-1 mod 2^32
        long inv = 1; for (int k = 0; k < 6; k++) inv = inv * (2 - m * inv) & 0xFFFFFFFFL;
        long negInv = (-inv) & 0xFFFFFFFFL;
        int top = 63 - Long.numberOfLeadingZeros(s);
        boolean[] byBase = new boolean[2 * top]; int n = 0;
        java.util.List<Boolean> steps = new java.util.ArrayList<>();
        for (int b = top - 1; b >= 0; b--) { steps.add(false); if (((s >> b) & 1) != 0) steps.add(true); }
        byBase = new boolean[steps.size()]; for (int k = 0; k < byBase.length; k++) byBase[k] = steps.get(k);
        int N = 1536 * 683; // ~2^20, multiple of 24*... lengths: 1536 divisible by 16,24,32,48
        int[] x = new int[N]; long seed = 7;
        for (int i = 0; i < N; i++) { seed = seed * 6364136223846793005L + 1442695040888963407L; x[i] = (int) Long.remainderUnsigned(seed >>> 1, m); }
        String[] names = {"cur8","lean8","lean6","lean4","lean12"};
        long[][] best = new long[names.length][1];
        for (long[] b : best) b[0] = Long.MAX_VALUE;
        long ref = run(0, x, byBase, m, negInv);
        for (int round = 0; round < 30; round++) {
            for (int w = 0; w < names.length; w++) {
                long t0 = System.nanoTime(); long r = run(w, x, byBase, m, negInv); long dt = System.nanoTime() - t0;
                if (r != ref) throw new AssertionError(names[w] + " " + r + " != " + ref);
                best[w][0] = Math.min(best[w][0], dt);
            }
        }
        for (int w = 0; w < names.length; w++) System.out.printf("%-7s best %.3f ms%n", names[w], best[w][0] / 1e6);
    }
}
