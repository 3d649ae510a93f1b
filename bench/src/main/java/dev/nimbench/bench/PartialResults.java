package dev.nimbench.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.nimbench.platform.CpuIdentity;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

/**
 * A run's files while it runs, so that an interrupted run keeps what it measured.
 *
 * <p>The metadata ({@code <base>.meta.json}) is written when the run starts with
 * {@code "complete": false} and the list {@code groupsDone}. After every group, the results file
 * ({@code <base>.json}, JMH's JSON) is rewritten with every entry measured so far, then the
 * metadata with the group added; each write goes to a temporary file that is moved over the old
 * one, so a reader sees an old or a new file, never half of one. A group counts as done only when
 * every combination it planned has a score; a group with failures keeps its entries in the file
 * but runs again on resume. When the last group ends, the metadata is rewritten once more with
 * {@code "complete": true} and without {@code groupsDone}: the same two files an uninterrupted run
 * has always produced.
 *
 * <p>{@link #resume} continues such a run: same git revision, CPU key, JDK, profile, options and
 * plan, or it is refused with one line. Entries of groups the metadata does not list as done are
 * dropped then (a kill between the two writes leaves such entries behind), and those groups run again.
 */
final class PartialResults {

    static final String COMPLETE = "complete";
    static final String GROUPS_DONE = "groupsDone";
    static final String RESUMED = "resumed";
    /** Options that may differ on resume: where files go, the resume request itself, and the budget of this command. */
    private static final Set<String> BOOKKEEPING_OPTIONS = Set.of("resume", "results", "root", "command", "dry-run",
            "budget", "started");

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            // Scores keep their digits exactly as JMH wrote them.
            .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

    private final Path json;
    private final Path meta;
    private final Map<String, Object> metadata;
    private final List<RunGroup> plan;
    /** Entries per group (plan order on output), for done groups and groups with failures. */
    private final Map<String, List<JsonNode>> entries = new LinkedHashMap<>();
    private final Map<String, List<String>> failures = new LinkedHashMap<>();
    private final Set<String> done = new LinkedHashSet<>();
    /** Rewrites JMH's text before it is kept (its "jvm" field is the fork JVM's absolute path). */
    private java.util.function.UnaryOperator<String> scrub = java.util.function.UnaryOperator.identity();

    private PartialResults(Path json, Path meta, Map<String, Object> metadata, List<RunGroup> plan) {
        this.json = json;
        this.meta = meta;
        this.metadata = metadata;
        this.plan = List.copyOf(plan);
    }

