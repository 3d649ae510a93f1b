package dev.nimbench.bench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads JMH 1.37 JSON results ({@code -rf json}) and the {@code .meta.json} beside them.
 *
 * <p>Modes: {@code avgt} and {@code ss} are time per operation and are read as they are;
 * {@code thrpt} (operations per time) is converted to time per operation by taking the reciprocal
 * of the score, of every raw sample and of both confidence bounds (the reciprocal is monotone, so
 * intervals and rank tests stay valid). {@code sample} mode is rejected: its raw data is a
 * histogram, not per-iteration samples. Anything else is rejected with the file, the entry and the
 * problem named.
 */
public final class ResultReader {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private ResultReader() {
    }

    /**
     * The results files of the folder {@code name} under {@code results} (the cold-start and
     * exhaustive runs), as {@link #readDir}; none when the folder is absent or holds none.
     */
    public static List<ResultFile> readFolder(Path results, String name) throws BadInputException {
        Path dir = results.resolve(name);
        if (!java.nio.file.Files.isDirectory(dir)) {
            return List.of();
        }
        try (var s = java.nio.file.Files.list(dir)) {
            if (s.noneMatch(p -> isResultFile(p.getFileName().toString()))) {
                return List.of();
            }
        } catch (java.io.IOException e) {
            throw new BadInputException(dir, "cannot list folder: " + e.getMessage());
        }
        return readDir(dir);
    }

