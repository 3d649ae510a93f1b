package dev.nimbench.bench;

import dev.nimbench.power.PowerVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Plans {@link LimitsBench} (the compute ceiling of the report's roofline) whenever the power
 * stage is measured, or the include filter names it (the multiplier's independent products use the
 * ceiling too when it was measured):
 * the Vector API power variants that can run here, else the scalar ones, at {@link LimitsBench#PEAK_SIZE}
 * and the run's threads; the ForkJoin ones also at the power stage's largest size (where they can
 * use every thread), and the serial ones at one thread when the multiplier's single-threaded
 * products are measured. The variant filter does not apply: the ceiling is a measuring stick for
 * whichever variants were selected.
 */
final class LimitsPlan {

    static final String PEAK = RunGroup.PACKAGE + ".LimitsBench.productPeak";

    private LimitsPlan() {
    }

    static void add(BenchPlan plan, BenchOptions options) {
        boolean measured = plan.groups.stream().anyMatch(g -> g.benchmarkClass().equals("PowerSumBench"));
        boolean named = options.include != null && options.include.matcher(PEAK).find();
        if (!measured && !named) {
            return;
        }
        List<String> all = new ArrayList<>();
        List<String> serial = new ArrayList<>();
        List<String> parallel = new ArrayList<>();
        boolean vector = java.util.Arrays.stream(PowerVariant.values()).anyMatch(v -> v.usesVectorApi() && v.isAvailable());
        for (PowerVariant v : PowerVariant.values()) {
            if (vector && !(v.usesVectorApi() && v.isAvailable())) {
                continue;
            }
            all.add(v.id());
            // the registry names its ForkJoin variants by technique
            (v.id().contains("forkjoin") ? parallel : serial).add(v.id());
        }
        // a ceiling measured before C2 has compiled the kernel (boxed vectors) is no ceiling:
        // the decision sizes' iterations, one fork (the fastest iteration counts)
        Profile.Iterations it = plan.profile().decisionIterations;
        int forks = plan.profile().otherForks;
        String peak = Integer.toString(LimitsBench.PEAK_SIZE);
        plan.add("LimitsBench", List.of("productPeak"), Map.of("variant", all, "size", List.of(peak)), it, forks, 0);
        int top = plan.groups.stream().filter(g -> g.benchmarkClass().equals("PowerSumBench"))
                .flatMap(g -> g.params().getOrDefault("size", List.of()).stream()).mapToInt(Integer::parseInt).max().orElse(0);
        if (top > LimitsBench.PEAK_SIZE && top % LimitsBench.PEAK_SIZE == 0 && !parallel.isEmpty() && plan.threads() > 1) {
            // at the power stage's largest size the ForkJoin variants have work for every thread
            plan.add("LimitsBench", List.of("productPeak"), Map.of("variant", parallel, "size",
                    List.of(Integer.toString(top))), it, forks, 0);
        }
        boolean multiplier = plan.groups.stream().anyMatch(g -> g.benchmarkClass().equals("MultiplierBench")
                && g.methods().contains("independentProducts"));
        if (multiplier && plan.threads() > 1 && !serial.isEmpty()) {
            // the multiplier's products run on one thread: their ceiling too
            plan.add("LimitsBench", List.of("productPeak"), Map.of("variant", serial, "size", List.of(peak),
                    "threads", List.of("1")), it, forks, 0);
        }
    }
}
