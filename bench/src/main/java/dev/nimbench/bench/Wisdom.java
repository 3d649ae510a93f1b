package dev.nimbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nimbench.bench.report.BadInputException;
import dev.nimbench.bench.report.Measurement;
import dev.nimbench.bench.report.ResultFile;
import dev.nimbench.bench.report.ResultReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the newest complete default-profile run of this CPU key and JDK measured, read by the
 * planner: each stage's leader (lowest median over forks) at its largest size. FFTW keeps what its
 * planner learnt on a machine as "wisdom"; here the committed results are the wisdom, and
 * {@link PipelinePlan} composes the stage leaders into pipeline candidates, so that a pair of
 * choices that the built-in list never puts together is measured together. A machine without such
 * a run composes nothing (its first default run is the wisdom of the next).
 *
 * @param file the results file the leaders come from
 * @param leaders stage to variant id: {@code transform}, {@code power}, and
 *     {@code distribution/<problem>} per problem
 */
record Wisdom(String file, Map<String, String> leaders) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The leader of a stage ({@code transform}, {@code power}) or of a problem's distribution, or null. */
    String leader(String stage) {
        return leaders.get(stage);
    }

    /**
     * The wisdom of the newest complete default-profile run in {@code results} whose CPU key is
     * {@code cpuKey} and whose file name says JDK {@code jdkFeature}; null when there is none or it
     * cannot be read (the plan then composes nothing and says so).
     */
    static Wisdom read(Path results, String cpuKey, int jdkFeature) {
        Path newest = null;
        if (!Files.isDirectory(results)) {
            return null;
        }
        try (Stream<Path> files = Files.list(results)) {
            List<Path> metas = files.filter(p -> p.getFileName().toString().endsWith("-jdk" + jdkFeature + ".meta.json"))
                    .sorted(Comparator.reverseOrder()).toList();
            for (Path meta : metas) {
                JsonNode m = JSON.readTree(meta.toFile());
                if (cpuKey.equals(m.path("cpu").path("key").asText()) && "default".equals(m.path("profile").asText())
                        && m.path("complete").asBoolean(false)) {
                    newest = meta;
                    break;
                }
            }
        } catch (IOException e) {
            return null;
        }
        if (newest == null) {
            return null;
        }
        String name = newest.getFileName().toString();
        Path json = newest.resolveSibling(name.substring(0, name.length() - ".meta.json".length()) + ".json");
        try {
            return of(ResultReader.read(json));
        } catch (BadInputException e) {
            return null;
        }
    }

    /** The leaders of one results file (stages it did not measure are absent). */
    static Wisdom of(ResultFile f) {
        Map<String, String> leaders = new LinkedHashMap<>();
        leader(f, "TransformBench", "transform", null).ifPresent(v -> leaders.put("transform", v));
        leader(f, "PowerSumBench", "sum", null).ifPresent(v -> leaders.put("power", v));
        for (String problem : List.of("card-stacking", "divisor-game")) {
            leader(f, "DistributionBench", "histogram", problem).ifPresent(v -> leaders.put("distribution/" + problem, v));
        }
        return new Wisdom(f.name(), leaders);
    }

    /** The fastest variant of one benchmark method at its largest size in the file. */
    private static java.util.Optional<String> leader(ResultFile f, String className, String method, String problem) {
        List<Measurement> rows = f.measurements().stream().filter(m -> className.equals(m.className())
                && method.equals(m.method()) && (problem == null || problem.equals(m.problem())) && m.variant() != null)
                .toList();
        long top = rows.stream().mapToLong(Measurement::size).max().orElse(-1);
        return rows.stream().filter(m -> m.size() == top).min(Comparator.comparingDouble(Measurement::score))
                .map(Measurement::variant);
    }
}
