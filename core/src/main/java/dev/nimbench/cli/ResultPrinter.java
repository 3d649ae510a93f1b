package dev.nimbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.pipeline.Configuration;
import dev.nimbench.pipeline.ConfigurationJson;
import dev.nimbench.pipeline.Result;
import java.util.Locale;
import java.util.Map;

/** Formats a {@link Result} for people (text) and for programs (one JSON object). */
final class ResultPrinter {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ResultPrinter() {
    }

    /**
     * {@code problem, n, s|k, modulus (number or "exact"), answer, losing, winning} (decimal
     * strings), {@code config} in the {@code --config} file format (so it can be fed back), and
     * {@code timingsMillis} per stage (medians when repeated), plus {@code repeat} when given.
     */
    static String json(Result r, Integer repeat) {
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
        ObjectNode timings = root.putObject("timingsMillis");
        r.timingsMillis().forEach(timings::put);
        if (repeat != null) {
            root.put("repeat", repeat);
        }
        try {
            return MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the result as JSON", e);
        }
    }

    /** The answer, losing and winning, the configuration as run and the per-stage timings. */
    static String text(Result r, Integer repeat) {
        StringBuilder out = new StringBuilder();
        String name = r.problem().countsWinning() ? "f" : "C";
        String mod = r.exact() ? "(exact)" : "mod " + r.modulus();
        out.append(String.format(Locale.ROOT, "%s %s(%d, %d) %s = %s%n", r.problem().id(), name, r.n(), r.count(),
                mod, r.answer()));
        out.append(String.format(Locale.ROOT, "  losing  (Grundy XOR = 0) = %s%n", r.losing()));
        out.append(String.format(Locale.ROOT, "  winning (Grundy XOR > 0) = %s%n", r.winning()));
        Configuration c = r.config();
        out.append(String.format(Locale.ROOT,
                "configuration: distribution=%s transform=%s multiplier=%s power=%s combine=%s threads=%d%n",
                c.distributionFor(r.problem()), c.transform(), c.multiplier(), c.power(), c.combine(), c.threads()));
        out.append(repeat == null ? "timings (ms):" : "timings (ms, median of " + repeat + " runs after 1 warm-up):");
        double total = 0;
        for (Map.Entry<String, Double> t : r.timingsMillis().entrySet()) {
            out.append(String.format(Locale.ROOT, " %s %.3f", t.getKey(), t.getValue()));
            total += t.getValue();
        }
        out.append(String.format(Locale.ROOT, ", total %.3f%n", total));
        return out.toString();
    }
}
