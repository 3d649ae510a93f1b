package dev.nimbench.bench;

import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The whole run's progress, one line per JMH group (JMH's own "Run progress" counts each group
 * from 0, since every group is a JMH invocation of its own). Before group k starts:
 *
 * <pre>nimbench progress: group 3 of 16 (TransformBench.transform), 40 of 141 runs done, elapsed 2:05, about 8:30 left</pre>
 *
 * <p>The remaining time is the plan's estimate for the groups not yet run
 * ({@link RunGroup#estimatedSeconds}), scaled by the pace seen so far (elapsed time divided by
 * the plan's estimate for the groups already run), so a machine slower or faster than the
 * estimate's assumptions corrects it after the first group. Not thread-safe: one run, one loop.
 */
final class RunProgress {

    private final List<RunGroup> groups;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private final int totalRuns;
    private int next;

    /**
     * @param groups the plan's groups, in the order they run
     * @param nanoClock {@link System#nanoTime} outside tests
     */
    RunProgress(List<RunGroup> groups, LongSupplier nanoClock) {
        this.groups = List.copyOf(groups);
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
        this.totalRuns = groups.stream().mapToInt(RunGroup::combinations).sum();
    }

    /** Starts counting now, on the system clock. */
    static RunProgress start(List<RunGroup> groups) {
        return new RunProgress(groups, System::nanoTime);
    }

    /**
     * The line to print before the next group runs; call once per group, in the plan's order.
     *
     * @throws IllegalStateException when every group has already started
     */
    String starting(RunGroup group) {
        if (next >= groups.size()) {
            throw new IllegalStateException("all " + groups.size() + " groups have started; no group " + group);
        }
        int k = next++;
        return String.format(Locale.ROOT, "nimbench progress: group %d of %d (%s.%s), %d of %d runs done, elapsed %s, %s",
                k + 1, groups.size(), group.benchmarkClass(), String.join("|", group.methods()), runsBefore(k),
                totalRuns, clock(elapsedSeconds()), remaining(k));
    }

    /** The line to print after the last group: every run done, and the time it took. */
    String finished() {
        return String.format(Locale.ROOT, "nimbench progress: %d groups, %d runs done in %s (plan: %s)",
                groups.size(), totalRuns, clock(elapsedSeconds()), clock(plannedSeconds(0, groups.size())));
    }

    private int runsBefore(int k) {
        int runs = 0;
        for (int i = 0; i < k; i++) {
            runs += groups.get(i).combinations();
        }
        return runs;
    }

    private String remaining(int k) {
        double planDone = plannedSeconds(0, k);
        double planLeft = plannedSeconds(k, groups.size());
        double pace = planDone > 0 ? elapsedSeconds() / planDone : 1.0;
        return "about " + clock(planLeft * pace) + " left";
    }

    private double plannedSeconds(int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += groups.get(i).estimatedSeconds();
        }
        return s;
    }

    private double elapsedSeconds() {
        return (nanoClock.getAsLong() - startNanos) / 1e9;
    }

    /** m:ss below an hour, h:mm:ss above; seconds rounded. */
    static String clock(double seconds) {
        long s = Math.round(Math.max(0, seconds));
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
