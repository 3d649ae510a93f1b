package dev.nimbench.exec;

import java.util.LinkedHashMap;
import java.util.Map;

/** Wall-clock nanoseconds per stage name, in the order the stages ran; repeated records add up. */
public final class StageTimings {

    private final Map<String, Long> nanos = new LinkedHashMap<>();

    public void record(String stage, long elapsedNanos) {
        nanos.merge(stage, elapsedNanos, Long::sum);
    }

    /** Stage name to nanoseconds, in the order first recorded. */
    public Map<String, Long> nanos() {
        return new LinkedHashMap<>(nanos);
    }
}
