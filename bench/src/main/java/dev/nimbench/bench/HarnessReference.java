package dev.nimbench.bench;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * References computed once in the harness JVM and handed to the forks in a system property
 * ({@code key=value,...}), so that a measured fork never runs another variant (the stage's
 * baseline, another pipeline configuration) in its set-up: that would compile and profile code the
 * fork does not measure, and pollute the profile of the code it does (JMH sample 12). Keys are
 * {@code <size>} for the transform and power sum, {@code <problem>@<n>} for the pipeline. Without
 * the property (a direct JMH run, unit tests) a benchmark computes its reference itself.
 */
final class HarnessReference {

    /** Transform: digest (hex) of the baseline's output per P. */
    static final String TRANSFORM = "nimbench.reference.transform";
    /** Power sum: the baseline's sum per P. */
    static final String POWER = "nimbench.reference.power";
    /** Pipeline: the answer per problem@n. */
    static final String PIPELINE = "nimbench.reference.pipeline";

    private HarnessReference() {
    }

    /** The value for {@code key} in the property {@code name}, if the harness passed one. */
    static Optional<String> get(String name, String key) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        for (String entry : value.split(",")) {
            int eq = entry.indexOf('=');
            if (eq > 0 && entry.substring(0, eq).equals(key)) {
                return Optional.of(entry.substring(eq + 1));
            }
        }
        return Optional.empty();
    }

    /** The property value for {@code values}, sorted by key. */
    static String format(Map<String, String> values) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : new TreeMap<>(values).entrySet()) {
            sb.append(sb.length() == 0 ? "" : ",").append(e.getKey()).append('=').append(e.getValue());
        }
        return sb.toString();
    }
}
