package dev.nimbench.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Synthetic JMH result files with a chosen fork structure: each fork has its own level (the
 * process-to-process variance), its iterations scatter around it. Seeded, so every test is
 * deterministic.
 */
final class Synthetic {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ArrayNode entries = JSON.createArrayNode();
    private final Random random;

    Synthetic(long seed) {
        this.random = new Random(seed);
    }

    /**
     * {@code forks} fork levels around {@code millis} (log-normal, sd {@code forkSd}), each with 5
     * iterations (sd {@code iterSd} around its level); {@code outlierFactor != 1} makes the last fork
     * that many times slower.
     */
    double[][] forks(double millis, int forks, double forkSd, double iterSd, double outlierFactor) {
        double[][] out = new double[forks][5];
        for (int f = 0; f < forks; f++) {
            double level = millis * Math.exp(forkSd * random.nextGaussian()) * (f == forks - 1 ? outlierFactor : 1);
            for (int i = 0; i < 5; i++) {
                out[f][i] = level * Math.exp(iterSd * random.nextGaussian());
            }
        }
        return out;
    }

    /** Adds an entry of {@code dev.nimbench.bench.<benchmark>} with these params and raw data (ms/op). */
    Synthetic add(String benchmark, Map<String, String> params, double[][] raw) {
        ObjectNode e = JSON.createObjectNode();
        e.put("jmhVersion", "1.37");
        e.put("benchmark", "dev.nimbench.bench." + benchmark);
        e.put("mode", "avgt");
        e.put("threads", 1);
        e.put("forks", raw.length);
        e.put("jdkVersion", "17.0.15");
        e.put("vmName", "OpenJDK 64-Bit Server VM");
        ObjectNode p = e.putObject("params");
        new TreeMap<>(params).forEach(p::put);
        ObjectNode pm = e.putObject("primaryMetric");
        double sum = 0;
        int n = 0;
        ArrayNode rawData = pm.putArray("rawData");
        for (double[] fork : raw) {
            ArrayNode f = rawData.addArray();
            for (double v : fork) {
                f.add(v);
                sum += v;
                n++;
            }
        }
        pm.put("score", sum / n);
        pm.put("scoreError", "NaN");
        pm.putArray("scoreConfidence").add(sum / n).add(sum / n);
        pm.put("scoreUnit", "ms/op");
        e.putObject("secondaryMetrics");
        entries.add(e);
        return this;
    }

    /**
     * What the harness records at the start of a run: each pipeline label resolved to the variants it
     * runs ({@code pipelineResolved.<problem>.<label>.<stage>}), here with this JVM's defaults.
     */
    private void recordLabels(ObjectNode meta) {
        ObjectNode resolved = meta.putObject("pipelineResolved");
        for (com.fasterxml.jackson.databind.JsonNode e : entries) {
            com.fasterxml.jackson.databind.JsonNode params = e.path("params");
            if (!e.path("benchmark").asText().contains("PipelineBench") || !params.has("variant")) {
                continue;
            }
            int threads = params.has("threads") ? Integer.parseInt(params.get("threads").asText()) : 1;
            Fixtures.recordLabel(resolved, dev.nimbench.distribution.Problem.fromId(params.path("problem").asText()),
                    params.get("variant").asText(), threads);
        }
    }

    /** Writes {@code dir/name.json} and its meta file (revision, CPU key, profile, threads, recorded labels). */
    Path write(Path dir, String name, String revision, int threads) {
        return write(dir, name, revision, threads, null, null);
    }

    /** As {@link #write(Path, String, String, int)}, with the yardstick's median (ms) and the CPU clock (MHz) when not null. */
    Path write(Path dir, String name, String revision, int threads, Double yardstickMillis, Double mhz) {
        try {
            Files.createDirectories(dir);
            Path json = dir.resolve(name + ".json");
            JSON.writeValue(json.toFile(), entries);
            ObjectNode meta = JSON.createObjectNode();
            meta.put("gitRevision", revision);
            ObjectNode cpu = meta.putObject("cpu").put("key", "amd-f26m2-avx512").put("model", "AMD EPYC")
                    .put("logicalCores", 2);
            if (mhz != null) {
                cpu.put("mhz", mhz);
            }
            if (yardstickMillis != null) {
                ObjectNode y = meta.putObject("yardstick");
                y.putObject("before").put("medianMs", yardstickMillis);
                y.putObject("after").put("medianMs", yardstickMillis);
            }
            meta.put("profile", "default");
            meta.put("threads", threads);
            recordLabels(meta);
            JSON.writeValue(dir.resolve(name + ".meta.json").toFile(), meta);
            return json;
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
