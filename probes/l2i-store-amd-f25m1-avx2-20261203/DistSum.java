import dev.nimbench.distribution.*;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.arith.*;
import java.lang.management.*;
import java.util.*;
public class DistSum {
    public static void main(String[] a) {
        String variant = a[0]; int n = Integer.parseInt(a[1]); int threads = Integer.parseInt(a[2]); long budgetMs = Long.parseLong(a[3]);
        int m = 1_000_000_007;
        DistributionVariant v = null;
        for (DistributionVariant p : DistributionVariant.values()) if (p.id().equals(variant)) v = p;
        GrundyDistribution d = v.create();
        ExecutionContext ctx = new ExecutionContext(MultiplierVariant.values()[0].create(m), threads);
        int[] out = new int[d.size(n)];
        com.sun.management.ThreadMXBean b = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<Double> t = new ArrayList<>(); List<Long> al = new ArrayList<>();
        long end = System.nanoTime() + budgetMs * 1_000_000L;
        long h = 0;
        while (System.nanoTime() < end) {
            long a0 = 0; for (long x : b.getThreadAllocatedBytes(b.getAllThreadIds())) if (x > 0) a0 += x;
            long t0 = System.nanoTime(); d.histogram(n, out, ctx); long t1 = System.nanoTime();
            long a1 = 0; for (long x : b.getThreadAllocatedBytes(b.getAllThreadIds())) if (x > 0) a1 += x;
            t.add((t1 - t0) / 1e6); al.add(a1 - a0);
        }
        for (int x : out) h = h * 31 + x;
        int k = t.size(); List<Double> last = new ArrayList<>(t.subList(k / 2, k)); Collections.sort(last);
        List<Long> la = new ArrayList<>(al.subList(k / 2, k)); Collections.sort(la);
        System.out.printf("jdk%d %s n=%d calls=%d median=%.3f ms alloc(median)=%d B hash=%x%n", Runtime.version().feature(), variant, n, k, last.get(last.size()/2), la.get(la.size()/2), h);
    }
}
