package dev.nimbench.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.AsyncProfiler;
import org.openjdk.jmh.results.RunResult;

/**
 * {@code --prof async} with no set-up: the library comes from the async-profiler jar on the class
 * path ({@link AsyncProfilerLibrary}), the sampling event is the first of {@code cpu}, {@code itimer},
 * {@code wall} that starts in this JVM, and JMH writes one forward flame graph (HTML) per benchmark
 * and parameter set under {@code <reports>/flamegraphs/<run>/<JMH trial id>/}. The forks get
 * {@code -XX:+DebugNonSafepoints} so that samples resolve to the Java frame they were taken in,
 * not to the nearest safepoint. After the run, {@link #collect} lists the graphs for the metadata
 * (the report links each row to its graph) and names every profiled benchmark that left none: a
 * profiling run never ends silently without output.
 *
 * <p>The user's own async options win: a given {@code libPath}, {@code event}, {@code output},
 * {@code direction} or {@code dir} is kept as it is.
 */
final class FlameGraphs {

    /** JMH's name of the async-profiler integration. */
    static final String NAME = "async";

    /** Flags every fork gets while profiling: samples between safepoints resolve to their Java frame. */
    static final List<String> FORK_FLAGS = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints");

    /** Folder under the reports folder that holds every run's flame graphs. */
    static final String FOLDER = "flamegraphs";

    /** Sampling events in order of preference: CPU time (perf events), then timer-based CPU time, then wall clock. */
    static final List<String> EVENTS = List.of("cpu", "itimer", "wall");

    private final String spec;
    private final Path reports;
    private final Path dir;
    private final String event;
    /** What {@link #collect} found, for the metadata. */
    private List<Map<String, Object>> index = List.of();

    private FlameGraphs(String spec, Path reports, Path dir, String event) {
        this.spec = spec;
        this.reports = reports;
        this.dir = dir;
        this.event = event;
    }

    /** Whether a {@code --prof} entry names the async profiler ({@code async} or {@code async:options}). */
    static boolean isAsync(String spec) {
        return NAME.equals(Profilers.name(spec));
    }

    /**
     * The flame-graph set-up of a run whose {@code --prof} names async (the first such entry), or
     * null when none does. Graphs go to {@code <reports>/flamegraphs/<start>-jdk<feature>/}.
     */
    static FlameGraphs forRun(BenchOptions options, Instant start, PrintStream out) {
        for (String spec : options.profilers) {
            if (isAsync(spec)) {
                return prepare(spec, options.reportsDir(),
                        ResultFiles.STAMP.format(start) + "-jdk" + Runtime.version().feature(), out);
            }
        }
        return null;
    }

    /**
     * Resolves the library, picks the event and builds the full JMH spec for the user's
     * {@code async[:options]} entry.
     *
     * @param reports the reports folder; graphs go to {@code reports/flamegraphs/runId/}
     * @throws IllegalArgumentException (one line) when this platform has no library or no event starts
     */
    static FlameGraphs prepare(String userSpec, Path reports, String runId, PrintStream out) {
        Map<String, String> options = options(userSpec);
        String lib = options.get("libPath");
        if (lib == null) {
            lib = AsyncProfilerLibrary.extract(AsyncProfilerLibrary.defaultCache()).toString();
            options.put("libPath", lib);
        }
        String libPath = lib;
        String event = options.get("event");
        if (event == null) {
            event = chooseEvent(e -> starts(libPath, e), out);
            options.put("event", event);
        }
        options.putIfAbsent("output", "flamegraph");
        options.putIfAbsent("direction", "forward");
        Path root = reports.toAbsolutePath().normalize();
        Path dir = options.containsKey("dir") ? Path.of(options.get("dir")).toAbsolutePath().normalize()
                : root.resolve(FOLDER).resolve(runId);
        options.put("dir", dir.toString());
        StringBuilder sb = new StringBuilder(NAME).append(':');
        options.forEach((k, v) -> sb.append(sb.charAt(sb.length() - 1) == ':' ? "" : ";").append(k).append('=').append(v));
        out.println("flame graphs: async-profiler " + AsyncProfilerLibrary.version() + ", event " + event + ", into " + dir);
        return new FlameGraphs(sb.toString(), root, dir, event);
    }

