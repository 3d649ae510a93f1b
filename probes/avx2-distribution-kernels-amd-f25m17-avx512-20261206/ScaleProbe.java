import dev.nimbench.arith.*;
import dev.nimbench.distribution.*;
import dev.nimbench.distribution.cardstacking.*;
import dev.nimbench.exec.*;
import java.util.*;
/** The FMA card-stacking distribution at 1 and 2 threads: ranges() (the factorial tables) and the whole histogram per call; the 2-thread times per call are printed as tables/histogram. */
public class ScaleProbe {
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]); int reps = Integer.parseInt(a[1]);
        int m = 1_000_000_007;
        var dist = TailSumRecurrenceDistribution.fmaLanes();
        for (int threads : new int[] {1, 2}) {
            var ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(m), threads);
            int[] out = new int[dist.size(n)];
            List<Double> tr = new ArrayList<>(), th = new ArrayList<>();
            long sink = 0;
            for (int r = 0; r < reps; r++) {
                long t0 = System.nanoTime();
                var rg = dist.ranges(n, ctx);
                long t1 = System.nanoTime();
                dist.histogram(n, out, ctx);
                long t2 = System.nanoTime();
                tr.add((t1 - t0) / 1e6); th.add((t2 - t1) / 1e6); if (threads == 2) System.out.printf("%.0f/%.0f ", (t1 - t0) / 1e6, (t2 - t1) / 1e6);
                sink += out[n / 3];
            }
            Collections.sort(tr.subList(reps / 2, reps)); Collections.sort(th.subList(reps / 2, reps));
            System.out.printf("threads %d: ranges (tables) %.1f ms, histogram %.1f ms (min %.1f), sink %d%n", threads,
                tr.get(reps / 2 + reps / 4), th.get(reps / 2 + reps / 4), th.get(reps / 2), sink);
            ctx.close();
        }
    }
}
