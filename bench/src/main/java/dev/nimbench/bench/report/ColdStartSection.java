package dev.nimbench.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The "Cold start" section: the newest cold-start run ({@code jmh:run -Djmh.profile=coldstart}, files
 * in {@code results/coldstart/}) of each machine (CPU key) and JDK, beside the warm pipeline
 * figures of the same machine and JDK (never another machine's), the whole-process
 * timings from the cold run's metadata, and two recommendations per problem: long-running (the
 * fastest warm configuration) and one-shot ({@link OneShotRecommendation}: the fastest cold
 * configuration and JVM option set).
 */
public final class ColdStartSection {

    /** The sub-folder of the results folder that holds cold-start runs. */
    public static final String FOLDER = "coldstart";
    static final String COLD = "ColdPipelineBench";
    static final String WARM = "PipelineBench";
    private static final ObjectMapper JSON = new ObjectMapper();

    private ColdStartSection() {
    }

    /** The cold-start result files under {@code results/coldstart/}, oldest first; none when the folder is absent. */
    public static List<ResultFile> read(Path results) throws BadInputException {
        return ResultReader.readFolder(results, FOLDER);
    }

    /**
     * Renders the section into doc (nothing when there is no cold run) and returns the one-shot
     * recommendations, one per problem and JDK of the newest cold file per JDK.
     */
    public static List<OneShotRecommendation> render(ReportDoc doc, List<ResultFile> warm, List<ResultFile> cold)
            throws BadInputException {
        List<OneShotRecommendation> out = new ArrayList<>();
        if (cold.isEmpty()) {
            return out;
        }
        // The newest cold run of each machine (CPU key) and JDK: another machine's newer run replaces nothing.
        Map<String, ResultFile> newest = RunSelection.newestPerMachine(cold);
        doc.heading(2, "Cold start");
        doc.para("One solve per fresh JVM: `ColdPipelineBench` runs in JMH's single-shot mode with no warm-up, one"
                + " measured call per fork (prepare, pre-warm, run, close), so every sample is a first run with its JIT"
                + " warm-up and first touches of memory; the JVM's start and the class loading before the call are"
                + " not in it. The whole-process table times `solve card-stacking 10^7 10^7` as a user runs it, from"
                + " process start to exit, in the same run. Medians over forks (rounds); warm = the `PipelineBench`"
                + " average of the warm run of the same machine and JDK. Run it with"
                + " `mvn -pl bench jmh:run -Djmh.profile=coldstart` (see docs/cold-start.md).");
        for (ResultFile f : newest.values()) {
            Machine machine = Machine.of(f);
            ResultFile w = warmOf(warm, machine);
            String cpu = f.meta().first("cpu.model", "cpu", "cpuModel", "machine.cpu");
            String cpuKey = f.meta().first("cpu.key");
            doc.heading(3, "Cold start, JDK " + f.jdkLabel() + (cpu == null ? "" : ", " + cpu)
                    + (cpuKey == null ? "" : " (`" + cpuKey + "`)"));
            doc.para("From `" + f.name() + "`" + (w == null ? " (no warm run of this machine and JDK)"
                    : " and the warm run of the same machine and JDK, `" + w.name() + "`") + ".");
            List<String> jvms = jvmSets(f);
            for (String problem : problems(f)) {
                table(doc, f, w, problem, jvms);
                longRunning(doc, w, problem);
                OneShotRecommendation r = oneShot(f, w, problem, cpuKey != null ? cpuKey : cpu);
                if (r != null) {
                    out.add(r);
                    doc.para("**One-shot recommendation (" + problem + ")**: `" + r.solveOptions() + "` with the `" + r.jvm()
                            + "` JVM options" + (r.jvm().equals("plain") ? "" : " (`bin/nimbench`" + (r.jvm().endsWith("aot")
                            ? " after `bin/nimbench --train`" : "") + ")") + ". Evidence: " + r.evidence() + ".");
                }
            }
            processTable(doc, f);
        }
        return out;
    }

