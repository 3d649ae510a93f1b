
import jdk.incubator.vector.*;
public class P16 {
  static final VectorSpecies<Long> LONG = LongVector.SPECIES_512;
  static final VectorSpecies<Integer> INT = IntVector.SPECIES_512;
  static final int VL_LONG = 8, VL_INT = 16;
  static final long LOW31 = 0x7fffffffL;
  static long c8(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
    LongVector mv = LongVector.broadcast(LONG, m);
    IntVector np = LongVector.broadcast(LONG, negInv).reinterpretAsInts();
    LongVector acc = LongVector.zero(LONG);
    for (int i = 0; i < len; i += 8 * VL_LONG) {
      LongVector v0 = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
      LongVector a0 = v0.and(LOW31);
      LongVector a1 = v0.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector v1 = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
      LongVector a2 = v1.and(LOW31);
      LongVector a3 = v1.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector v2 = IntVector.fromArray(INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
      LongVector a4 = v2.and(LOW31);
      LongVector a5 = v2.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector v3 = IntVector.fromArray(INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
      LongVector a6 = v3.and(LOW31);
      LongVector a7 = v3.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector r0 = a0;
      LongVector r1 = a1;
      LongVector r2 = a2;
      LongVector r3 = a3;
      LongVector r4 = a4;
      LongVector r5 = a5;
      LongVector r6 = a6;
      LongVector r7 = a7;
      LongVector t;
      for (boolean base : byBase) {
        t = r0.mul(base ? a0 : r0);
        r0 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r1.mul(base ? a1 : r1);
        r1 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r2.mul(base ? a2 : r2);
        r2 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r3.mul(base ? a3 : r3);
        r3 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r4.mul(base ? a4 : r4);
        r4 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r5.mul(base ? a5 : r5);
        r5 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r6.mul(base ? a6 : r6);
        r6 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r7.mul(base ? a7 : r7);
        r7 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
      }
      acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7);
    }
    return acc.reduceLanes(VectorOperators.ADD) % m;
  }
  static long c16(int[] x, int from, int len, boolean[] byBase, int m, long negInv) {
    LongVector mv = LongVector.broadcast(LONG, m);
    IntVector np = LongVector.broadcast(LONG, negInv).reinterpretAsInts();
    LongVector acc = LongVector.zero(LONG);
    for (int i = 0; i < len; i += 16 * VL_LONG) {
      LongVector v0 = IntVector.fromArray(INT, x, from + i + 0 * VL_INT).reinterpretAsLongs();
      LongVector a0 = v0.and(LOW31);
      LongVector a1 = v0.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector v1 = IntVector.fromArray(INT, x, from + i + 1 * VL_INT).reinterpretAsLongs();
      LongVector a2 = v1.and(LOW31);
      LongVector a3 = v1.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector v2 = IntVector.fromArray(INT, x, from + i + 2 * VL_INT).reinterpretAsLongs();
      LongVector a4 = v2.and(LOW31);
      LongVector a5 = v2.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector v3 = IntVector.fromArray(INT, x, from + i + 3 * VL_INT).reinterpretAsLongs();
      LongVector a6 = v3.and(LOW31);
      LongVector a7 = v3.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector v4 = IntVector.fromArray(INT, x, from + i + 4 * VL_INT).reinterpretAsLongs();
      LongVector a8 = v4.and(LOW31);
      LongVector a9 = v4.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector v5 = IntVector.fromArray(INT, x, from + i + 5 * VL_INT).reinterpretAsLongs();
      LongVector a10 = v5.and(LOW31);
      LongVector a11 = v5.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector v6 = IntVector.fromArray(INT, x, from + i + 6 * VL_INT).reinterpretAsLongs();
      LongVector a12 = v6.and(LOW31);
      LongVector a13 = v6.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector v7 = IntVector.fromArray(INT, x, from + i + 7 * VL_INT).reinterpretAsLongs();
      LongVector a14 = v7.and(LOW31);
      LongVector a15 = v7.lanewise(VectorOperators.LSHR, 32).and(LOW31);
      LongVector r0 = a0;
      LongVector r1 = a1;
      LongVector r2 = a2;
      LongVector r3 = a3;
      LongVector r4 = a4;
      LongVector r5 = a5;
      LongVector r6 = a6;
      LongVector r7 = a7;
      LongVector r8 = a8;
      LongVector r9 = a9;
      LongVector r10 = a10;
      LongVector r11 = a11;
      LongVector r12 = a12;
      LongVector r13 = a13;
      LongVector r14 = a14;
      LongVector r15 = a15;
      LongVector t;
      for (boolean base : byBase) {
        t = r0.mul(base ? a0 : r0);
        r0 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r1.mul(base ? a1 : r1);
        r1 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r2.mul(base ? a2 : r2);
        r2 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r3.mul(base ? a3 : r3);
        r3 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r4.mul(base ? a4 : r4);
        r4 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r5.mul(base ? a5 : r5);
        r5 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r6.mul(base ? a6 : r6);
        r6 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r7.mul(base ? a7 : r7);
        r7 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r8.mul(base ? a8 : r8);
        r8 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r9.mul(base ? a9 : r9);
        r9 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r10.mul(base ? a10 : r10);
        r10 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r11.mul(base ? a11 : r11);
        r11 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r12.mul(base ? a12 : r12);
        r12 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r13.mul(base ? a13 : r13);
        r13 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r14.mul(base ? a14 : r14);
        r14 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
        t = r15.mul(base ? a15 : r15);
        r15 = t.add(t.reinterpretAsInts().mul(np).reinterpretAsLongs().mul(mv)).lanewise(VectorOperators.LSHR, 32);
      }
      acc = acc.add(r0).add(r1).add(r2).add(r3).add(r4).add(r5).add(r6).add(r7).add(r8).add(r9).add(r10).add(r11).add(r12).add(r13).add(r14).add(r15);
    }
    return acc.reduceLanes(VectorOperators.ADD) % m;
  }
  static long run(int[] x, boolean[] bb, int m, long ni, int n) {
    long s = 0;
    for (int i = 0; i < x.length; i += 1024) s += (n == 8 ? c8(x, i, 1024, bb, m, ni) : c16(x, i, 1024, bb, m, ni));
    return s % m;
  }
  public static void main(String[] a) {
    int m = 1000000007; long s = 10000000L;
    long inv = 1; for (int i = 0; i < 6; i++) inv *= 2 - m * inv; long ni = (-inv) & 0xffffffffL;
    int top = 63 - Long.numberOfLeadingZeros(s);
    boolean[] bb = new boolean[top + Long.bitCount(s) - 1]; int k = 0;
    for (int b = top - 1; b >= 0; b--) { bb[k++] = false; if (((s >>> b) & 1) != 0) bb[k++] = true; }
    int[] x = new int[1 << 24]; java.util.Random r = new java.util.Random(1);
    for (int i = 0; i < x.length; i++) x[i] = r.nextInt(m);
    for (int w = 0; w < 5; w++) { run(x, bb, m, ni, 8); run(x, bb, m, ni, 16); }
    long[] t8 = new long[15], t16 = new long[15];
    for (int it = 0; it < 15; it++) {
      long t0 = System.nanoTime(); long s8 = run(x, bb, m, ni, 8); long t1 = System.nanoTime(); long s16 = run(x, bb, m, ni, 16); long t2 = System.nanoTime();
      if (s8 != s16) throw new AssertionError(s8 + " " + s16);
      t8[it] = t1 - t0; t16[it] = t2 - t1;
    }
    java.util.Arrays.sort(t8); java.util.Arrays.sort(t16);
    System.out.printf("%s 8 chains %.2f ms, 16 chains %.2f ms (median of 15, 1 thread)%n", System.getProperty("java.version"), t8[7]/1e6, t16[7]/1e6);
  }
}
