import jdk.incubator.vector.*;
import java.lang.management.*;
public class OpProbe {
    static final VectorSpecies<Long> L = LongVector.SPECIES_PREFERRED;
    static final VectorSpecies<Integer> HI = VectorSpecies.of(int.class, VectorShape.forBitSize(L.vectorBitSize() / 2));
    static final VectorShuffle<Long> UP1 = VectorShuffle.fromOp(L, i -> Math.max(i - 1, 0));
    static final VectorMask<Long> BELOW1 = VectorMask.fromLong(L, 1L);
    static long[] a = new long[1024]; static int[] o = new int[1024];
    interface Op { void run(); }
    static void rearr() { for (int i = 0; i + L.length() <= a.length; i += L.length()) { LongVector v = LongVector.fromArray(L, a, i); v.rearrange(UP1).blend(v, BELOW1).intoArray(a, i); } }
    static void ashr() { for (int i = 0; i + L.length() <= a.length; i += L.length()) { LongVector v = LongVector.fromArray(L, a, i); v.lanewise(VectorOperators.ASHR, 63).intoArray(a, i); } }
    static void lshr() { for (int i = 0; i + L.length() <= a.length; i += L.length()) { LongVector v = LongVector.fromArray(L, a, i); v.lanewise(VectorOperators.LSHR, 32).intoArray(a, i); } }
    static void mul() { for (int i = 0; i + L.length() <= a.length; i += L.length()) { LongVector v = LongVector.fromArray(L, a, i); v.mul(v).intoArray(a, i); } }
    static void l2i() { for (int i = 0; i + L.length() <= a.length; i += L.length()) { LongVector v = LongVector.fromArray(L, a, i); ((IntVector) v.convertShape(VectorOperators.L2I, HI, 0)).intoArray(o, i); } }
    public static void main(String[] args) {
        com.sun.management.ThreadMXBean t = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        String[] names = {"rearrange+blend", "ASHR", "LSHR", "mul", "L2I convertShape"};
        Op[] ops = {OpProbe::rearr, OpProbe::ashr, OpProbe::lshr, OpProbe::mul, OpProbe::l2i};
        for (int k = 0; k < ops.length; k++) {
            for (int w = 0; w < 200_000; w++) ops[k].run();
            long b = t.getCurrentThreadAllocatedBytes();
            for (int w = 0; w < 1000; w++) ops[k].run();
            System.out.println(L + " " + names[k] + ": " + (t.getCurrentThreadAllocatedBytes() - b) / 1000 + " B per 1024 longs");
        }
    }
}
