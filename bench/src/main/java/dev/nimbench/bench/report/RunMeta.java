package dev.nimbench.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code .meta.json} written beside a results file (timestamp, git revision, CPU, JDK,
 * species, command...). Its keys are shown as they are, in file order, nested objects flattened
 * to dotted keys, so the renderer needs no change when the bench adds a field.
 */
public final class RunMeta {

    /** Meta of a results file that has no meta file beside it. */
    public static final RunMeta NONE = new RunMeta(Map.of());

    private final Map<String, String> values;

    private RunMeta(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /** Flattens a parsed meta object. */
    public static RunMeta of(JsonNode root) {
        Map<String, String> out = new LinkedHashMap<>();
        flatten("", root, out);
        return new RunMeta(out);
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), out);
            }
        } else if (node.isArray()) {
            StringBuilder sb = new StringBuilder();
            for (JsonNode n : node) {
                sb.append(sb.length() == 0 ? "" : " ").append(n.isValueNode() ? n.asText() : n.toString());
            }
            out.put(prefix, sb.toString());
        } else if (!node.isNull()) {
            out.put(prefix, node.asText());
        }
    }

    /** Every key and value, in file order. */
    public Map<String, String> values() {
        return values;
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** The value of the first of {@code keys} present (case-insensitive), or null. */
    public String first(String... keys) {
        for (String k : keys) {
            for (Map.Entry<String, String> e : values.entrySet()) {
                if (e.getKey().equalsIgnoreCase(k) && !e.getValue().isBlank()) {
                    return e.getValue();
                }
            }
        }
        return null;
    }

    /** Number of CPU cores the run saw, or -1 when the meta file does not say. */
    public int cores() {
        String c = first("cpu.logicalCores", "cores", "cpuCores", "cpu.cores", "availableProcessors", "machine.cores");
        if (c == null) {
            return -1;
        }
        try {
            return Integer.parseInt(c.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
