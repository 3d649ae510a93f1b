import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.arith.MultiplierVariant;
public class PowProbe {
    public static void main(String[] a) {
        PowerVariant v = PowerVariant.valueOf(a[0]);
        int n = 1 << 20; int m = 1_000_000_007;
        int[] x = new int[n]; long seed = 1;
        for (int i = 0; i < n; i++) { seed = seed * 6364136223846793005L + 1442695040888963407L; x[i] = (int) Long.remainderUnsigned(seed >>> 1, m); }
        var s = v.create();
        ExecutionContext ctx = new ExecutionContext(MultiplierVariant.MONTGOMERY.create(m), 1);
        long best = Long.MAX_VALUE, r = 0;
        for (int k = 0; k < 60; k++) { long t = System.nanoTime(); r = s.sum(x, 10_000_000L, ctx); best = Math.min(best, System.nanoTime() - t); }
        System.out.println(v + " " + r + " best " + best / 1e6 + " ms");
    }
}