    /**
     * A new run under the first free name for {@code start}: writes its metadata, marked partial,
     * without ever replacing another run's file (a run started in the same second gets the next
     * name). No results file until a group ends.
     */
    static PartialResults begin(Path dir, Instant start, Map<String, Object> metadata, List<RunGroup> plan)
            throws IOException {
        for (int attempt = 0; ; attempt++) {
            String base = ResultFiles.freeBaseName(dir, start, Runtime.version().feature());
            Map<String, Object> m = new LinkedHashMap<>(metadata);
            m.put("resultFile", base + ".json");
            m.put(COMPLETE, false);
            m.put(GROUPS_DONE, new ArrayList<String>());
            PartialResults p = new PartialResults(dir.resolve(base + ".json"), dir.resolve(base + ".meta.json"), m, plan);
            try {
                ResultFiles.writeNew(p.meta, out -> JSON.writeValue(out, m));
                return p;
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    /**
     * Continues the interrupted run {@code which} ("true": the newest one in dir; else its file or
     * base name). {@code current} is the metadata this run would write.
     *
     * @throws IllegalArgumentException one line: nothing to resume, or what differs
     */
    static PartialResults resume(Path dir, String which, Map<String, Object> current, List<RunGroup> plan)
            throws IOException {
        Path metaFile = find(dir, which);
        Map<String, Object> old = readMeta(metaFile);
        String name = metaFile.getFileName().toString();
        check(name, "git revision", old.get("gitRevision"), current.get("gitRevision"));
        check(name, "CPU key", cpuKey(old), CpuIdentity.current().key());
        check(name, "JDK", jdkVersion(old), jdkVersion(current));
        check(name, "profile", old.get("profile"), current.get("profile"));
        check(name, "options", relevantOptions(old.get("options")), relevantOptions(current.get("options")));
        checkPlan(name, old.get("plan"), current.get("plan"));
        String base = name.substring(0, name.length() - ".meta.json".length());
        PartialResults p = new PartialResults(metaFile.resolveSibling(base + ".json"), metaFile, old, plan);
        Object doneList = old.get(GROUPS_DONE);
        Set<String> wasDone = new LinkedHashSet<>();
        if (doneList instanceof List<?>) {
            ((List<?>) doneList).forEach(g -> wasDone.add(String.valueOf(g)));
        }
        if (Files.isRegularFile(p.json)) {
            for (JsonNode entry : JSON.readTree(p.json.toFile())) {
                RunGroup g = p.groupOf(entry);
                if (g != null && wasDone.contains(g.toString())) {
                    p.entries.computeIfAbsent(g.toString(), k -> new ArrayList<>()).add(entry);
                }
            }
        }
        for (RunGroup g : plan) {
            if (wasDone.contains(g.toString())) {
                p.done.add(g.toString());
            }
        }
        List<Object> resumed = new ArrayList<>();
        if (old.get(RESUMED) instanceof List<?>) {
            resumed.addAll((List<?>) old.get(RESUMED));
        }
        resumed.add(Instant.now().toString());
        p.metadata.put(RESUMED, resumed);
        p.metadata.put(GROUPS_DONE, new ArrayList<>(p.done));
        return p;
    }

    /** The newest interrupted run in dir, or null. */
    static Path newestInterrupted(Path dir) {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> partial = files.filter(f -> f.getFileName().toString().endsWith(".meta.json"))
                    .filter(PartialResults::isInterrupted).sorted().collect(Collectors.toList());
            return partial.isEmpty() ? null : partial.get(partial.size() - 1);
        } catch (IOException e) {
            return null;
        }
    }

    /** One line describing an interrupted run's progress, e.g. "3 of 16 groups measured". */
    static String progress(Path metaFile) {
        try {
            Map<String, Object> m = readMeta(metaFile);
            Object d = m.get(GROUPS_DONE);
            Object planned = m.get("plan");
            return (d instanceof List<?> ? ((List<?>) d).size() : 0) + " of "
                    + (planned instanceof List<?> ? ((List<?>) planned).size() : "?") + " groups measured";
        } catch (IOException e) {
            return "progress unreadable";
        }
    }

    /**
     * The metadata's {@code yardstick} object, created if absent: a resumed run finds the "before"
     * measurement of its first start here. Written with the next group.
     */
    @SuppressWarnings("unchecked")
    Map<String, Object> yardstick() {
        Object y = metadata.get("yardstick");
        if (!(y instanceof Map)) {
            y = new LinkedHashMap<String, Object>();
            metadata.put("yardstick", y);
        }
        return (Map<String, Object>) y;
    }

    /**
     * The metadata's {@code racing.out} list, created if absent: one line per combination that
     * racing dropped ({@link ForkRace}), beside the rule. Written with the next group.
     */
    @SuppressWarnings("unchecked")
    List<String> racedOut() {
        Object r = metadata.get(RACING);
        if (!(r instanceof Map)) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rule", "compared forks run in rounds; after each round a combination whose fastest settled fork is"
                    + " slower than " + dev.nimbench.bench.report.Racing.ONE_FORK_FACTOR + " x (either side with one"
                    + " settled fork) or " + dev.nimbench.bench.report.Racing.FACTOR + " x (both with two or more) the"
                    + " slowest settled fork of the leader of its race (same benchmark and parameters but variant;"
                    + " lowest median fork) gets no more forks; the default pipeline always runs all its forks"
                    + " (ForkRace, Racing)");
            m.put("out", new ArrayList<String>());
            metadata.put(RACING, m);
            r = m;
        }
        return (List<String>) ((Map<String, Object>) r).get("out");
    }

