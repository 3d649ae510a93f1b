package dev.nimbench.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the profilers recorded for the measurements of one results file: the bytes allocated per
 * operation (JMH's {@code gc} profiler, secondary metric {@value #ALLOC_NORM}, which every
 * {@code jmh:run} records) and the flame graphs of an {@code async} run (listed by BenchMain in the
 * meta file under {@code flameGraphs}, paths relative to the reports folder).
 *
 * <p>Read beside {@link ResultReader}, from the same files, so that the measurements stay as they
 * are. The files were read once already; anything unexpected here (an old file, a hand-edited meta)
 * just means "not recorded".
 */
public final class Profiling {

    /** JMH's gc profiler: bytes allocated per benchmark operation, from all threads of the fork. */
    public static final String ALLOC_NORM = "gc.alloc.rate.norm";

    /** The harness's warm-up outcome per fork: 1 settled, 0 not (bench {@code SettleProfiler.SETTLED}). */
    public static final String SETTLED = "nimbench.settled";

    /** Nothing recorded. */
    public static final Profiling NONE = new Profiling(Map.of(), Map.of(), Map.of(), Map.of());

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, Double> bytesPerOp;
    private final Map<String, double[]> forkBytesPerOp;
    private final Map<String, String> flameGraphs;
    private final Map<String, double[]> forkSettled;

    Profiling(Map<String, Double> bytesPerOp, Map<String, double[]> forkBytesPerOp, Map<String, String> flameGraphs,
            Map<String, double[]> forkSettled) {
        this.forkSettled = Collections.unmodifiableMap(forkSettled);
        this.bytesPerOp = Collections.unmodifiableMap(bytesPerOp);
        this.forkBytesPerOp = Collections.unmodifiableMap(forkBytesPerOp);
        this.flameGraphs = Collections.unmodifiableMap(flameGraphs);
    }

    /** What {@code f}'s JSON and meta file say; {@link #NONE} parts when they say nothing. */
    public static Profiling of(ResultFile f) {
        Map<String, Double> alloc = new HashMap<>();
        Map<String, double[]> forks = new HashMap<>();
        Map<String, double[]> settled = new HashMap<>();
        JsonNode root = read(f.path());
        if (root != null && root.isArray()) {
            for (JsonNode e : root) {
                JsonNode s = e.path("secondaryMetrics").path(SETTLED);
                if (s.isObject() && e.path("benchmark").isTextual()) {
                    settled.put(key(e.path("benchmark").asText(), params(e.path("params"))), forkMeans(s.path("rawData")));
                }
                JsonNode norm = e.path("secondaryMetrics").path(ALLOC_NORM);
                JsonNode score = norm.path("score");
                if (score.isNumber() && score.doubleValue() >= 0 && e.path("benchmark").isTextual()) {
                    String key = key(e.path("benchmark").asText(), params(e.path("params")));
                    alloc.put(key, score.doubleValue());
                    forks.put(key, forkMeans(norm.path("rawData")));
                }
            }
        }
        Map<String, String> flames = new HashMap<>();
        JsonNode meta = read(ResultReader.metaPathOf(f.path()));
        if (meta != null) {
            for (JsonNode g : meta.path("flameGraphs")) {
                JsonNode first = g.path("files").path(0);
                if (g.path("benchmark").isTextual() && first.isTextual()) {
                    flames.put(key(g.path("benchmark").asText(), params(g.path("params"))), first.asText());
                }
            }
        }
        return alloc.isEmpty() && flames.isEmpty() && settled.isEmpty() ? NONE
                : new Profiling(alloc, forks, flames, settled);
    }

    /** The mean of each fork's iterations ({@code rawData} is [fork][iteration]); forks without numbers are left out. */
    private static double[] forkMeans(JsonNode rawData) {
        java.util.List<Double> out = new java.util.ArrayList<>();
        for (JsonNode fork : rawData) {
            double sum = 0;
            int n = 0;
            for (JsonNode it : fork) {
                if (it.isNumber()) {
                    sum += it.doubleValue();
                    n++;
                }
            }
            if (n > 0) {
                out.add(sum / n);
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Bytes allocated per operation, NaN when the run did not record it. */
    public double bytesPerOp(Measurement m) {
        Double v = bytesPerOp.get(key(m.benchmark(), m.params()));
        return v == null ? Double.NaN : v;
    }

    /** Bytes allocated per operation in each fork (the mean of its iterations); empty when not recorded. */
    public double[] forkBytesPerOp(Measurement m) {
        double[] v = forkBytesPerOp.get(key(m.benchmark(), m.params()));
        return v == null ? new double[0] : v.clone();
    }

    /**
     * Forks of {@code m} whose warm-up did not reach steady state by its cap (0 when every fork
     * settled, or the run did not record it: runs before the warm-up rule).
     */
    public int unsettledForks(Measurement m) {
        double[] v = forkSettled.get(key(m.benchmark(), m.params()));
        int n = 0;
        for (double x : v == null ? new double[0] : v) {
            n += x < 1 ? 1 : 0;
        }
        return n;
    }

    /** Whether the run recorded its forks' warm-up outcome. */
    public boolean recordedSettling() {
        return !forkSettled.isEmpty();
    }

    /** Whether any measurement of the file has an allocation figure. */
    public boolean recordedAllocation() {
        return !bytesPerOp.isEmpty();
    }

    /** The flame graph of {@code m} (path relative to the reports folder), or null. */
    public String flameGraph(Measurement m) {
        return flameGraphs.get(key(m.benchmark(), m.params()));
    }

    /** Identity of a benchmark entry: the benchmark and its parameters in name order. */
    static String key(String benchmark, Map<String, String> params) {
        return benchmark + new TreeMap<>(params);
    }

    private static Map<String, String> params(JsonNode p) {
        Map<String, String> out = new TreeMap<>();
        if (p.isObject()) {
            p.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        }
        return out;
    }

    private static JsonNode read(Path p) {
        if (!Files.isRegularFile(p)) {
            return null;
        }
        try {
            return JSON.readTree(p.toFile());
        } catch (IOException e) {
            return null;
        }
    }
}
