package dev.nimbench.bench;

import dev.nimbench.power.PowerVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Plans {@link LimitsBench} (the compute ceiling of the report's roofline) whenever the power
 * stage is measured, or the include filter names it (the multiplier's independent products use the
 * ceiling too when it was measured):
 * the Vector API power variants that can run here, else the scalar ones. The variant filter does
 * not apply: the ceiling is a measuring stick for whichever variants were selected.
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
        List<String> ids = new ArrayList<>();
        for (PowerVariant v : PowerVariant.values()) {
            if (v.usesVectorApi() && v.isAvailable()) {
                ids.add(v.id());
            }
        }
        if (ids.isEmpty()) {
            for (PowerVariant v : PowerVariant.values()) {
                ids.add(v.id());
            }
        }
        plan.add("LimitsBench", List.of("productPeak"),
                Map.of("variant", ids, "size", List.of(Integer.toString(LimitsBench.PEAK_SIZE))),
                // a ceiling measured before C2 has compiled the kernel (boxed vectors) is no ceiling:
                // the decision sizes' seconds of warm-up, one fork (the fastest iteration counts)
                plan.profile().decisionIterations, plan.profile().otherForks, 0);
    }
}
