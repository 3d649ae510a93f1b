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
        String nl = System.lineSeparator();
        StringBuilder out = new StringBuilder();
        String name = r.problem().countsWinning() ? "f" : "C";
        String mod = r.exact() ? "(exact)" : "mod " + r.modulus();
        out.append(r.problem().id()).append(' ').append(name).append('(').append(r.n()).append(", ")
                .append(r.count()).append(") ").append(mod).append(" = ").append(r.answer()).append(nl);
        out.append("  losing  (Grundy XOR = 0) = ").append(r.losing()).append(nl);
        out.append("  winning (Grundy XOR > 0) = ").append(r.winning()).append(nl);
        Configuration c = r.config();
        out.append("configuration: distribution=").append(c.distributionFor(r.problem()))
                .append(" transform=").append(c.transform()).append(" multiplier=").append(c.multiplier())
                .append(" power=").append(c.power()).append(" combine=").append(c.combine())
                .append(" threads=").append(c.threads()).append(nl);
        out.append(repeat == null ? "timings (ms):" : "timings (ms, median of " + repeat + " runs after warm-up to steady state):");
        double total = 0;
        for (Map.Entry<String, Double> t : r.timingsMillis().entrySet()) {
            out.append(' ').append(t.getKey()).append(' ').append(millis(t.getValue()));
            total += t.getValue();
        }
        out.append(", total ").append(millis(total)).append(nl);
        return out.toString();
    }

    /**
     * {@code ms} with three decimals, as {@code %.3f} in the ROOT locale (rounded half up): plain
     * arithmetic, since a cold {@code String.format} cost a one-shot run ~8 ms of parsing its pattern.
     */
    static String millis(double ms) {
        if (!(ms >= 0) || ms >= 1e12) {
            return String.format(Locale.ROOT, "%.3f", ms); // negative, NaN or huge: never a timing, but exact
        }
        long micros = Math.round(ms * 1000);
        long frac = micros % 1000;
        return (micros / 1000) + "." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + frac;
    }
}
