import dev.nimbench.arith.*;
import dev.nimbench.distribution.cardstacking.*;
import java.lang.management.*;
/** Times FmaFactorialTables.fill alone (one thread, n and repetitions as arguments; the class name of a FactorialTables in cardstacking/vector), its allocation per call, and checks fact[] against a scalar chain. */
public class TabProbe {
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]); int reps = Integer.parseInt(a[1]);
        int m = 1_000_000_007;
        ModularMultiplier plain = MultiplierVariant.PLAIN.create(m);
        FactorialTables ft = (FactorialTables) Class.forName("dev.nimbench.distribution.cardstacking.vector." + a[2]).getConstructor().newInstance();
        int[] f = new int[n + 1], inv = new int[n + 1];
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sink = 0;
        for (int r = 0; r < reps; r++) {
            long b0 = mx.getCurrentThreadAllocatedBytes();
            long t0 = System.nanoTime();
            ft.fill(n, plain, f, inv, null, 1);
            long t1 = System.nanoTime();
            long b1 = mx.getCurrentThreadAllocatedBytes();
            sink += f[n / 3] + inv[n / 2] + f[n] + inv[1];
            if (r >= reps - 8) System.out.printf("fill %.2f ms, %d KB%n", (t1 - t0) / 1e6, (b1 - b0) / 1024);
        }
        // check against scalar
        long ff = 1; boolean ok = true;
        for (int i = 1; i <= n; i++) { ff = ff * i % m; if (f[i] != ff) { ok = false; System.out.println("bad fact at " + i); break; } }
        System.out.println("ok " + ok + " sink " + sink);
    }
}
