import dev.nimbench.arith.*;
import dev.nimbench.distribution.cardstacking.*;
import java.util.*;

/**
 * The FMA card-stacking distribution's four loops timed apart, one thread, over every chunk of
 * n/2 steps: factorial tables, step binomials, the A_k chain, the outputs. Arguments: n, repetitions
 * (medians of the second half), chain ("vec" for VectorTailSumChain, else scalar), outputs (a class
 * of dev.nimbench.simd such as SubtractiveTailSumOutputs, or "sc" for the scalar loop). Prints a
 * checksum so that no loop is dead code.
 */
public class PartsProbe {
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]);
        int reps = Integer.parseInt(a[1]);
        int m = 1_000_000_007;
        ModularMultiplier plain = MultiplierVariant.PLAIN.create(m);
        FactorialTables ft = (FactorialTables) Class.forName("dev.nimbench.distribution.cardstacking.vector.FmaFactorialTables").getConstructor().newInstance();
        DiagonalBinomials diag = (DiagonalBinomials) Class.forName("dev.nimbench.distribution.cardstacking.vector.FmaDiagonalBinomials").getConstructor().newInstance();
        int[] f = new int[n + 1], inv = new int[n + 1];
        BinomialTable table = BinomialTable.build(n, plain, null, 1, ft, f, inv);
        int C = 256;
        long[] xs = new long[C + 2], ys = new long[C + 2], as = new long[C], pw = new long[C + 1];
        int[] out = new int[n + 64];
        TailSumChain chain = a.length > 2 && a[2].equals("vec") ? (TailSumChain) Class.forName("dev.nimbench.distribution.cardstacking.vector.VectorTailSumChain").getConstructor().newInstance() : TailSumChain.scalar();
        TailSumOutputs outs = a.length > 3 && !a[3].equals("sc") ? (TailSumOutputs) Class.forName("dev.nimbench.distribution.cardstacking.vector." + a[3]).getConstructor().newInstance() : TailSumOutputs.scalar();
        long recip = ModMath.smallReciprocal(m);
        Map<String, List<Double>> t = new LinkedHashMap<>();
        long sink = 0;
        int kEnd = n / 2 - 8;
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            ft.fill(n, plain, f, inv, null, 1);
            long t1 = System.nanoTime();
            for (int k = 3; k + C <= kEnd; k += C) {
                diag.fill(table, n - k - 4, k, C, xs, 2);
                diag.fill(table, n - k - 4, k - 1, C, ys, 2);
            }
            long t2 = System.nanoTime();
            long acc = 1;
            for (int k = 3; k + C <= kEnd; k += C) {
                acc = chain.run(xs, ys, C, acc, 5, as, pw, m, recip);
            }
            long t3 = System.nanoTime();
            for (int k = 3; k + C <= kEnd; k += C) {
                outs.write(xs, ys, as, pw, 0, C, out, 2 * k - 1, m, recip);
            }
            long t4 = System.nanoTime();
            sink += acc + out[n / 3] + f[n / 2];
            add(t, "tables", t1 - t0); add(t, "binomials", t2 - t1); add(t, "chain", t3 - t2); add(t, "outputs", t4 - t3);
        }
        for (var e : t.entrySet()) {
            List<Double> v = new ArrayList<>(e.getValue().subList(reps / 2, reps));
            Collections.sort(v);
            System.out.printf("%-12s median %.1f ms min %.1f%n", e.getKey(), v.get(v.size() / 2), v.get(0));
        }
        System.out.println("sink " + sink);
    }
    static void add(Map<String, List<Double>> t, String k, long ns) { t.computeIfAbsent(k, x -> new ArrayList<>()).add(ns / 1e6); }
}