    /**
     * The metadata's {@code budget.dropped} list: one line per fork the budget dropped
     * ({@link Budget}). The record is {@code record} unless the run (resumed) has one already.
     * Written with the next group.
     */
    @SuppressWarnings("unchecked")
    List<String> budgetDropped(Map<String, Object> record) {
        Object b = metadata.get(BUDGET);
        if (!(b instanceof Map)) {
            metadata.put(BUDGET, record);
            b = record;
        }
        return (List<String>) ((Map<String, Object>) b).computeIfAbsent("dropped", k -> new ArrayList<String>());
    }

    /** Metadata key of the budget record. */
    static final String BUDGET = "budget";

    /** Metadata key of the racing record. */
    static final String RACING = "racing";

    /** A top-level value of the run's metadata (the interrupted run's own when resumed), or null. */
    Object metadataValue(String key) {
        return metadata.get(key);
    }

    boolean isDone(RunGroup g) {
        return done.contains(g.toString());
    }

    int doneCount() {
        return done.size();
    }

    Path resultFile() {
        return json;
    }

    /** Every failure recorded so far, plan order. */
    List<String> failed() {
        List<String> out = new ArrayList<>();
        for (RunGroup g : plan) {
            out.addAll(failures.getOrDefault(g.toString(), List.of()));
        }
        return out;
    }

    boolean hasResults() {
        return entries.values().stream().anyMatch(l -> !l.isEmpty());
    }

    /** From now on JMH's output passes through {@code scrub} before it is kept (e.g. {@link RelativePaths#scrub}). */
    PartialResults scrubbing(java.util.function.UnaryOperator<String> scrub) {
        this.scrub = scrub;
        return this;
    }

