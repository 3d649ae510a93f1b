package dev.nimbench.config;

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
 *
 * <p>Any stage key may also map problem ids to variant ids, as {@code distribution} does
 * ({@code "combine": {"card-stacking": ID, "divisor-game": ID}}): a recommendation measured per
 * problem. {@link #parse(String, Problem)} takes the given problem's value; {@link #parse(String)}
 * accepts such an object only where every problem names the same id. A problem left out of such
 * an object leaves the stage unset (the default) for that problem. The recommendation file of
 * several CPUs wraps configurations of this format ({@link Recommendations}).
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
        return read(file, null);
    }

    /** As {@link #read(Path)}, taking per-problem stage values for {@code problem} (null: all the same). */
    public static Configuration read(Path file, Problem problem) {
        String text = readText(file);
        try {
            return parse(text, problem);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("config file " + file + ": " + e.getMessage());
        }
    }

    /** The JSON tree of {@code json} (strict: no trailing text, no repeated keys); one-line error when malformed. */
    static JsonNode tree(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("malformed JSON: " + oneLine(e.getOriginalMessage())
                    + (e.getLocation() != null ? " at line " + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr() : ""));
        }
    }

    /** The configuration in this JSON text; IllegalArgumentException (one line) when invalid. */
    public static Configuration parse(String json) {
        return parse(json, null);
    }

    /**
     * The configuration in this JSON text for {@code problem}: per-problem stage values give that
     * problem's id; {@code problem} null accepts them only where all problems agree.
     */
    public static Configuration parse(String json, Problem problem) {
        return fromNode(tree(json), problem);
    }

    /** As {@link #parse(String, Problem)}, from a parsed node. */
    public static Configuration fromNode(JsonNode root, Problem problem) {
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
                    transform = stage(key, value, problem);
                    break;
                case "multiplier":
                    multiplier = stage(key, value, problem);
                    break;
                case "power":
                    power = stage(key, value, problem);
                    break;
                case "combine":
                    combine = stage(key, value, problem);
                    break;
                case "threads":
                    threads = threads(value, problem);
                    break;
                default:
                    throw new IllegalArgumentException("unknown key \"" + key + "\"; valid keys: distribution, "
                            + String.join(", ", STAGE_KEYS.stream().sorted().toList()) + ", threads, evidence");
            }
        }
        return new Configuration(distribution, transform, multiplier, power, combine, threads);
    }

    /** A stage's id: a string, or an object from problem id to id (see the class comment). */
    private static String stage(String key, JsonNode value, Problem problem) {
        if (!value.isObject()) {
            return text(key, value);
        }
        Map<Problem, JsonNode> perProblem = perProblem(key, value);
        Map<Problem, String> ids = new EnumMap<>(Problem.class);
        perProblem.forEach((p, v) -> ids.put(p, text(key + "." + p.id(), v)));
        return pick(key, ids, problem);
    }

    private static Integer threads(JsonNode value, Problem problem) {
        if (value.isObject()) {
            Map<Problem, Integer> counts = new EnumMap<>(Problem.class);
            perProblem("threads", value).forEach((p, v) -> counts.put(p, threadCount(v)));
            return pick("threads", counts, problem);
        }
        return threadCount(value);
    }

    private static int threadCount(JsonNode value) {
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < 1
                || value.intValue() > Configuration.MAX_THREADS) {
            throw new IllegalArgumentException("\"threads\" must be an integer in [1, "
                    + Configuration.MAX_THREADS + "], got " + value);
        }
        return value.intValue();
    }

    private static Map<Problem, JsonNode> perProblem(String key, JsonNode value) {
        Map<Problem, JsonNode> out = new EnumMap<>(Problem.class);
        for (Map.Entry<String, JsonNode> entry : value.properties()) {
            try {
                out.put(Problem.fromId(entry.getKey()), entry.getValue());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("\"" + key + "\": " + e.getMessage());
            }
        }
        return out;
    }

    /** The problem's value; without a problem, the one value every problem gives (else an error). */
    private static <T> T pick(String key, Map<Problem, T> values, Problem problem) {
        if (problem != null) {
            return values.get(problem);
        }
        if (values.values().stream().distinct().count() > 1) {
            throw new IllegalArgumentException("\"" + key + "\" differs per problem (" + values
                    + "); read it for one problem");
        }
        return values.values().stream().findFirst().orElse(null);
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

    /**
     * One configuration per problem as a single object: a stage whose id is the same for every
     * problem given (and set for all of them) is a string, otherwise an object from problem id to
     * id; {@code distribution} is always per problem. {@link #parse(String, Problem)} reads each
     * problem's configuration back.
     */
    public static ObjectNode toJson(Map<Problem, Configuration> perProblem) {
        ObjectNode root = MAPPER.createObjectNode();
        ObjectNode dist = MAPPER.createObjectNode();
        perProblem.forEach((problem, c) -> {
            if (c.distributionFor(problem) != null) {
                dist.put(problem.id(), c.distributionFor(problem));
            }
        });
        if (!dist.isEmpty()) {
            root.set("distribution", dist);
        }
        putCollapsed(root, "transform", perProblem, Configuration::transform);
        putCollapsed(root, "multiplier", perProblem, Configuration::multiplier);
        putCollapsed(root, "power", perProblem, Configuration::power);
        putCollapsed(root, "combine", perProblem, Configuration::combine);
        Map<Problem, Integer> threads = new EnumMap<>(Problem.class);
        perProblem.forEach((p, c) -> {
            if (c.threads() != null) {
                threads.put(p, c.threads());
            }
        });
        if (!threads.isEmpty()) {
            if (threads.size() == perProblem.size() && threads.values().stream().distinct().count() == 1) {
                root.put("threads", threads.values().iterator().next());
            } else {
                ObjectNode t = root.putObject("threads");
                threads.forEach((p, v) -> t.put(p.id(), v));
            }
        }
        return root;
    }

    private static void putCollapsed(ObjectNode root, String key, Map<Problem, Configuration> perProblem,
            java.util.function.Function<Configuration, String> stage) {
        Map<Problem, String> ids = new EnumMap<>(Problem.class);
        perProblem.forEach((p, c) -> {
            if (stage.apply(c) != null) {
                ids.put(p, stage.apply(c));
            }
        });
        if (ids.isEmpty()) {
            return;
        }
        if (ids.size() == perProblem.size() && ids.values().stream().distinct().count() == 1) {
            root.put(key, ids.values().iterator().next());
        } else {
            ObjectNode o = root.putObject(key);
            ids.forEach((p, id) -> o.put(p.id(), id));
        }
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

    /**
     * The text of the config file {@code file}.
     *
     * @throws IllegalArgumentException one line: the file does not exist, or why it cannot be read
     */
    static String readText(Path file) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("config file " + file + " does not exist");
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read config file " + file + ": " + oneLine(e));
        }
    }

    private static String oneLine(Object message) {
        String text = message instanceof Throwable t ? String.valueOf(t.getMessage()) : String.valueOf(message);
        return text.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
