import dev.nimbench.distribution.*;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.arith.MultiplierVariant;
public class AllocProbe {
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]);
        GrundyDistribution d = DistributionVariant.valueOf("VECTOR_TAIL_SUM_RECURRENCE").create();
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.MONTGOMERY.create(1_000_000_007), 2)) {
            int[] out = new int[d.size(n)];
            long t = System.nanoTime();
            for (int i = 0; i < 20000; i++) {
                d.histogram(n, out, ctx);
            }
            System.out.println((System.nanoTime() - t) / 20000 / 1e3 + " us/call");
        }
    }
}
