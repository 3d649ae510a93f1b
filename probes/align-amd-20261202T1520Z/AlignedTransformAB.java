import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.transform.CacheLineOffset;
import dev.nimbench.transform.HadamardTransform;
import dev.nimbench.transform.TransformVariant;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * In-process A/B of the data's placement: one transform variant at 2^24, the data at int offset 0
 * (element 0 of a humongous int[]: 16 bytes past a cache line) and at CacheLineOffset.INTS (on a
 * line), alternating call by call in one array; wall ms per call, median of the calls after the
 * first 20. usage: java ... AlignedTransformAB VARIANT THREADS CALLS
 */
public class AlignedTransformAB {
    public static void main(String[] args) {
        HadamardTransform t = Arrays.stream(TransformVariant.values()).filter(v -> v.id().equals(args[0]))
                .findFirst().orElseThrow().create();
        int threads = Integer.parseInt(args[1]), calls = Integer.parseInt(args[2]);
        int n = 1 << 24, m = 1_000_000_007, off = CacheLineOffset.INTS;
        int[] input = new SplittableRandom(1).ints(n, 0, m).toArray();
        int[] a = new int[n + 16];
        long[][] ms = new long[2][calls];
        int[][] out = new int[2][];
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(m), threads)) {
            for (int c = 0; c < 2 * calls; c++) {
                int side = c & 1;
                int o = side == 0 ? 0 : off;
                System.arraycopy(input, 0, a, o, n);
                long t0 = System.nanoTime();
                t.transform(a, o, n, ctx);
                ms[side][c / 2] = System.nanoTime() - t0;
                if (c >= 2 * calls - 2) out[side] = Arrays.copyOfRange(a, o, o + n);
            }
        }
        if (!Arrays.equals(out[0], out[1])) throw new AssertionError("outputs differ");
        System.out.printf("%s %dT: offset 0 %.2f ms, offset %d %.2f ms, ratio %.3f%n", args[0], threads,
                med(ms[0]), off, med(ms[1]), med(ms[1]) / med(ms[0]));
    }
    static double med(long[] x) { long[] y = Arrays.copyOfRange(x, 20, x.length); Arrays.sort(y); return y[y.length / 2] / 1e6; }
}