    /** The recommendations as a JSON document (written as {@code one-shot-recommendation.json}). */
    public static String toJson(List<OneShotRecommendation> recs) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("formatVersion", 1);
        root.put("oneShot", recs.stream().map(OneShotRecommendation::toJson).toList());
        try {
            return JSON.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the one-shot recommendation as JSON", e);
        }
    }

    /**
     * The warm run of the cold run's machine (CPU key) and JDK, or null: the figures of another
     * machine, or of another JDK, are never set beside a cold run.
     */
    private static ResultFile warmOf(List<ResultFile> warm, Machine machine) throws BadInputException {
        ResultFile found = null;
        for (ResultFile f : warm) {
            Machine m = Machine.of(f);
            if (m.cpuKey().equals(machine.cpuKey()) && m.jdk() == machine.jdk()) {
                found = f;
            }
        }
        return found;
    }

    private static List<String> problems(ResultFile f) {
        List<String> out = new ArrayList<>();
        for (Measurement m : f.measurements()) {
            if (m.className().equals(COLD) && !out.contains(m.problem())) {
                out.add(m.problem());
            }
        }
        return out;
    }

    private static List<String> jvmSets(ResultFile f) {
        List<String> out = new ArrayList<>();
        for (Measurement m : f.measurements()) {
            String j = m.params().get("jvm");
            if (m.className().equals(COLD) && j != null && !out.contains(j)) {
                out.add(j);
            }
        }
        return out;
    }

    /** The distinct (variant, threads) of a problem's cold entries, in file order. */
    private static List<String[]> configurations(ResultFile f, String problem) {
        List<String[]> out = new ArrayList<>();
        for (Measurement m : f.measurements()) {
            if (m.className().equals(COLD) && problem.equals(m.problem())) {
                String[] c = {m.variant(), m.params().get("threads"), Long.toString(m.size())};
                if (out.stream().noneMatch(o -> Arrays.equals(o, c))) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    private static Measurement find(ResultFile f, String className, String problem, String[] config, String jvm) {
        if (f == null) {
            return null;
        }
        for (Measurement m : f.measurements()) {
            if (m.className().equals(className) && problem.equals(m.problem()) && config[0].equals(m.variant())
                    && config[1].equals(m.params().get("threads")) && Long.toString(m.size()).equals(config[2])
                    && (jvm == null || jvm.equals(m.params().get("jvm")))) {
                return m;
            }
        }
        return null;
    }

    static double medianMs(Measurement m) {
        double[] s = m.samples().clone();
        Arrays.sort(s);
        int h = s.length / 2;
        return 1e3 * (s.length % 2 == 1 ? s[h] : (s[h - 1] + s[h]) / 2);
    }

    private static void table(ReportDoc doc, ResultFile f, ResultFile w, String problem, List<String> jvms) {
        List<String> header = new ArrayList<>(List.of("configuration (" + problem + ")", "threads", "n", "warm (ms)"));
        jvms.forEach(j -> header.add("cold, " + j + " (ms, forks)"));
        header.add("best cold / warm");
        List<List<String>> rows = new ArrayList<>();
        for (String[] c : configurations(f, problem)) {
            Measurement warm = find(w, WARM, problem, c, null);
            double warmMs = warm == null ? Double.NaN : warm.score() * 1e3;
            List<String> row = new ArrayList<>(List.of("`" + c[0] + "`", c[1], c[2],
                    Double.isNaN(warmMs) ? "not measured" : String.format("%.1f", warmMs)));
            double best = Double.NaN;
            for (String j : jvms) {
                Measurement m = find(f, COLD, problem, c, j);
                if (m == null) {
                    row.add("");
                    continue;
                }
                double med = medianMs(m);
                best = Double.isNaN(best) ? med : Math.min(best, med);
                row.add(String.format("%.0f (%d)", med, m.samples().length));
            }
            row.add(Double.isNaN(warmMs) || Double.isNaN(best) ? "" : String.format("%.1fx", best / warmMs));
            rows.add(row);
        }
        doc.table(header, rows);
    }

    /**
     * The warm recommendation of the problem: {@link Recommender}'s decision on the warm run (the
     * default unless another configuration wins significantly across forks, its whole interval 3% faster), so
     * that this section and the recommendation file never disagree.
     */
    private static void longRunning(ReportDoc doc, ResultFile w, String problem) {
        Recommender.Decision d = w == null ? null : Recommender.decide(w, dev.nimbench.distribution.Problem.fromId(problem));
        if (d == null) {
            doc.para("**Long-running recommendation (" + problem + ")**: no warm pipeline results"
                    + (w == null ? " of this JDK." : " in `" + w.name() + "`."));
            return;
        }
        doc.para("**Long-running recommendation (" + problem + ")**: `" + OneShotRecommendation.solveOptions(d.label(),
                d.threads()) + "` (a warm JVM: e.g. `solve --repeat`, a server). Evidence: " + d.summary() + ".");
    }

    private static OneShotRecommendation oneShot(ResultFile f, ResultFile w, String problem, String cpu) {
        List<Measurement> cold = new ArrayList<>();
        for (Measurement m : f.measurements()) {
            if (m.className().equals(COLD) && problem.equals(m.problem())) {
                cold.add(m);
            }
        }
        cold.sort((a, b) -> Double.compare(medianMs(a), medianMs(b)));
        if (cold.isEmpty()) {
            return null;
        }
        Measurement best = cold.get(0);
        Measurement next = cold.size() > 1 ? cold.get(1) : null;
        int threads = Integer.parseInt(best.params().getOrDefault("threads", "1"));
        String options = OneShotRecommendation.solveOptions(best.variant(), threads);
        String[] config = {best.variant(), best.params().get("threads"), Long.toString(best.size())};
        Measurement warm = find(w, WARM, problem, config, null);
        double p = next == null ? Double.NaN : MannWhitney.test(best.samples(), next.samples()).p();
        return new OneShotRecommendation(problem, best.variant(), threads, options, best.params().get("jvm"),
                jvmOptions(f, best.params().get("jvm")), medianMs(best), best.samples().length,
                next == null ? null : "`" + next.variant() + "` / " + next.params().get("threads") + " T / " + next.params().get("jvm"),
                next == null ? Double.NaN : medianMs(next), p, processMedian(f, options),
                warm == null ? Double.NaN : warm.score() * 1e3, cpu, f.jdkVersion());
    }

    private static JsonNode coldMeta(ResultFile f) {
        try {
            Path meta = ResultReader.metaPathOf(f.path());
            return Files.isRegularFile(meta) ? JSON.readTree(meta.toFile()).path("coldStart") : JSON.missingNode();
        } catch (IOException e) {
            return JSON.missingNode();
        }
    }

    private static List<String> jvmOptions(ResultFile f, String jvm) {
        List<String> out = new ArrayList<>();
        coldMeta(f).path("jvmOptionSets").path(jvm).forEach(n -> out.add(n.asText()));
        return out;
    }

    /** The whole-process median of the launcher command with these solve options (ignoring --threads when the command has none), NaN if none. */
    private static double processMedian(ResultFile f, String solveOptions) {
        for (JsonNode c : coldMeta(f).path("processRuns").path("commands")) {
            String given = c.path("solveOptions").asText();
            if (c.path("launcher").asBoolean() && !given.contains("no-prewarm") && c.path("launcherExtraOptions").asText().isEmpty()
                    && sameOptions(given, solveOptions)) {
                return c.path("medianWallMs").asDouble(Double.NaN);
            }
        }
        return Double.NaN;
    }

    private static boolean sameOptions(String a, String b) {
        List<String> x = new ArrayList<>(List.of(a.trim().split("\\s+")));
        List<String> y = new ArrayList<>(List.of(b.trim().split("\\s+")));
        return pairs(x).equals(pairs(y));
    }

    private static Map<String, String> pairs(List<String> words) {
        Map<String, String> m = new java.util.TreeMap<>();
        for (int i = 0; i + 1 < words.size(); i += 2) {
            m.put(words.get(i), words.get(i + 1));
        }
        return m;
    }

    private static void processTable(ReportDoc doc, ResultFile f) {
        JsonNode runs = coldMeta(f).path("processRuns");
        if (runs.isMissingNode()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode c : runs.path("commands")) {
            JsonNode st = c.path("medianStageMs");
            String extra = c.path("launcherExtraOptions").asText();
            rows.add(List.of(c.path("label").asText() + (extra.isEmpty() ? "" : " (`NIMBENCH_JAVA_OPTS=" + extra + "`)"),
                    "`" + c.path("solveOptions").asText() + "`",
                    ms(c.path("medianWallMs")), ms(c.path("medianInProcessMs")), ms(c.path("medianOutsideMs")),
                    ms(st.path("distribution")) + " / " + ms(st.path("transform")) + " / " + ms(st.path("power"))));
        }
        doc.para("Whole process, `" + runs.path("instance").asText() + "`, " + runs.path("rounds").asText()
                + " rounds in random order (load average " + runs.path("loadAverageBefore").asText() + " before, "
                + runs.path("loadAverageAfter").asText() + " after); \"outside\" = wall minus the process's own stage"
                + " total: JVM start, class loading, the launcher script, exit.");
        doc.table(List.of("command", "solve options", "wall (ms)", "stages (ms)", "outside (ms)",
                "distribution / transform / power (ms)"), rows);
    }

    private static String ms(JsonNode n) {
        double v = n.asDouble(Double.NaN);
        return Double.isNaN(v) ? "" : String.format("%.0f", v);
    }
}
