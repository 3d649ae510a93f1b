package dev.nimbench.pipeline;

import dev.nimbench.combine.CombineVariant;
import dev.nimbench.config.Configuration;
import dev.nimbench.distribution.Problem;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Not a test: a measuring main for the fused combine variants against the staged default
 * pipeline, card stacking C(n, n) mod 1e9+7 (default n = 10^7), at 1 and 2 threads. Every
 * configuration is prepared once (arrays reused), warmed up, then measured in interleaved rounds
 * (System.nanoTime around {@link Pipeline#run()}) so that machine noise hits every configuration
 * alike; medians and ratios to the staged default at the same thread count are printed, with
 * the per-stage medians the pipeline records.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -Xmx3g -cp core/target/classes:core/target/test-classes \
 *     dev.nimbench.pipeline.FusedVsStagedMeasure [n] [rounds] [warmup]
 * </pre>
 */
public final class FusedVsStagedMeasure {

    private FusedVsStagedMeasure() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 9;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        long m = 1_000_000_007L;
        List<String> combines = new ArrayList<>();
        combines.add(CombineVariant.WHT.id()); // the staged default's combine
        Arrays.stream(CombineVariant.values()).filter(c -> c.id().startsWith("fused")).forEach(c -> combines.add(c.id()));

        Map<String, Pipeline> pipelines = new LinkedHashMap<>();
        for (int threads : new int[] {1, 2}) {
            for (String combine : combines) {
                Configuration config = new Configuration(Map.of(), null, null, null, combine, threads);
                pipelines.put(label(combine, threads), Pipeline.prepare(Problem.CARD_STACKING, n, n, m, config));
            }
        }
        BigInteger expected = null;
        for (var e : pipelines.entrySet()) {
            for (int i = 0; i < warmup; i++) {
                BigInteger a = e.getValue().run().answer();
                if (expected == null) {
                    expected = a;
                } else if (!expected.equals(a)) {
                    throw new IllegalStateException(e.getKey() + " answered " + a + ", expected " + expected);
                }
            }
            System.out.println("warm: " + e.getKey() + " -> " + e.getValue().resolved().asRun());
        }
        Map<String, long[]> totals = new LinkedHashMap<>();
        Map<String, Map<String, double[]>> stages = new LinkedHashMap<>();
        for (String key : pipelines.keySet()) {
            totals.put(key, new long[rounds]);
            stages.put(key, new LinkedHashMap<>());
        }
        for (int r = 0; r < rounds; r++) {
            for (var e : pipelines.entrySet()) {
                long t0 = System.nanoTime();
                Result result = e.getValue().run();
                totals.get(e.getKey())[r] = System.nanoTime() - t0;
                if (!result.answer().equals(expected)) {
                    throw new IllegalStateException(e.getKey() + " answered " + result.answer());
                }
                int round = r;
                result.timingsMillis().forEach((stage, ms) ->
                        stages.get(e.getKey()).computeIfAbsent(stage, s -> new double[rounds])[round] = ms);
            }
        }
        System.out.printf("card-stacking C(%d, %d) mod %d = %s; %d interleaved rounds after %d warm-up runs each%n",
                n, n, m, expected, rounds, warmup);
        for (int threads : new int[] {1, 2}) {
            double base = median(totals.get(label(combines.get(0), threads)));
            for (String combine : combines) {
                String key = label(combine, threads);
                double med = median(totals.get(key));
                long[] sorted = totals.get(key).clone();
                Arrays.sort(sorted);
                StringBuilder parts = new StringBuilder();
                stages.get(key).forEach((stage, values) -> parts.append(String.format(" %s=%.1f", stage, medianD(values))));
                System.out.printf("T=%d %-22s median %7.1f ms  (min %6.1f, max %6.1f)  x%.3f of staged  stages:%s%n",
                        threads, combine, med / 1e6, sorted[0] / 1e6, sorted[sorted.length - 1] / 1e6, med / base, parts);
            }
        }
        pipelines.values().forEach(Pipeline::close);
    }

    private static String label(String combine, int threads) {
        return combine + " T=" + threads;
    }

    private static double median(long[] values) {
        long[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2.0;
    }

    private static double medianD(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2.0;
    }
}