    /** Persists a finished group: its entries (replacing any from an earlier try), then the metadata. */
    void groupFinished(RunGroup g, Collection<RunResult> results, List<String> groupFailures) throws IOException {
        List<JsonNode> list = new ArrayList<>();
        if (!results.isEmpty()) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            PrintStream ps = new PrintStream(bytes, false, StandardCharsets.UTF_8);
            ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(results);
            ps.flush();
            JSON.readTree(scrub.apply(bytes.toString(StandardCharsets.UTF_8))).forEach(list::add);
            // Interleaved forks (ForkOrder) ran as one-fork invocations: JMH's "forks" field says 1; the fork count is the rawData's.
            for (JsonNode e : list) {
                JsonNode raw = e.path("primaryMetric").path("rawData");
                if (e instanceof com.fasterxml.jackson.databind.node.ObjectNode o && raw.isArray() && raw.size() > 0) {
                    o.put("forks", raw.size());
                }
            }
        }
        entries.put(g.toString(), list);
        failures.put(g.toString(), List.copyOf(groupFailures));
        if (groupFailures.isEmpty()) {
            done.add(g.toString());
        }
        metadata.put(GROUPS_DONE, new ArrayList<>(done));
        metadata.put("failed", failed());
        if (hasResults()) {
            writeJson();
        }
        writeMeta();
    }

    /** Marks the run complete: final metadata fields, {@code complete: true}, no {@code groupsDone}. */
    Path complete(Map<String, Object> finalFields) throws IOException {
        if (yardstick().isEmpty()) {
            metadata.remove("yardstick");
        }
        metadata.putAll(finalFields);
        metadata.remove(GROUPS_DONE);
        metadata.put(COMPLETE, true);
        writeJson();
        writeMeta();
        return json;
    }

    /** Removes the metadata of a run that measured nothing (there is no results file then). */
    void abandon() throws IOException {
        if (!Files.exists(json)) {
            Files.deleteIfExists(meta);
        }
    }

    private void writeJson() throws IOException {
        ArrayNode all = JSON.createArrayNode();
        for (RunGroup g : plan) {
            entries.getOrDefault(g.toString(), List.of()).forEach(all::add);
        }
        replace(json, out -> JSON.writeValue(out, all));
    }

    private void writeMeta() throws IOException {
        replace(meta, out -> JSON.writeValue(out, metadata));
    }

    /** The planned group an entry belongs to (its benchmark and the group's parameters), or null. */
    private RunGroup groupOf(JsonNode entry) {
        String benchmark = entry.path("benchmark").asText();
        for (RunGroup g : plan) {
            if (!g.benchmarkNames().contains(benchmark)) {
                continue;
            }
            Map<String, String> params = new LinkedHashMap<>();
            for (String key : g.params().keySet()) {
                params.put(key, entry.path("params").path(key).asText());
            }
            if (g.expectedKeys().contains(RunGroup.key(benchmark, params))) {
                return g;
            }
        }
        return null;
    }

    /** Atomic replace: a temporary file in the same folder, then a move over the target. */
    static void replace(Path target, ResultFiles.Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                content.writeTo(out);
            }
            ResultFiles.readableByAll(tmp); // a temporary file is created 0600; results are committed
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static Path find(Path dir, String which) {
        if (which == null || which.isBlank() || which.equals("true")) {
            Path newest = newestInterrupted(dir);
            if (newest == null) {
                throw new IllegalArgumentException("--resume: no interrupted run in " + dir
                        + " (every run there is complete); run without -Djmh.resume to start a new one");
            }
            return newest;
        }
        String base = Path.of(which).getFileName().toString().replaceFirst("(\\.meta)?\\.json$", "");
        Path metaFile = dir.resolve(base + ".meta.json");
        if (!Files.isRegularFile(metaFile)) {
            throw new IllegalArgumentException("--resume '" + which + "': no " + metaFile.getFileName() + " in " + dir
                    + "; valid: true (the newest interrupted run) or the name of an interrupted run's results file");
        }
        if (!isInterrupted(metaFile)) {
            throw new IllegalArgumentException("--resume '" + which + "': that run is complete; nothing to resume");
        }
        return metaFile;
    }

    private static boolean isInterrupted(Path metaFile) {
        try {
            return Boolean.FALSE.equals(readMeta(metaFile).get(COMPLETE));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static Map<String, Object> readMeta(Path metaFile) throws IOException {
        return new ObjectMapper().readValue(metaFile.toFile(), new TypeReference<LinkedHashMap<String, Object>>() { });
    }

    private static void check(String name, String what, Object was, Object now) {
        if (!Objects.equals(normalise(was), normalise(now))) {
            throw new IllegalArgumentException("cannot resume " + name + ": its " + what + " was " + was + ", now it is "
                    + now + " (a resume continues the same revision, CPU, JDK, profile and options);"
                    + " run without -Djmh.resume to start a new run");
        }
    }

    /** The plans are compared group by group, and the first difference is named. */
    private static void checkPlan(String name, Object was, Object now) {
        List<String> a = was instanceof List<?> ? ((List<?>) was).stream().map(String::valueOf).collect(Collectors.toList()) : List.of();
        List<String> b = now instanceof List<?> ? ((List<?>) now).stream().map(String::valueOf).collect(Collectors.toList()) : List.of();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            String x = i < a.size() ? a.get(i) : "(none)";
            String y = i < b.size() ? b.get(i) : "(none)";
            if (!x.equals(y)) {
                check(name, "plan's group " + (i + 1), x, y);
            }
        }
    }

    /** Numbers and lists compared by their text: the metadata read back holds the JSON types. */
    private static Object normalise(Object o) {
        return o == null ? null : JSON.valueToTree(o).toString();
    }

    private static Object cpuKey(Map<String, Object> meta) {
        Object cpu = meta.get("cpu");
        return cpu instanceof Map<?, ?> ? ((Map<?, ?>) cpu).get("key") : null;
    }

    private static Object jdkVersion(Map<String, Object> meta) {
        Object jdk = meta.get("jdk");
        return jdk instanceof Map<?, ?> ? ((Map<?, ?>) jdk).get("version") : null;
    }

    private static Map<String, Object> relevantOptions(Object options) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (options instanceof Map<?, ?>) {
            ((Map<?, ?>) options).forEach((k, v) -> {
                if (!BOOKKEEPING_OPTIONS.contains(String.valueOf(k))) {
                    out.put(String.valueOf(k), v);
                }
            });
        }
        return out;
    }
}
