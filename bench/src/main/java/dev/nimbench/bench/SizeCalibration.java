package dev.nimbench.bench;

import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.pipeline.ExecutionContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which sizes a distribution variant can be benchmarked at. The O(n) variants reach n = 10^7 in
 * well under a second; per-k tail sums (O(n^2)) and brute force (exponential, with a hard limit)
 * must stop early. Rather than keep a list of slow ids, each variant is run once per step of a
 * fine ladder (every n up to 32, then 50, 100, 200, 500, ..., plus the profile's sizes) while one call — predicted
 * from the last step and the growth exponent measured so far, then measured — stays within the
 * budget. An IllegalArgumentException (the variant's own limit) also ends the walk. Each
 * histogram's digest is kept: the cross-check between variants and the forks' reference.
 */
final class SizeCalibration {

    /** Sizes the variant passed, ascending, with the digest of its histogram. */
    final Map<Integer, Long> digests = new LinkedHashMap<>();
    /** Milliseconds of one (cold) call at each passed size. */
    final Map<Integer, Double> millis = new LinkedHashMap<>();
    /** Why the walk stopped before the largest size, or {@code null}. */
    String stopReason;
    /** The exception a call threw (other than IllegalArgumentException, the variant's own limit), or {@code null}. */
    String failure;

    private SizeCalibration() {
    }

    static SizeCalibration run(DistributionVariant variant, List<Integer> targetSizes, long budgetMillis,
            ExecutionContext ctx) {
        SizeCalibration c = new SizeCalibration();
        int max = targetSizes.stream().mapToInt(Integer::intValue).max().orElse(0);
        TreeSet<Integer> steps = new TreeSet<>(targetSizes);
        int minN = variant.problem().minN();
        for (long n = Math.max(minN, 2); n <= max; n = nextStep(n)) {
            steps.add((int) n);
        }
        int lastN = 0;
        double lastT = 0;
        double exponent = 1;
        for (int n : steps) {
            if (n < minN) {
                continue;
            }
            if (lastN > 0) {
                double predicted = lastT * Math.pow((double) n / lastN, exponent);
                if (predicted > budgetMillis) {
                    c.stopReason = String.format("n = %d predicted to take %.0f ms > budget %d ms", n, predicted, budgetMillis);
                    return c;
                }
            }
            long digest;
            double t;
            try {
                GrundyDistribution d = variant.create();
                int[] out = new int[d.size(n)];
                long t0 = System.nanoTime();
                d.histogram(n, out, ctx);
                t = (System.nanoTime() - t0) / 1e6;
                if (t < 10) {
                    // Short calls are noisy (JIT, GC): the better of two gives a usable growth exponent.
                    long t1 = System.nanoTime();
                    d.histogram(n, out, ctx);
                    t = Math.min(t, (System.nanoTime() - t1) / 1e6);
                }
                digest = BenchSupport.digest(out, out.length);
            } catch (IllegalArgumentException e) {
                c.stopReason = "n = " + n + ": " + e.getMessage();
                return c;
            } catch (RuntimeException e) {
                c.failure = "n = " + n + ": threw " + e;
                c.stopReason = c.failure;
                return c;
            } catch (OutOfMemoryError e) {
                c.stopReason = "n = " + n + ": out of memory";
                return c;
            }
            if (t > budgetMillis) {
                c.stopReason = String.format("n = %d took %.0f ms > budget %d ms", n, t, budgetMillis);
                return c;
            }
            if (lastN > 0 && t >= 0.05 && lastT >= 0.05) {
                exponent = Math.max(1, Math.log(t / lastT) / Math.log((double) n / lastN));
            }
            c.digests.put(n, digest);
            c.millis.put(n, t);
            lastN = n;
            lastT = Math.max(t, 1e-3);
        }
        return c;
    }

    /** Every n up to 32 (exponential variants grow by a factor per step), then 50, 100, 200, 500, 1000...: round sizes. */
    static long nextStep(long n) {
        if (n < 32) {
            return n + 1;
        }
        long decade = 1;
        while (decade * 10 <= n) {
            decade *= 10;
        }
        long lead = n / decade;
        return lead < 2 ? 2 * decade : lead < 5 ? 5 * decade : 10 * decade;
    }

    /**
     * The sizes to benchmark: the target sizes passed; when fewer than two, the largest passed
     * size and the one nearest half of it, so every variant still gets a scaling slope.
     */
    List<Integer> chosen(List<Integer> targetSizes) {
        List<Integer> out = new ArrayList<>();
        for (int n : targetSizes) {
            if (digests.containsKey(n)) {
                out.add(n);
            }
        }
        if (out.size() >= 2 || digests.isEmpty()) {
            return out;
        }
        List<Integer> passed = new ArrayList<>(digests.keySet());
        int largest = passed.get(passed.size() - 1);
        TreeSet<Integer> set = new TreeSet<>(out);
        set.add(largest);
        int half = passed.get(0);
        for (int n : passed) {
            if (Math.abs(n - largest / 2) < Math.abs(half - largest / 2)) {
                half = n;
            }
        }
        set.add(half);
        return new ArrayList<>(set);
    }
}
