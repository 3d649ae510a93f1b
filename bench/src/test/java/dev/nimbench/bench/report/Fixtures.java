package dev.nimbench.bench.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The JMH 1.37 JSON fixtures in {@code src/test/resources/report/} and helpers to run the mains. */
final class Fixtures {

    private Fixtures() {
    }

    /** A fixture folder ({@code basic}, {@code jdks}, {@code thrpt}, {@code compare}) copied into {@code tmp}. */
    static Path copy(String name, Path tmp) {
        try {
            Path src = Path.of(Fixtures.class.getResource("/report/" + name).toURI());
            Path dst = tmp.resolve(name);
            Files.createDirectories(dst);
            try (Stream<Path> s = Files.list(src)) {
                for (Path p : s.toList()) {
                    Files.copy(p, dst.resolve(p.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return dst;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A fixture folder copied into {@code tmp} with each entry's iterations turned into forks of one
     * iteration each: the old single-fork fixtures then carry fork-level evidence (5 samples = 5 forks),
     * so the verdict tests keep their meaning under fork-level statistics.
     */
    static Path copyAsForks(String name, Path tmp) {
        Path dir = copy(name, tmp);
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(x -> x.toString().endsWith(".json") && !x.toString().endsWith(".meta.json")).toList()) {
                com.fasterxml.jackson.databind.JsonNode root = mapper.readTree(p.toFile());
                for (com.fasterxml.jackson.databind.JsonNode e : root) {
                    com.fasterxml.jackson.databind.node.ObjectNode pm =
                            (com.fasterxml.jackson.databind.node.ObjectNode) e.get("primaryMetric");
                    com.fasterxml.jackson.databind.node.ArrayNode forks = mapper.createArrayNode();
                    for (com.fasterxml.jackson.databind.JsonNode fork : pm.get("rawData")) {
                        for (com.fasterxml.jackson.databind.JsonNode it : fork) {
                            forks.addArray().add(it);
                        }
                    }
                    pm.set("rawData", forks);
                }
                mapper.writeValue(p.toFile(), root);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    /** Every regular file under {@code dir}: relative path -> bytes (empty map for a missing dir). */
    static Map<String, byte[]> snapshot(Path dir) {
        Map<String, byte[]> out = new TreeMap<>();
        if (!Files.exists(dir)) {
            return out;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Result of running a main: exit status, stdout, stderr. */
    record Run(int status, String out, String err) {
    }

    static Run report(Path results, Path reports) {
        return run(true, "--results", results.toString(), "--reports", reports.toString());
    }

    static Run compare(String... args) {
        return run(false, args);
    }

    private static Run run(boolean report, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            int status = report ? ReportMain.run(args, o, e) : CompareMain.run(args, o, e);
            return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * The only entry of {@code reports/recommended-config.json} as one object: its configuration's
     * keys plus {@code evidence} (the shape of the older single-configuration file).
     */
    static com.fasterxml.jackson.databind.JsonNode singleEntry(Path reports) {
        try {
            com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
            com.fasterxml.jackson.databind.JsonNode file = mapper.readTree(reports.resolve("recommended-config.json").toFile());
            if (file.path("formatVersion").asInt() != 2 || file.path("entries").size() != 1) {
                throw new AssertionError("expected one entry in format 2: " + file);
            }
            com.fasterxml.jackson.databind.JsonNode entry = file.get("entries").get(0);
            com.fasterxml.jackson.databind.node.ObjectNode out = ((com.fasterxml.jackson.databind.node.ObjectNode)
                    entry.get("configuration")).deepCopy();
            out.set("evidence", entry.get("evidence"));
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Every Markdown page of a rendered report as one text, in the order a reader meets them: the
     * index {@code report.md}, the machine pages, the stage pages, the cold-start page.
     */
    static String pages(Path reports) {
        StringBuilder sb = new StringBuilder(read(reports.resolve(ReportRenderer.INDEX)));
        for (String prefix : new String[] {"machine-", "stage-", "cold-start"}) {
            try (Stream<Path> s = Files.list(reports)) {
                for (Path p : s.filter(x -> x.getFileName().toString().startsWith(prefix)
                        && x.getFileName().toString().endsWith(".md")).sorted().toList()) {
                    sb.append('\n').append(read(p));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return sb.toString();
    }

    static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Records in {@code pipelineResolved} what a pipeline label runs, as the harness does at the start
     * of a run ({@code <problem>.<label>.<stage>}), resolved with this JVM's defaults; a label the
     * harness would refuse is recorded by nothing.
     */
    static void recordLabel(com.fasterxml.jackson.databind.node.ObjectNode pipelineResolved,
            dev.nimbench.distribution.Problem problem, String label, int threads) {
        try {
            dev.nimbench.config.Configuration run = dev.nimbench.config.ConfigurationResolver.resolve(
                    dev.nimbench.bench.PipelineLabels.parse(label, problem, threads), problem,
                    problem.defaultModulus()).asRun();
            com.fasterxml.jackson.databind.node.ObjectNode stages = pipelineResolved.with(problem.id()).putObject(label);
            Recommender.stagesOf(run, problem).forEach(stages::put);
        } catch (IllegalArgumentException e) {
            // not a label the harness runs
        }
    }
}
