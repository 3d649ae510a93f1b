package dev.nimbench.bench.report;

import java.util.List;
import java.util.Locale;

/**
 * What the report prints after each time: the allocation per operation ({@code · 48 B/op}), a loud
 * {@code **BOXED?**} when {@link BoxingCheck} flags the measurement, and a link to its flame graph
 * when the run was profiled with async-profiler.
 */
public final class AllocationColumn {

    private AllocationColumn() {
    }

    /**
     * The text to append to {@code m}'s time cell: empty when nothing was recorded for it.
     *
     * @param flags the panel's boxing flags ({@link BoxingCheck#check})
     */
    public static String suffix(Measurement m, Profiling profiling, List<BoxingCheck.Flag> flags) {
        StringBuilder sb = new StringBuilder();
        double b = profiling.bytesPerOp(m);
        if (!Double.isNaN(b)) {
            boolean boxed = flags.stream().anyMatch(f -> f.measurement() == m);
            sb.append(" · ").append(boxed ? "**" + bytes(b) + "/op BOXED?**" : bytes(b) + "/op");
        }
        String flame = profiling.flameGraph(m);
        if (flame != null) {
            sb.append(" · [flame graph](").append(flame).append(')');
        }
        return sb.toString();
    }

    /**
     * Bytes in binary units, 3 significant digits: {@code 0 B}, {@code 0.4 B}, {@code 48 B},
     * {@code 10.2 KiB}, {@code 2.10 MiB}. JMH averages over operations, so small values are
     * fractions (a 16-byte object every 40 operations reads 0.4 B).
     */
    public static String bytes(double b) {
        if (b < 0.05) {
            return "0 B";
        }
        if (b < 10) {
            return String.format(Locale.ROOT, "%.1f B", b);
        }
        if (b < 1024) {
            return String.format(Locale.ROOT, "%.0f B", b);
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = b;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2f %s" : v < 100 ? "%.1f %s" : "%.0f %s", v, units[u]);
    }
}
