package dev.nimbench.bench.report;

import java.util.Locale;

/**
 * JMH score units. Every score is converted to seconds per operation on reading, so that
 * average-time, single-shot and throughput results (and files written with different
 * {@code timeUnit}s) compare directly; charts and tables convert back to a display unit.
 */
public enum TimeScale {
    SECONDS("s", 1.0),
    MILLISECONDS("ms", 1e-3),
    MICROSECONDS("us", 1e-6),
    NANOSECONDS("ns", 1e-9),
    MINUTES("min", 60.0),
    HOURS("hr", 3600.0);

    private final String symbol;
    private final double seconds;

    TimeScale(String symbol, double seconds) {
        this.symbol = symbol;
        this.seconds = seconds;
    }

    /** The unit as JMH spells it ({@code ms}, {@code us}...). */
    public String symbol() {
        return symbol;
    }

    /** Length of one unit in seconds. */
    public double seconds() {
        return seconds;
    }

    /** The unit JMH writes as {@code symbol} (also accepts {@code µs}); null when unknown. */
    public static TimeScale ofSymbol(String symbol) {
        String s = symbol.trim().toLowerCase(Locale.ROOT).replace('\u00b5', 'u').replace('\u03bc', 'u');
        for (TimeScale t : values()) {
            if (t.symbol.equals(s)) {
                return t;
            }
        }
        if (s.equals("sec")) {
            return SECONDS;
        }
        if (s.equals("m")) {
            return MINUTES;
        }
        return null;
    }

    /**
     * The unit of a time-per-operation score such as {@code ms/op}; null when {@code scoreUnit} is
     * not of that form.
     */
    public static TimeScale ofTimePerOp(String scoreUnit) {
        int slash = scoreUnit.indexOf('/');
        if (slash < 0 || !scoreUnit.substring(slash + 1).trim().equals("op")) {
            return null;
        }
        return ofSymbol(scoreUnit.substring(0, slash));
    }

    /**
     * The unit of a throughput score such as {@code ops/ms}; null when {@code scoreUnit} is not of
     * that form.
     */
    public static TimeScale ofOpsPerTime(String scoreUnit) {
        int slash = scoreUnit.indexOf('/');
        if (slash < 0 || !scoreUnit.substring(0, slash).trim().equals("ops")) {
            return null;
        }
        return ofSymbol(scoreUnit.substring(slash + 1));
    }

    /** The largest unit in which {@code secondsPerOp} is at least 1 (ns for tiny values). */
    public static TimeScale displayFor(double secondsPerOp) {
        for (TimeScale t : new TimeScale[] {SECONDS, MILLISECONDS, MICROSECONDS}) {
            if (secondsPerOp >= t.seconds) {
                return t;
            }
        }
        return NANOSECONDS;
    }
}
