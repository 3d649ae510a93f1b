package dev.nimbench.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;

/**
 * The native yardstick run <b>among</b> the pipeline forks at the card-stacking target, so that
 * each fork is divided by the yardstick of its own minutes. A shared machine's speed changes in
 * spans of minutes: on a 2-core AMD Zen 5 VM the yardstick read 41-42 ms for a minute or two and
 * 47-50 ms for the next few, and the JVM processes moved with it (interleaved processes of the
 * yardstick and {@code solve}, {@code results/yardstick-paired-amd-f26m2-20261207/}). A ratio to
 * the yardstick run only before and after the benchmarks divides forks of both spans by whichever
 * span the two ends fell in: 1.18× in one JDK 25 default run whose yardstick happened to read
 * 42.9 ms at both ends, against about 1.04× paired.
 *
 * <p>In a set of {@code PipelineBench} forks of card stacking at n = 10^7 ({@link #paces}), the
 * yardstick runs before a fork once {@link #INTERVAL_SECONDS} have passed since its last run, and
 * once when the set ends. Each fork's value (the median of its iterations, ms) is divided by the
 * mean of the yardstick's medians just before and just after it. The metadata's {@code yardstick}
 * object gets {@code among} (each run's median and seconds since the first) and {@code paired}
 * ({@code "<variant> threads=<t>"} to the forks' ratios, in the order they ran), which the report
 * prefers to the ratio to the two ends.
 */
final class YardstickRounds {

    /** The card-stacking size whose pipeline the yardstick computes: C(10^7, 10^7). */
    static final long TARGET_N = 10_000_000L;

    /**
     * Seconds between the yardstick's runs among the forks: shorter than the machine's spans of
     * one speed (a minute or more in the interleaved processes above), long enough that its runs
     * (about 2.5 s each) cost 5% of the pipeline sets' time.
     */
    static final double INTERVAL_SECONDS = 45;

    private final Supplier<Double> yardstick;
    private final LongSupplier nanoClock;
    private final Map<String, Object> record;
    private final List<Pending> pending = new ArrayList<>();
    private Double lastMedian;
    private long lastNanos;
    private final long originNanos;

    private record Pending(String key, double forkMillis, Double before) {
    }

    /**
     * @param yardstick one run of the yardstick: its median (ms), or null when it failed
     * @param record the metadata's {@code yardstick} object, which receives {@code among} and {@code paired}
     */
    YardstickRounds(Supplier<Double> yardstick, Map<String, Object> record, LongSupplier nanoClock) {
        this.yardstick = yardstick;
        this.nanoClock = nanoClock;
        this.record = record;
        this.originNanos = nanoClock.getAsLong();
        this.lastNanos = Long.MIN_VALUE;
    }

    /** Whether {@code set} is the card-stacking pipeline at its target, which the yardstick computes too. */
    static boolean paces(List<RunGroup> set) {
        RunGroup g = set.get(0);
        return "PipelineBench".equals(g.benchmarkClass())
                && List.of("card-stacking").equals(g.params().get("problem"))
                && List.of(Long.toString(TARGET_N)).equals(g.params().get("size"));
    }

    /**
     * Yardstick runs the sets of {@code sets} that it paces take: one per {@link #INTERVAL_SECONDS}
     * of their estimated time and one at each set's end (for the budget's reserve).
     */
    static int expectedRuns(List<List<RunGroup>> sets) {
        int runs = 0;
        for (List<RunGroup> set : sets) {
            if (paces(set)) {
                double seconds = set.stream().mapToDouble(RunGroup::estimatedSeconds).sum();
                runs += 1 + (int) Math.ceil(seconds / INTERVAL_SECONDS);
            }
        }
        return runs;
    }

    /** Before a fork of a paced set: runs the yardstick when it is due. */
    void beforeFork() {
        if (lastNanos == Long.MIN_VALUE || (nanoClock.getAsLong() - lastNanos) / 1e9 >= INTERVAL_SECONDS) {
            sample();
        }
    }

    /** After a fork of a paced set: its value waits for the yardstick's next run. */
    void afterFork(RunGroup fork, Collection<RunResult> results) {
        for (RunResult r : results) {
            for (BenchmarkResult b : r.getBenchmarkResults()) {
                afterFork(fork, ForkRace.forkValue(b));
            }
        }
    }

    /** After a fork of a paced set whose value (the median of its iterations) is {@code forkMillis}. */
    void afterFork(RunGroup fork, double forkMillis) {
        if (Double.isFinite(forkMillis)) {
            pending.add(new Pending(key(fork), forkMillis, lastMedian));
        }
    }

    /** When a paced set ends: the yardstick's run that closes its last forks' brackets. */
    void endSet() {
        if (!pending.isEmpty()) {
            sample();
        }
    }

    /** The key of a one-combination fork in {@code paired}: {@code "<variant> threads=<t>"}. */
    static String key(RunGroup fork) {
        return first(fork, "variant") + " threads=" + first(fork, "threads");
    }

    private static String first(RunGroup g, String param) {
        List<String> v = g.params().get(param);
        return v == null || v.isEmpty() ? "?" : v.get(0);
    }

    @SuppressWarnings("unchecked")
    private void sample() {
        // created here, so that a run without a paced set records neither
        List<Map<String, Object>> among = (List<Map<String, Object>>) record.computeIfAbsent("among", k -> new ArrayList<>());
        Map<String, List<Double>> paired = (Map<String, List<Double>>) record.computeIfAbsent("paired",
                k -> new LinkedHashMap<>());
        Double median = yardstick.get();
        long now = nanoClock.getAsLong();
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("atSeconds", Math.round((now - originNanos) / 1e8) / 10.0);
        run.put("medianMs", median);
        among.add(run);
        lastNanos = now;
        for (Pending p : pending) {
            Double yard = p.before() == null ? median : median == null ? p.before() : (p.before() + median) / 2;
            if (yard != null && yard > 0) {
                double ratio = Double.parseDouble(String.format(Locale.ROOT, "%.4f", p.forkMillis() / yard));
                paired.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(ratio);
            }
        }
        pending.clear();
        if (median != null) {
            lastMedian = median;
        }
    }
}
