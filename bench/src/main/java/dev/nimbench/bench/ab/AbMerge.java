package dev.nimbench.bench.ab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Puts one side's forks of an A/B run back together: every fork is a results file of its own
 * (one harness invocation, one fork per benchmark and parameters); the merged file has one entry
 * per benchmark and parameters with every fork's iterations in {@code rawData}, in the order the
 * forks ran, {@code forks} their count, and the score the mean of all iterations (JMH's own score
 * of several forks). Secondary metrics (the gc profiler's) are merged alike. The metadata is the
 * first fork's, with {@code ab} (the side, the seed, the order) added.
 */
public final class AbMerge {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private AbMerge() {
    }

    /** The merged entries of {@code forkFiles} (JMH JSON arrays), keyed and ordered by their first appearance. */
    public static ArrayNode merge(List<JsonNode> forkFiles) {
        Map<String, ObjectNode> byKey = new LinkedHashMap<>();
        for (JsonNode file : forkFiles) {
            for (JsonNode entry : file) {
                String key = key(entry);
                ObjectNode merged = byKey.get(key);
                if (merged == null) {
                    byKey.put(key, entry.deepCopy());
                } else {
                    append((ObjectNode) merged.get("primaryMetric"), entry.get("primaryMetric"));
                    JsonNode secondary = entry.get("secondaryMetrics");
                    if (secondary != null && merged.get("secondaryMetrics") instanceof ObjectNode ms) {
                        for (Iterator<String> it = secondary.fieldNames(); it.hasNext(); ) {
                            String name = it.next();
                            if (ms.get(name) instanceof ObjectNode m) {
                                append(m, secondary.get(name));
                            } else {
                                ms.set(name, secondary.get(name).deepCopy());
                            }
                        }
                    }
                }
            }
        }
        ArrayNode out = JSON.createArrayNode();
        for (ObjectNode e : byKey.values()) {
            JsonNode raw = e.path("primaryMetric").get("rawData");
            e.put("forks", raw == null ? 1 : raw.size());
            out.add(e);
        }
        return out;
    }

    /** Benchmark and parameters (sorted): what makes two entries the same measurement. */
    static String key(JsonNode entry) {
        Map<String, String> params = new TreeMap<>();
        JsonNode p = entry.get("params");
        if (p != null) {
            p.fields().forEachRemaining(f -> params.put(f.getKey(), f.getValue().asText()));
        }
        return entry.path("benchmark").asText() + " " + entry.path("mode").asText() + " " + params;
    }

    /** Appends {@code more}'s forks to {@code metric}'s rawData and sets the score to the mean of all iterations. */
    private static void append(ObjectNode metric, JsonNode more) {
        if (more == null || !(metric.get("rawData") instanceof ArrayNode raw) || !(more.get("rawData") instanceof ArrayNode add)) {
            return;
        }
        add.forEach(fork -> raw.add(fork.deepCopy()));
        double sum = 0;
        int n = 0;
        for (JsonNode fork : raw) {
            for (JsonNode v : fork) {
                sum += v.asDouble();
                n++;
            }
        }
        if (n > 0) {
            double mean = sum / n;
            metric.put("score", mean);
            metric.put("scoreError", "NaN");
            metric.putArray("scoreConfidence").add(mean).add(mean);
        }
    }

    /** Reads each fork's results file. */
    public static List<JsonNode> read(List<Path> forkFiles) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (Path f : forkFiles) {
            JsonNode n = JSON.readTree(f.toFile());
            if (n == null || !n.isArray()) {
                throw new IOException(f + ": not a JMH results file (a JSON array)");
            }
            out.add(n);
        }
        return out;
    }

    /** The metadata file beside a results file ({@code X.json} to {@code X.meta.json}). */
    public static Path metaOf(Path results) {
        String name = results.getFileName().toString();
        return results.resolveSibling(name.substring(0, name.length() - ".json".length()) + ".meta.json");
    }

    /**
     * Writes {@code dir/<name>.json} (the merged forks) and {@code dir/<name>.meta.json}: the first
     * fork's metadata with {@code ab} added and {@code resultFile} set; {@code mhz}, when not null,
     * replaces {@code cpu.mhz}: both sides ran on one machine in the same minutes, so they get one clock.
     */
    public static Path write(Path dir, String name, List<Path> forkFiles, Map<String, Object> ab, Double mhz)
            throws IOException {
        Files.createDirectories(dir);
        Path json = dir.resolve(name + ".json");
        JSON.writeValue(json.toFile(), merge(read(forkFiles)));
        ObjectNode meta = Files.exists(metaOf(forkFiles.get(0)))
                ? (ObjectNode) JSON.readTree(metaOf(forkFiles.get(0)).toFile()) : JSON.createObjectNode();
        meta.put("resultFile", name + ".json");
        meta.set("ab", JSON.valueToTree(ab));
        if (mhz != null && meta.get("cpu") instanceof ObjectNode cpu && cpu.has("mhz")) {
            cpu.put("mhz", mhz);
        }
        JSON.writeValue(metaOf(json).toFile(), meta);
        return json;
    }
}
