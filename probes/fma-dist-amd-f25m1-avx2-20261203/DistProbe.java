import dev.nimbench.arith.*;
import dev.nimbench.distribution.*;
import dev.nimbench.distribution.cardstacking.*;
import dev.nimbench.exec.ExecutionContext;
import java.util.*;
import java.util.concurrent.ForkJoinPool;

public class DistProbe {
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]);
        int reps = Integer.parseInt(a[1]);
        int threads = 2;
        int m = 1_000_000_007;
        ModularMultiplier mont = MultiplierVariant.MONTGOMERY.create(m);
        ModularMultiplier plain = MultiplierVariant.PLAIN.create(m);
        ForkJoinPool pool = new ForkJoinPool(threads);
        int[] f = new int[n + 1], inv = new int[n + 1];
        List<String> names = new ArrayList<>(List.of(Arrays.copyOfRange(a, 2, a.length)));
        Map<String, List<Double>> t = new LinkedHashMap<>();
        Map<String, int[]> outs = new HashMap<>();
        ExecutionContext ctx = new ExecutionContext(mont, threads);
        for (int r = 0; r < reps; r++) {
            for (String name : names) {
                long t0 = System.nanoTime();
                long chk;
                if (name.startsWith("tables:")) {
                    String k = name.substring(7);
                    FactorialTables ft = k.equals("scalar") ? new InterleavedFactorials()
                        : k.contains("/") ? (FactorialTables) Class.forName("dev.nimbench.distribution.cardstacking.vector." + k.split("/")[0])
                            .getConstructor(String.class).newInstance(k.split("/")[1])
                        : (FactorialTables) Class.forName("dev.nimbench.distribution.cardstacking.vector." + k).getConstructor().newInstance();
                    ft.fill(n, k.startsWith("Fma") ? plain : mont, f, inv, pool, threads);
                    chk = f[n] ^ inv[n / 3];
                } else {
                    GrundyDistribution d = DistributionVariant.require(Problem.CARD_STACKING, name).create();
                    int[] out = outs.computeIfAbsent(name, x -> new int[d.size(n)]);
                    t0 = System.nanoTime();
                    d.histogram(n, out, ctx);
                    chk = out[n / 2];
                }
                double ms = (System.nanoTime() - t0) / 1e6;
                t.computeIfAbsent(name, x -> new ArrayList<>()).add(ms);
                if (r == reps - 1) System.out.println("check " + name + " " + chk);
            }
        }
        for (var e : t.entrySet()) {
            List<Double> v = new ArrayList<>(e.getValue().subList(reps / 2, reps));
            Collections.sort(v);
            System.out.printf("%-50s median %.1f ms min %.1f%n", e.getKey(), v.get(v.size() / 2), v.get(0));
        }
        pool.shutdown();
    }
}
