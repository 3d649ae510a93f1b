package dev.nimbench.bench;

import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.exec.ExecutionContext;
import java.util.ArrayList;
import java.util.Comparator;
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

    /** Below this, times are too noisy to measure a growth exponent from. */
    static final double NOISE_FLOOR_MILLIS = 2;
    /** The largest growth exponent assumed between two steps. */
    static final double MAX_EXPONENT = 6;
    /** A first call under this many budgets is measured again (the better of two counts). */
    static final double RETRY_FACTOR = 3;

    /** Sizes the variant passed, ascending, with the digest of its histogram. */
    final Map<Integer, Long> digests = new LinkedHashMap<>();
    /** Milliseconds of one (cold) call at each passed size. */
    final Map<Integer, Double> millis = new LinkedHashMap<>();
    /** Why the walk stopped before the largest size, or {@code null}. */
    String stopReason;
    /** The exception a call threw (other than IllegalArgumentException, the variant's own limit), or {@code null}. */
    String failure;

    SizeCalibration() {
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
                if (t < RETRY_FACTOR * budgetMillis) {
                    // Calls are noisy (JIT, GC, a busy machine), and a first call at a new size
                    // may be partly interpreted: the better of two decides.
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
            c.digests.put(n, digest);
            c.millis.put(n, t);
            exponent = c.growthExponent(n, t);
            lastN = n;
            lastT = Math.max(t, 1e-3);
        }
        return c;
    }

    /**
     * The growth exponent at n: the log-log slope from the largest passed size at most n/8 (a
     * wide base, so a noisy point moves it little), or from the previous size while n < 64 (where
     * exponential variants live); 1 while the times are below the noise floor. Clamped to
     * [1, {@value #MAX_EXPONENT}]: a noisy pair must neither stop an O(n) variant nor let an
     * exponential one run away (its growth is then under-predicted a few times at most, and the
     * measured time stops it at the next step).
     */
    private double growthExponent(int n, double t) {
        int base = 0;
        for (int m : millis.keySet()) {
            if (m < n && (n < 64 || m <= n / 8)) {
                base = m;
            }
        }
        double tb = base > 0 ? millis.get(base) : 0;
        if (base == 0 || t < NOISE_FLOOR_MILLIS || tb < NOISE_FLOOR_MILLIS) {
            return 1;
        }
        return Math.min(MAX_EXPONENT, Math.max(1, Math.log(t / tb) / Math.log((double) n / base)));
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
     * A fallback size (below) is preferred only while one call at it took at most this long: brute
     * force at n = 16 took 2-3 s a call, and its fork 25 s of the default profile, for a slope that
     * n = 4 and 8 give as well.
     */
    static final double FALLBACK_MAX_MILLIS = 250;

    /**
     * The sizes to benchmark: the target sizes passed; when fewer than two, the two largest
     * passed sizes among 2, 4, 8, 16, 32, 50, 100, 200, 500, ... (round sizes, so that noise in
     * the calibration does not change the plan from run to run) whose call took at most
     * {@link #FALLBACK_MAX_MILLIS} (larger ones only when fewer than two did), so every variant
     * gets a slope.
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
        TreeSet<Integer> set = new TreeSet<>(out);
        // the largest cheap round sizes first, then the smallest dear ones
        List<Integer> cheap = new ArrayList<>();
        List<Integer> dear = new ArrayList<>();
        for (int n : digests.keySet()) {
            if (isRound(n) && !set.contains(n)) {
                (millis.getOrDefault(n, 0.0) <= FALLBACK_MAX_MILLIS ? cheap : dear).add(n);
            }
        }
        cheap.sort(Comparator.reverseOrder());
        dear.sort(null);
        List<Integer> order = new ArrayList<>(cheap);
        order.addAll(dear);
        for (int i = 0; i < order.size() && set.size() < 2; i++) {
            set.add(order.get(i));
        }
        return new ArrayList<>(set);
    }

    /** 2, 4, 8, 16, 32, or 1, 2 or 5 times a power of ten from 50 on. */
    static boolean isRound(int n) {
        if (n <= 32) {
            return Integer.bitCount(n) == 1;
        }
        int m = n;
        while (m % 10 == 0) {
            m /= 10;
        }
        return m == 1 || m == 2 || m == 5;
    }
}