    /**
     * The first event of {@link #EVENTS} that {@code works}; a fallback is announced in one line.
     *
     * @throws IllegalArgumentException when none works
     */
    static String chooseEvent(Predicate<String> works, PrintStream out) {
        for (String e : EVENTS) {
            if (works.test(e)) {
                if (!e.equals(EVENTS.get(0))) {
                    out.println("note: async-profiler cannot sample the cpu event here (no perf events for this VM,"
                            + " see /sys/bus/event_source/devices); sampling with " + e + " instead");
                }
                return e;
            }
        }
        throw new IllegalArgumentException("--prof async: async-profiler starts none of the events " + EVENTS
                + " in this JVM; give one with -Djmh.prof=async:event=NAME");
    }

    /** Whether async-profiler starts with {@code event} in this JVM (started and stopped at once). */
    private static boolean starts(String libPath, String event) {
        try {
            AsyncProfiler.JavaApi api = AsyncProfiler.JavaApi.getInstance(libPath);
            api.execute("start,event=" + event + ",interval=10ms");
            api.execute("stop");
            return true;
        } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
            return false;
        }
    }

    /** {@code async:a=1;b=2} -> {a=1, b=2} in order; a bare {@code async} -> empty. */
    static Map<String, String> options(String spec) {
        Map<String, String> out = new LinkedHashMap<>();
        int colon = spec.indexOf(':');
        if (colon < 0) {
            return out;
        }
        for (String part : spec.substring(colon + 1).split(";")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            out.put(eq < 0 ? part.trim() : part.substring(0, eq).trim(), eq < 0 ? "" : part.substring(eq + 1).trim());
        }
        return out;
    }

    /** The complete JMH profiler spec ({@code async:libPath=...;event=...;output=flamegraph;...}). */
    String spec() {
        return spec;
    }

    String event() {
        return event;
    }

    /**
     * For every result: the files JMH's async profiler left in its trial folder (the flame graph
     * first), as paths relative to the reports folder when they lie inside it. A result with no file
     * is added to {@code missing}.
     *
     * @return one entry per result: benchmark, params (sorted), files
     */
    List<Map<String, Object>> collect(Collection<RunResult> results, List<String> missing) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (RunResult r : results) {
            BenchmarkParams bp = r.getParams();
            Map<String, String> params = new TreeMap<>();
            for (String key : bp.getParamsKeys()) {
                params.put(key, bp.getParam(key));
            }
            // JMH's AsyncProfiler names the trial folder so (createTrialOutDir).
            Path trial = dir.resolve(bp.id().replace("%", "_"));
            List<String> files = files(trial);
            if (files.isEmpty()) {
                missing.add(bp.getBenchmark() + params + ": async-profiler wrote nothing to " + trial);
                continue;
            }
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("benchmark", bp.getBenchmark());
            e.put("params", params);
            e.put("files", files);
            out.add(e);
        }
        index = List.copyOf(out);
        return out;
    }

    /** What the last {@link #collect} found (empty before). */
    List<Map<String, Object>> index() {
        return index;
    }

    private List<String> files(Path trial) {
        if (!Files.isDirectory(trial)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(trial)) {
            return s.filter(Files::isRegularFile)
                    .sorted(Comparator.comparing((Path p) -> !isHtml(p)).thenComparing(Path::getFileName))
                    .map(p -> p.startsWith(reports) ? reports.relativize(p).toString().replace('\\', '/') : p.toString())
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static boolean isHtml(Path p) {
        return p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".html");
    }
}
