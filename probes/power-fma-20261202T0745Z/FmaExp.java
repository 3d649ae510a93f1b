import jdk.incubator.vector.*;
public class FmaExp {
    static final VectorSpecies<Double> D = DoubleVector.SPECIES_PREFERRED;
    static final int VL = D.length();
    static final double C = 6755399441055744.0;
    static long k8(double[] w, int len, boolean[] byBase, int m, double invM) {
        DoubleVector negM = DoubleVector.broadcast(D, -(double) m);
        DoubleVector inv = DoubleVector.broadcast(D, invM);
        DoubleVector c = DoubleVector.broadcast(D, C);
        DoubleVector acc = DoubleVector.zero(D);
        for (int i = 0; i < len; i += 8 * VL) {
            DoubleVector a0 = DoubleVector.fromArray(D, w, i + 0 * VL);
            DoubleVector r0 = a0;
            DoubleVector a1 = DoubleVector.fromArray(D, w, i + 1 * VL);
            DoubleVector r1 = a1;
            DoubleVector a2 = DoubleVector.fromArray(D, w, i + 2 * VL);
            DoubleVector r2 = a2;
            DoubleVector a3 = DoubleVector.fromArray(D, w, i + 3 * VL);
            DoubleVector r3 = a3;
            DoubleVector a4 = DoubleVector.fromArray(D, w, i + 4 * VL);
            DoubleVector r4 = a4;
            DoubleVector a5 = DoubleVector.fromArray(D, w, i + 5 * VL);
            DoubleVector r5 = a5;
            DoubleVector a6 = DoubleVector.fromArray(D, w, i + 6 * VL);
            DoubleVector r6 = a6;
            DoubleVector a7 = DoubleVector.fromArray(D, w, i + 7 * VL);
            DoubleVector r7 = a7;
            DoubleVector b, h, l, q;
            for (boolean base : byBase) {
                b = base ? a0 : r0;
                h = r0.mul(b);
                l = r0.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r0 = q.fma(negM, h).add(l);
                b = base ? a1 : r1;
                h = r1.mul(b);
                l = r1.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r1 = q.fma(negM, h).add(l);
                b = base ? a2 : r2;
                h = r2.mul(b);
                l = r2.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r2 = q.fma(negM, h).add(l);
                b = base ? a3 : r3;
                h = r3.mul(b);
                l = r3.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r3 = q.fma(negM, h).add(l);
                b = base ? a4 : r4;
                h = r4.mul(b);
                l = r4.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r4 = q.fma(negM, h).add(l);
                b = base ? a5 : r5;
                h = r5.mul(b);
                l = r5.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r5 = q.fma(negM, h).add(l);
                b = base ? a6 : r6;
                h = r6.mul(b);
                l = r6.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r6 = q.fma(negM, h).add(l);
                b = base ? a7 : r7;
                h = r7.mul(b);
                l = r7.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r7 = q.fma(negM, h).add(l);
            }
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7);
        }
        return Math.floorMod((long) acc.reduceLanes(VectorOperators.ADD), (long) m);
    }
    static long k6(double[] w, int len, boolean[] byBase, int m, double invM) {
        DoubleVector negM = DoubleVector.broadcast(D, -(double) m);
        DoubleVector inv = DoubleVector.broadcast(D, invM);
        DoubleVector c = DoubleVector.broadcast(D, C);
        DoubleVector acc = DoubleVector.zero(D);
        for (int i = 0; i < len; i += 6 * VL) {
            DoubleVector a0 = DoubleVector.fromArray(D, w, i + 0 * VL);
            DoubleVector r0 = a0;
            DoubleVector a1 = DoubleVector.fromArray(D, w, i + 1 * VL);
            DoubleVector r1 = a1;
            DoubleVector a2 = DoubleVector.fromArray(D, w, i + 2 * VL);
            DoubleVector r2 = a2;
            DoubleVector a3 = DoubleVector.fromArray(D, w, i + 3 * VL);
            DoubleVector r3 = a3;
            DoubleVector a4 = DoubleVector.fromArray(D, w, i + 4 * VL);
            DoubleVector r4 = a4;
            DoubleVector a5 = DoubleVector.fromArray(D, w, i + 5 * VL);
            DoubleVector r5 = a5;
            DoubleVector b, h, l, q;
            for (boolean base : byBase) {
                b = base ? a0 : r0;
                h = r0.mul(b);
                l = r0.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r0 = q.fma(negM, h).add(l);
                b = base ? a1 : r1;
                h = r1.mul(b);
                l = r1.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r1 = q.fma(negM, h).add(l);
                b = base ? a2 : r2;
                h = r2.mul(b);
                l = r2.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r2 = q.fma(negM, h).add(l);
                b = base ? a3 : r3;
                h = r3.mul(b);
                l = r3.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r3 = q.fma(negM, h).add(l);
                b = base ? a4 : r4;
                h = r4.mul(b);
                l = r4.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r4 = q.fma(negM, h).add(l);
                b = base ? a5 : r5;
                h = r5.mul(b);
                l = r5.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r5 = q.fma(negM, h).add(l);
            }
            acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5);
        }
        return Math.floorMod((long) acc.reduceLanes(VectorOperators.ADD), (long) m);
    }
    static long k4(double[] w, int len, boolean[] byBase, int m, double invM) {
        DoubleVector negM = DoubleVector.broadcast(D, -(double) m);
        DoubleVector inv = DoubleVector.broadcast(D, invM);
        DoubleVector c = DoubleVector.broadcast(D, C);
        DoubleVector acc = DoubleVector.zero(D);
        for (int i = 0; i < len; i += 4 * VL) {
            DoubleVector a0 = DoubleVector.fromArray(D, w, i + 0 * VL);
            DoubleVector r0 = a0;
            DoubleVector a1 = DoubleVector.fromArray(D, w, i + 1 * VL);
            DoubleVector r1 = a1;
            DoubleVector a2 = DoubleVector.fromArray(D, w, i + 2 * VL);
            DoubleVector r2 = a2;
            DoubleVector a3 = DoubleVector.fromArray(D, w, i + 3 * VL);
            DoubleVector r3 = a3;
            DoubleVector b, h, l, q;
            for (boolean base : byBase) {
                b = base ? a0 : r0;
                h = r0.mul(b);
                l = r0.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r0 = q.fma(negM, h).add(l);
                b = base ? a1 : r1;
                h = r1.mul(b);
                l = r1.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r1 = q.fma(negM, h).add(l);
                b = base ? a2 : r2;
                h = r2.mul(b);
                l = r2.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r2 = q.fma(negM, h).add(l);
                b = base ? a3 : r3;
                h = r3.mul(b);
                l = r3.fma(b, h.neg());
                q = h.fma(inv, c).sub(c);
                r3 = q.fma(negM, h).add(l);
            }
            acc = acc.add(r0).add(r1).add(r2).add(r3);
        }
        return Math.floorMod((long) acc.reduceLanes(VectorOperators.ADD), (long) m);
    }
    static boolean[] steps(long s) {
        int top = 63 - Long.numberOfLeadingZeros(s);
        java.util.List<Boolean> l = new java.util.ArrayList<>();
        for (int bit = top - 1; bit >= 0; bit--) { l.add(false); if (((s >>> bit) & 1) != 0) l.add(true); }
        boolean[] b = new boolean[l.size()]; for (int i = 0; i < b.length; i++) b[i] = l.get(i); return b;
    }
    public static void main(String[] args) {
        String which = args[0];
        int m = 1_000_000_007; double inv = 1.0 / m;
        int n = 1 << 22; int block = 1536; // multiple of 8*8, 6*8, 4*8 lanes: 1536 = 24*64
        int[] x = new int[n]; java.util.SplittableRandom r = new java.util.SplittableRandom(1);
        for (int i = 0; i < n; i++) x[i] = r.nextInt(m);
        boolean[] st = steps(10_000_000L);
        double[] w = new double[block];
        long best = Long.MAX_VALUE; long sink = 0;
        for (int rep = 0; rep < 25; rep++) {
            long t0 = System.nanoTime(); long tot = 0;
            for (int i = 0; i + block <= n; i += block) {
                for (int k = 0; k < block; k++) w[k] = x[i + k];
                long v = which.equals("8") ? k8(w, block, st, m, inv) : which.equals("6") ? k6(w, block, st, m, inv) : k4(w, block, st, m, inv);
                tot = (tot + v) % m;
            }
            long t = System.nanoTime() - t0; sink += tot;
            if (rep >= 10) best = Math.min(best, t);
            if (rep == 24) System.out.printf("chains %s: best %.1f ms (last %.1f), sum %d%n", which, best / 1e6, t / 1e6, tot);
        }
    }
}
