package dev.nimbench.cli;

import dev.nimbench.config.Configuration;
import dev.nimbench.pipeline.Result;
import java.util.Locale;
import java.util.Map;

/**
 * Formats a {@link Result} for people. The JSON form for programs
 * lives in {@link JsonResultPrinter} so that a plain {@code solve} never loads Jackson: its
 * class loading and {@code ObjectMapper} set-up cost a one-shot run about 0.1 s of CPU.
 */
final class ResultPrinter {

    private ResultPrinter() {
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
        out.append(repeat == null ? "timings (ms):" : "timings (ms, median of " + repeat + " runs after warm-up to steady state):");
        double total = 0;
        for (Map.Entry<String, Double> t : r.timingsMillis().entrySet()) {
            out.append(String.format(Locale.ROOT, " %s %.3f", t.getKey(), t.getValue()));
            total += t.getValue();
        }
        out.append(String.format(Locale.ROOT, ", total %.3f%n", total));
        return out.toString();
    }
}
