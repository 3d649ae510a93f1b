package dev.nimbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.config.ConfigurationJson;
import dev.nimbench.config.Defaults;
import dev.nimbench.pipeline.Result;
import dev.nimbench.platform.Platform;
import java.util.List;
import java.util.Map;

/** The {@code --json} form of a {@link Result}; only loaded (with Jackson) when it is asked for. */
final class JsonResultPrinter {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonResultPrinter() {
    }

    /**
     * {@code problem, n, s|k, modulus (number or "exact"), answer, losing, winning} (decimal
     * strings), {@code config} in the {@code --config} file format (so it can be fed back),
     * {@code defaults} (which built-in default lists apply here and the rule that chose them:
     * {@link Defaults#describe()}), {@code platform} (the facts that rule reads: {@link Platform}), and
     * {@code timingsMillis} per stage (medians when repeated), plus {@code repeat} when given, and
     * {@code configSource}: the file and entry (CPU key, JDK) the configuration came from, or
     * {@code built-in defaults} (several layers joined by {@code " > "}, first first), and
     * {@code stageSources}: per stage that ran, which source set it ({@code command line}, a
     * layer, or the rule of the built-in defaults).
     */
    static String json(Result r, Integer repeat, String configSource, Map<String, String> stageSources) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("problem", r.problem().id());
        root.put("n", r.n());
        root.put(r.problem().countName(), r.count());
        if (r.exact()) {
            root.put("modulus", "exact");
        } else {
            root.put("modulus", r.modulus());
        }
        root.put("answer", r.answer().toString());
        root.put("losing", r.losing().toString());
        root.put("winning", r.winning().toString());
        root.set("config", ConfigurationJson.toJson(r.config()));
        root.put("defaults", Defaults.describe());
        root.set("platform", MAPPER.valueToTree(Platform.current().describe()));
        ObjectNode timings = root.putObject("timingsMillis");
        r.timingsMillis().forEach(timings::put);
        if (repeat != null) {
            root.put("repeat", repeat);
        }
        root.put("configSource", configSource);
        ObjectNode sources = root.putObject("stageSources");
        for (String stage : List.of("distribution", "transform", "multiplier", "power", "combine", "threads")) {
            if (stageSources.containsKey(stage)) {
                sources.put(stage, stageSources.get(stage));
            }
        }
        try {
            return MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the result as JSON", e);
        }
    }
}
