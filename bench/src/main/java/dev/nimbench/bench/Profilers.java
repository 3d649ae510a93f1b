package dev.nimbench.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The JMH profilers a run uses: the user's {@code --prof} list, with JMH's {@code gc} profiler
 * always added (it records {@code gc.alloc.rate.norm}, the bytes allocated per operation, which the
 * report shows beside every time and checks Vector API kernels against: see
 * {@code report.BoxingCheck}), and the user's {@code async} entry replaced by its complete form
 * ({@link FlameGraphs#spec()}).
 */
final class Profilers {

    /** JMH's allocation and GC profiler. */
    static final String GC = "gc";

    private Profilers() {
    }

    /** The profiler name of a spec: {@code gc} of {@code gc}, {@code async} of {@code async:event=cpu}. */
    static String name(String spec) {
        int colon = spec.indexOf(':');
        return (colon < 0 ? spec : spec.substring(0, colon)).trim();
    }

    /**
     * The specs to hand JMH, in order: the user's (async completed by {@code flameGraphs} when it is
     * not null), then {@code gc} unless the user named it already.
     */
    static List<String> effective(List<String> user, FlameGraphs flameGraphs) {
        List<String> out = new ArrayList<>();
        boolean gc = false;
        for (String spec : user) {
            gc |= GC.equals(name(spec));
            out.add(flameGraphs != null && FlameGraphs.isAsync(spec) ? flameGraphs.spec() : spec);
        }
        if (!gc) {
            out.add(GC);
        }
        return out;
    }
}
