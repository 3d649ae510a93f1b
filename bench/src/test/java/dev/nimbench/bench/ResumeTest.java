package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interrupted run keeps its finished groups and a resumed one ends exactly like an
 * uninterrupted one. Real harness JVMs running real JMH forks on a tiny plan (two groups of one
 * fork each, one 100 ms iteration), killed by the test between the groups (SIGKILL, right after
 * the first group was written) and inside the second group (SIGTERM while its fork runs).
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class ResumeTest {

    /** Two groups: TransformBench.transform (blocked) and its copy baseline, one fork each. */
    private static final List<String> PLAN = List.of("--profile", "quick", "--include", "TransformBench",
            "--variants", "^blocked$", "--sizes", "1024", "--warmup-iterations", "0", "--iterations", "1",
            "--yardstick", "none");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static Path lastLog;

    @TempDir
    static Path shared;
    @TempDir
    Path work;
    /** The results folder of the interrupted run (the harness logs go beside it). */
    private Path dir;
    private static List<String> uninterrupted;
    private final List<ProcessHandle> started = new ArrayList<>();

    @BeforeAll
    static void uninterruptedRun() throws Exception {
        Path results = shared.resolve("uninterrupted");
        Process p = harness(results, shared, List.of()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(log()).isZero();
        uninterrupted = benchmarks(onlyResultFile(results));
        assertThat(uninterrupted).hasSize(2);
        assertThat(meta(onlyResultFile(results)).get(PartialResults.COMPLETE).asBoolean()).isTrue();
    }

    @org.junit.jupiter.api.BeforeEach
    void resultsFolder() throws IOException {
        dir = Files.createDirectories(work.resolve("results"));
    }

    @AfterEach
    void killLeftovers() {
        started.forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void killedBetweenGroupsThenResumed() throws Exception {
        Process p = start(harness(dir, work, List.of()));
        Path metaFile = awaitGroupsDone(p, dir, 1);
        List<ProcessHandle> forks = p.descendants().collect(Collectors.toList());
        long t0 = System.nanoTime();
        p.destroyForcibly(); // SIGKILL: no hook runs, only what was written is left
        Eventually.gone(p.toHandle(), "the harness after SIGKILL", t0);
        assertGone(forks, "a fork of the SIGKILLed harness (it sees its link closed)", t0);
        assertPartialWithOneGroup(metaFile);

        resumeAndCompare();
    }

    @Test
    void killedInsideAGroupThenResumed() throws Exception {
        Process p = start(harness(dir, work, List.of()));
        Path log = lastLog;
        Path metaFile = awaitGroupsDone(p, dir, 1);
        List<ProcessHandle> forks = awaitFork(p);
        // The gate: a stopped fork cannot finish the second group before the SIGTERM has landed.
        signal("STOP", forks);
        long t0 = System.nanoTime();
        p.destroy(); // SIGTERM while the second group's fork is in the middle of its run
        Eventually.until(() -> contains(log, "nimbench: shutting down; ending"), "the harness's shutdown hook is ending its forks", t0);
        signal("CONT", forks); // the fork now sees the hook's SIGTERM
        Eventually.gone(p.toHandle(), "the harness after SIGTERM", t0);
        assertGone(forks, "a fork of the SIGTERMed harness", t0);
        assertPartialWithOneGroup(metaFile);

        resumeAndCompare();
    }

    @Test
    void resumeOfAnotherProfileOrRevisionIsRefusedInOneLine() throws Exception {
        Process p = start(harness(dir, work, List.of()));
        Path metaFile = awaitGroupsDone(p, dir, 1);
        long t0 = System.nanoTime();
        p.destroyForcibly();
        Eventually.gone(p.toHandle(), "the harness after SIGKILL", t0);

        List<String> otherProfile = new ArrayList<>(PLAN);
        otherProfile.set(1, "default");
        assertRefused(otherProfile, "profile was quick, now it is default");

        ObjectNode meta = (ObjectNode) JSON.readTree(metaFile.toFile());
        meta.put("gitRevision", "0000000000000000000000000000000000000000");
        JSON.writeValue(metaFile.toFile(), meta);
        assertRefused(PLAN, "git revision was 0000000000000000000000000000000000000000");
        meta.put("gitRevision", "unknown");
        ((ObjectNode) meta.get("cpu")).put("key", "intel-f6m143-avx512");
        JSON.writeValue(metaFile.toFile(), meta);
        assertRefused(PLAN, "CPU key was intel-f6m143-avx512");
    }

    @Test
    void resumeWithNothingInterruptedIsRefused() {
        assertRefused(PLAN, "no interrupted run in");
    }

    private void assertRefused(List<String> plan, String why) {
        List<String> args = new ArrayList<>(plan);
        args.addAll(List.of("--results", dir.toString(), "--root", work.toString(), "--resume", "true"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = BenchMain.run(args.toArray(new String[0]), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        assertThat(rc).as(text).isEqualTo(2);
        assertThat(text).contains(why).startsWith("error: ").hasLineCount(1);
    }

    private void resumeAndCompare() throws Exception {
        Process again = start(harness(dir, work, List.of("--resume", "true")));
        assertThat(again.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(again.exitValue()).as(log()).isZero();
        Path result = onlyResultFile(dir);
        assertThat(benchmarks(result)).isEqualTo(uninterrupted); // same entries, same order
        JsonNode meta = meta(result);
        assertThat(meta.get(PartialResults.COMPLETE).asBoolean()).isTrue();
        assertThat(meta.has(PartialResults.GROUPS_DONE)).isFalse();
        assertThat(meta.get(PartialResults.RESUMED)).hasSize(1);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder(
                    result.getFileName().toString(), metaName(result)); // no temporary files left
        }
    }

    private static String metaName(Path result) {
        String n = result.getFileName().toString();
        return n.substring(0, n.length() - ".json".length()) + ".meta.json";
    }

    private static void assertPartialWithOneGroup(Path metaFile) throws IOException {
        JsonNode meta = JSON.readTree(metaFile.toFile());
        assertThat(meta.get(PartialResults.COMPLETE).asBoolean()).isFalse();
        assertThat(meta.get(PartialResults.GROUPS_DONE)).hasSize(1);
        Path result = metaFile.resolveSibling(jsonName(metaFile));
        assertThat(benchmarks(result)).hasSize(1).isSubsetOf(uninterrupted);
    }

    private static String jsonName(Path metaFile) {
        String n = metaFile.getFileName().toString();
        return n.substring(0, n.length() - ".meta.json".length()) + ".json";
    }

    /** The newest harness log, for failure messages. */
    private static String log() {
        try {
            String text = Files.readString(lastLog);
            return text.substring(Math.max(0, text.length() - 3000));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private Process start(ProcessBuilder b) throws IOException {
        Process p = b.start();
        started.add(p.toHandle());
        return p;
    }

    private static ProcessBuilder harness(Path results, Path root, List<String> extra) {
        // A private temporary folder: JMH's lock file (/tmp/jmh.lock) would serialise this with any other JMH run.
        List<String> cmd = new ArrayList<>(List.of(LifelineTest.javaExecutable(), "--add-modules=jdk.incubator.vector",
                "-Djava.io.tmpdir=" + root, "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        cmd.addAll(PLAN);
        cmd.addAll(List.of("--results", results.toString(), "--root", root.toString()));
        cmd.addAll(extra);
        // The log goes beside the results folder, not into it.
        Path log = results.resolveSibling(results.getFileName() + "-" + System.nanoTime() + ".log");
        lastLog = log;
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    }

    /** Polls the run's metadata until it lists n finished groups; returns its path. */
    private static Path awaitGroupsDone(Process p, Path dir, int n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            assertThat(p.isAlive()).as("harness ended before group %d was written", n).isTrue();
            for (Path f : metaFiles(dir)) {
                JsonNode m = JSON.readTree(f.toFile());
                if (m.path(PartialResults.GROUPS_DONE).size() >= n) {
                    return f;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no group finished within 120 s");
    }

    private static List<Path> metaFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".meta.json")).collect(Collectors.toList());
        }
    }

    /**
     * Waits until the harness has a child (the second group's JMH fork: the first group's fork has
     * exited before its group is written) and returns its descendants. Polled every 10 ms: the fork
     * lives about a second (a JVM start and one 100 ms iteration), and the test stops it long before
     * it can end its group.
     */
    private static List<ProcessHandle> awaitFork(Process p) throws InterruptedException {
        List<ProcessHandle> forks = new ArrayList<>();
        Eventually.until(() -> {
            p.descendants().forEach(forks::add);
            return !forks.isEmpty() || !p.isAlive();
        }, "the second group's fork started", System.nanoTime());
        assertThat(forks).as("the harness ended without starting the second group's fork; log:%n%s", log()).isNotEmpty();
        return forks;
    }

    /** Sends {@code kill -<signal>} to every process. */
    private static void signal(String signal, List<ProcessHandle> processes) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("kill", "-" + signal));
        processes.forEach(h -> cmd.add(Long.toString(h.pid())));
        Process kill = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(kill.waitFor()).as("%s: %s", cmd, out).isZero();
    }

    private static boolean contains(Path log, String text) {
        try {
            return Files.readString(log).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    private static void assertGone(List<ProcessHandle> processes, String what, long t0) throws InterruptedException {
        for (ProcessHandle h : processes) {
            Eventually.gone(h, what, t0);
        }
    }

    private static Path onlyResultFile(Path results) throws IOException {
        try (Stream<Path> files = Files.list(results)) {
            List<Path> json = files.filter(f -> f.toString().endsWith(".json") && !f.toString().endsWith(".meta.json"))
                    .collect(Collectors.toList());
            assertThat(json).hasSize(1);
            return json.get(0);
        }
    }

    private static JsonNode meta(Path result) throws IOException {
        return JSON.readTree(result.resolveSibling(metaName(result)).toFile());
    }

    /** benchmark + params of every entry, in file order (an uninterrupted run's is the plan's order). */
    private static List<String> benchmarks(Path result) throws IOException {
        List<String> out = new ArrayList<>();
        for (JsonNode e : JSON.readTree(result.toFile())) {
            out.add(e.get("benchmark").asText() + e.get("params"));
        }
        return out;
    }
}
