package dev.nimbench.pipeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.distribution.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads and writes the configuration file format that {@code solve --config FILE} reads and the
 * harness's {@code recommended-config.json} uses:
 * <pre>
 * {"distribution": {"card-stacking": ID, "divisor-game": ID}, "transform": ID, "multiplier": ID,
 *  "power": ID, "combine": ID, "threads": T, "evidence": {...}}
 * </pre>
 * Every key is optional; {@code evidence} is ignored; any other key is an error. Variant ids are
 * checked later, against the registries, when a pipeline is prepared.
 */
public final class ConfigurationJson {

    /**
     * Strict reading: text after the object ({@code {} x}) and a key given twice (which would let
     * the last one win unseen) are malformed, not silently accepted.
     */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    private static final Set<String> STAGE_KEYS = Set.of("transform", "multiplier", "power", "combine");

    private ConfigurationJson() {
    }

    /**
     * The configuration in this file.
     *
     * @throws IllegalArgumentException (one line naming the file and the problem) when the file
     *     cannot be read or is not a valid configuration
     */
    public static Configuration read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("config file " + file + " does not exist");
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read config file " + file + ": " + oneLine(e));
        }
        try {
            return parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("config file " + file + ": " + e.getMessage());
        }
    }

    /** The configuration in this JSON text; IllegalArgumentException (one line) when invalid. */
    public static Configuration parse(String json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("malformed JSON: " + oneLine(e.getOriginalMessage())
                    + (e.getLocation() != null ? " at line " + e.getLocation().getLineNr()
                            + ", column " + e.getLocation().getColumnNr() : ""));
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("expected a JSON object at the top level");
        }
        Map<Problem, String> distribution = new EnumMap<>(Problem.class);
        String transform = null;
        String multiplier = null;
        String power = null;
        String combine = null;
        Integer threads = null;
        for (Map.Entry<String, JsonNode> field : root.properties()) {
            String key = field.getKey();
            JsonNode value = field.getValue();
            switch (key) {
                case "evidence":
                    break;
                case "distribution":
                    distribution = distribution(value);
                    break;
                case "transform":
                    transform = text(key, value);
                    break;
                case "multiplier":
                    multiplier = text(key, value);
                    break;
                case "power":
                    power = text(key, value);
                    break;
                case "combine":
                    combine = text(key, value);
                    break;
                case "threads":
                    if (!value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < 1
                            || value.intValue() > Configuration.MAX_THREADS) {
                        throw new IllegalArgumentException("\"threads\" must be an integer in [1, "
                                + Configuration.MAX_THREADS + "], got " + value);
                    }
                    threads = value.intValue();
                    break;
                default:
                    throw new IllegalArgumentException("unknown key \"" + key + "\"; valid keys: distribution, "
                            + String.join(", ", STAGE_KEYS.stream().sorted().toList()) + ", threads, evidence");
            }
        }
        return new Configuration(distribution, transform, multiplier, power, combine, threads);
    }

    private static Map<Problem, String> distribution(JsonNode value) {
        if (!value.isObject()) {
            throw new IllegalArgumentException("\"distribution\" must be an object from problem id to variant id,"
                    + " e.g. {\"card-stacking\": \"tail-sum-recurrence\"}, got " + value);
        }
        Map<Problem, String> result = new EnumMap<>(Problem.class);
        for (Map.Entry<String, JsonNode> entry : value.properties()) {
            Problem problem;
            try {
                problem = Problem.fromId(entry.getKey());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("\"distribution\": " + e.getMessage());
            }
            result.put(problem, text("distribution." + entry.getKey(), entry.getValue()));
        }
        return result;
    }

    private static String text(String key, JsonNode value) {
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new IllegalArgumentException("\"" + key + "\" must be a variant id string, got " + value);
        }
        return value.asText();
    }

    /** The configuration as a JSON object node (unset fields are left out). */
    public static ObjectNode toJson(Configuration config) {
        ObjectNode root = MAPPER.createObjectNode();
        if (!config.distribution().isEmpty()) {
            ObjectNode dist = root.putObject("distribution");
            config.distribution().forEach((problem, id) -> dist.put(problem.id(), id));
        }
        putIfSet(root, "transform", config.transform());
        putIfSet(root, "multiplier", config.multiplier());
        putIfSet(root, "power", config.power());
        putIfSet(root, "combine", config.combine());
        if (config.threads() != null) {
            root.put("threads", config.threads());
        }
        return root;
    }

    /** The configuration as pretty-printed JSON text that {@link #parse} reads back. */
    public static String write(Configuration config) {
        try {
            return MAPPER.writeValueAsString(toJson(config));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write configuration as JSON", e);
        }
    }

    private static void putIfSet(ObjectNode node, String key, String value) {
        if (value != null) {
            node.put(key, value);
        }
    }

    private static String oneLine(Object message) {
        String text = message instanceof Throwable t ? String.valueOf(t.getMessage()) : String.valueOf(message);
        return text.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