    /**
     * Every results file ({@code *.json} but not {@code *.meta.json}) in {@code dir}, in file-name
     * order (BenchMain names them {@code <timestamp>-<jdk>.json}, so that is time order).
     */
    public static List<ResultFile> readDir(Path dir) throws BadInputException {
        if (!Files.exists(dir)) {
            throw new BadInputException(dir, "results folder does not exist");
        }
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir, "is not a folder");
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> isResultFile(p.getFileName().toString()) && Files.isRegularFile(p))
                    .sorted(ResultReader::byTime)
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new BadInputException(dir, "cannot list folder: " + e.getMessage());
        }
        if (files.isEmpty()) {
            throw new BadInputException(dir, "no JMH results files (*.json) in the results folder");
        }
        List<ResultFile> out = new ArrayList<>();
        for (Path f : files) {
            out.add(read(f));
        }
        return out;
    }

    private static final java.util.regex.Pattern SUFFIX = java.util.regex.Pattern.compile("(.*)-(\\d+)\\.json");

    /**
     * Time order of result file names: by name, except that BenchMain's {@code -2}, {@code -3}...
     * suffix (a second run in the same second) sorts after the unsuffixed name.
     */
    static int byTime(Path a, Path b) {
        String[] x = splitSuffix(a.getFileName().toString());
        String[] y = splitSuffix(b.getFileName().toString());
        int c = x[0].compareTo(y[0]);
        return c != 0 ? c : Long.compare(Long.parseLong(x[1]), Long.parseLong(y[1]));
    }

    private static String[] splitSuffix(String name) {
        java.util.regex.Matcher m = SUFFIX.matcher(name);
        if (m.matches() && m.group(2).length() < 10) {
            return new String[] {m.group(1), m.group(2)};
        }
        return new String[] {name.substring(0, name.length() - ".json".length()), "1"};
    }

    static boolean isResultFile(String name) {
        return name.endsWith(".json") && !name.endsWith(".meta.json") && !name.startsWith(".");
    }

    /**
     * Whether a results file is an interrupted run: BenchMain writes {@code "complete": false}
     * into the metadata until the run's last group has ended (files without the key are complete).
     */
    public static boolean isPartial(ResultFile file) {
        return "false".equals(file.meta().values().get("complete"));
    }

    /** The meta file that belongs beside {@code resultFile}. */
    public static Path metaPathOf(Path resultFile) {
        String n = resultFile.getFileName().toString();
        String base = n.endsWith(".json") ? n.substring(0, n.length() - ".json".length()) : n;
        return resultFile.resolveSibling(base + ".meta.json");
    }

    /** One results file and its meta file (when present). */
    public static ResultFile read(Path file) throws BadInputException {
        JsonNode root = parse(file);
        if (!root.isArray()) {
            throw new BadInputException(file, "not a JMH JSON results file (expected a JSON array of benchmark entries)");
        }
        if (root.isEmpty()) {
            throw new BadInputException(file, "contains no benchmark results (empty array)");
        }
        String name = file.getFileName().toString();
        List<Measurement> ms = new ArrayList<>();
        int i = 0;
        for (JsonNode entry : root) {
            ms.add(entry(file, name, i++, entry));
        }
        Path metaPath = metaPathOf(file);
        RunMeta meta = RunMeta.NONE;
        if (Files.isRegularFile(metaPath)) {
            JsonNode m = parse(metaPath);
            if (!m.isObject()) {
                throw new BadInputException(metaPath, "meta file is not a JSON object");
            }
            meta = RunMeta.of(m);
        }
        return new ResultFile(file, List.copyOf(ms), meta);
    }

    private static JsonNode parse(Path file) throws BadInputException {
        try {
            JsonNode n = JSON.readTree(file.toFile());
            if (n == null || n.isMissingNode()) {
                throw new BadInputException(file, "empty file (no JSON)");
            }
            return n;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new BadInputException(file, "malformed or truncated JSON" + where + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BadInputException(file, "cannot read: " + e.getMessage());
        }
    }

    private static Measurement entry(Path file, String name, int index, JsonNode e) throws BadInputException {
        String at = "entry " + index;
        if (!e.isObject()) {
            throw new BadInputException(file, at + " is not a JSON object");
        }
        String benchmark = text(file, at, e, "benchmark");
        at = at + " (" + benchmark + ")";
        int lastDot = benchmark.lastIndexOf('.');
        if (lastDot <= 0 || lastDot == benchmark.length() - 1) {
            throw new BadInputException(file, at + ": benchmark name is not package.Class.method");
        }
        String qualifiedClass = benchmark.substring(0, lastDot);
        String method = benchmark.substring(lastDot + 1);
        String className = qualifiedClass.substring(qualifiedClass.lastIndexOf('.') + 1);
        String mode = text(file, at, e, "mode");
        boolean throughput;
        switch (mode) {
            case "avgt":
            case "ss":
                throughput = false;
                break;
            case "thrpt":
                throughput = true;
                break;
            case "sample":
                throw new BadInputException(file, at + ": JMH mode 'sample' is not supported"
                        + " (its raw data is a histogram); run with -bm avgt");
            default:
                throw new BadInputException(file, at + ": unsupported JMH mode '" + mode + "' (expected avgt, ss or thrpt)");
        }
        JsonNode pm = e.get("primaryMetric");
        if (pm == null || !pm.isObject()) {
            throw new BadInputException(file, at + ": missing primaryMetric");
        }
        String unitText = text(file, at, pm, "scoreUnit");
        TimeScale unit = throughput ? TimeScale.ofOpsPerTime(unitText) : TimeScale.ofTimePerOp(unitText);
        if (unit == null) {
            throw new BadInputException(file, at + ": score unit '" + unitText + "' does not fit mode '" + mode
                    + "' (expected " + (throughput ? "ops/<time unit>" : "<time unit>/op") + ")");
        }
        double rawScore = number(file, at, pm, "score");
        if (!(rawScore > 0) || Double.isInfinite(rawScore)) {
            throw new BadInputException(file, at + ": score " + rawScore + " is not a positive finite number");
        }
        double low = Double.NaN;
        double high = Double.NaN;
        JsonNode conf = pm.get("scoreConfidence");
        if (conf != null && conf.isArray() && conf.size() == 2) {
            low = toNumber(file, at + " scoreConfidence", conf.get(0));
            high = toNumber(file, at + " scoreConfidence", conf.get(1));
        }
        List<Double> raw = new ArrayList<>();
        List<Integer> forkLengths = new ArrayList<>();
        JsonNode rawData = pm.get("rawData");
        if (rawData != null) {
            if (!rawData.isArray()) {
                throw new BadInputException(file, at + ": rawData is not an array of forks");
            }
            for (JsonNode fork : rawData) {
                if (!fork.isArray()) {
                    throw new BadInputException(file, at + ": rawData fork is not an array of iterations");
                }
                for (JsonNode it : fork) {
                    double v = toNumber(file, at + " rawData", it);
                    if (!(v > 0) || Double.isInfinite(v)) {
                        throw new BadInputException(file, at + ": raw sample " + v + " is not a positive finite number");
                    }
                    raw.add(v);
                }
                if (!fork.isEmpty()) {
                    forkLengths.add(fork.size());
                }
            }
        }
        double s = unit.seconds();
        double[] samples = new double[raw.size()];
        for (int i = 0; i < samples.length; i++) {
            // ops per unit -> seconds per op for throughput (the reciprocal is monotone)
            samples[i] = throughput ? s / raw.get(i) : raw.get(i) * s;
        }
        double[][] forks = new double[forkLengths.size()][];
        int from = 0;
        for (int f = 0; f < forks.length; f++) {
            forks[f] = java.util.Arrays.copyOfRange(samples, from, from + forkLengths.get(f));
            from += forkLengths.get(f);
        }
        double score;
        double ciLow;
        double ciHigh;
        if (forks.length > 0) {
            // Forks are the unit of evidence: the score is the median of the per-fork medians,
            // its interval the distribution-free 95% interval of the median over forks (NaN below 6 forks).
            double[] values = ForkStats.values(forks);
            score = ForkStats.median(values);
            double[] ci = ForkStats.interval(values);
            ciLow = ci[0];
            ciHigh = ci[1];
        } else if (throughput) {
            score = s / rawScore;
            ciLow = Double.NaN;
            ciHigh = Double.NaN;
        } else {
            score = rawScore * s;
            ciLow = Double.NaN;
            ciHigh = Double.NaN;
        }
        Map<String, String> params = new TreeMap<>();
        JsonNode p = e.get("params");
        if (p != null && !p.isNull()) {
            if (!p.isObject()) {
                throw new BadInputException(file, at + ": params is not an object");
            }
            for (Map.Entry<String, JsonNode> f : p.properties()) {
                params.put(f.getKey(), f.getValue().isValueNode() ? f.getValue().asText() : f.getValue().toString());
            }
        }
        return new Measurement(name, benchmark, className, method, Stages.stageOf(className),
                java.util.Collections.unmodifiableMap(params), mode, score, ciLow, ciHigh, samples, forks,
                throughput ? TimeScale.displayFor(score) : unit,
                optionalText(e, "jdkVersion"), optionalText(e, "vmName"));
    }

    private static String text(Path file, String at, JsonNode obj, String field) throws BadInputException {
        JsonNode n = obj.get(field);
        if (n == null || !n.isTextual() || n.asText().isBlank()) {
            throw new BadInputException(file, at + ": missing or non-text field '" + field + "'");
        }
        return n.asText();
    }

    private static String optionalText(JsonNode obj, String field) {
        JsonNode n = obj.get(field);
        return n == null || n.isNull() ? "" : n.asText();
    }

    private static double number(Path file, String at, JsonNode obj, String field) throws BadInputException {
        JsonNode n = obj.get(field);
        if (n == null) {
            throw new BadInputException(file, at + ": missing field '" + field + "'");
        }
        return toNumber(file, at + " " + field, n);
    }

    /** A JSON number, or the strings JMH writes for non-finite values ("NaN", "Infinity"). */
    private static double toNumber(Path file, String at, JsonNode n) throws BadInputException {
        if (n != null && n.isNumber()) {
            return n.doubleValue();
        }
        if (n != null && n.isTextual()) {
            switch (n.asText()) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    break;
            }
        }
        throw new BadInputException(file, at + ": '" + (n == null ? "null" : n.toString()) + "' is not a number");
    }
}
