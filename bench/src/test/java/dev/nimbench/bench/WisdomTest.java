package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.distribution.Problem;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The search's first step on fake runs: the planner reads the stage leaders of the newest
 * complete default run of this CPU key and JDK ({@link Wisdom}) and composes them into pipeline
 * candidates ({@link PipelinePlan#composed}), so that two choices that each stage benchmark picks,
 * and that no built-in candidate puts together, are measured together.
 */
class WisdomTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path results;

    /** One JMH entry: a benchmark method, its params, one value per fork (ms/op). */
    private static ObjectNode entry(String benchmark, Map<String, String> params, double... forkMillis) {
        ObjectNode e = JSON.createObjectNode();
        e.put("jmhVersion", "1.37");
        e.put("benchmark", "dev.nimbench.bench." + benchmark);
        e.put("mode", "avgt");
        e.put("threads", 1);
        e.put("forks", forkMillis.length);
        e.put("jdkVersion", "17.0.15");
        e.put("vmName", "OpenJDK 64-Bit Server VM");
        ObjectNode p = e.putObject("params");
        params.forEach(p::put);
        ObjectNode pm = e.putObject("primaryMetric");
        ArrayNode raw = pm.putArray("rawData");
        double sum = 0;
        for (double v : forkMillis) {
            raw.addArray().add(v).add(v).add(v);
            sum += v;
        }
        pm.put("score", sum / forkMillis.length);
        pm.put("scoreError", 0.0);
        pm.put("scoreUnit", "ms/op");
        return e;
    }

    private void run(String name, String cpuKey, String profile, boolean complete, ObjectNode... entries) throws Exception {
        runResolved(name, cpuKey, profile, complete, null, entries);
    }

    private void runResolved(String name, String cpuKey, String profile, boolean complete, ObjectNode resolved,
            ObjectNode... entries) throws Exception {
        ArrayNode all = JSON.createArrayNode();
        for (ObjectNode e : entries) {
            all.add(e);
        }
        Files.writeString(results.resolve(name + ".json"), JSON.writeValueAsString(all), StandardCharsets.UTF_8);
        ObjectNode meta = JSON.createObjectNode();
        meta.putObject("cpu").put("key", cpuKey);
        meta.put("profile", profile);
        meta.put("complete", complete);
        if (resolved != null) {
            meta.set("pipelineResolved", resolved);
        }
        Files.writeString(results.resolve(name + ".meta.json"), JSON.writeValueAsString(meta), StandardCharsets.UTF_8);
    }

    private static Map<String, String> p(String variant, String size) {
        return Map.of("variant", variant, "size", size, "threads", "2");
    }

    @Test
    void theWarmUpsThisMachineMeasuredReplaceTheModelInTheEstimate() throws Exception {
        // the previous run: a pipeline fork that took 8 s to settle (against about 3 s modelled), a
        // transform variant 1 s; the other transform variant and the curve size were not measured
        Map<String, String> pipeline = Map.of("problem", "card-stacking", "variant", "default", "size", "10000000",
                "threads", "2");
        ObjectNode pipe = entry("PipelineBench.solve", pipeline, 180, 190, 185);
        ObjectNode raw = pipe.putObject("secondaryMetrics").putObject(SettleProfiler.SETTLE_MILLIS);
        ArrayNode forks = raw.putArray("rawData");
        for (double ms : new double[] {7000, 9000, 8000}) {
            forks.addArray().add(ms).add(ms).add(ms);
        }
        ObjectNode blocked = entry("TransformBench.transform", p("blocked", "16777216"), 30, 31);
        blocked.putObject("secondaryMetrics").putObject(SettleProfiler.SETTLE_MILLIS).putArray("rawData")
                .addArray().add(1000.0).add(1000.0);
        run("20261201T000000Z-jdk25", "cpu-a", "default", true, pipe, blocked,
                entry("TransformBench.transform", p("vector", "16777216"), 40, 41));
        Wisdom w = Wisdom.read(results, "cpu-a", 25);
        assertThat(w.settleSeconds()).hasSize(2)
                .containsEntry(Wisdom.settleKey("PipelineBench", "solve", pipeline), 8.0);

        Profile.Iterations it = new Profile.Iterations(1, 100, 3, 100);
        RunGroup modelled = new RunGroup("PipelineBench", List.of("solve"), Map.of("problem", List.of("card-stacking"),
                "variant", List.of("default"), "size", List.of("10000000"), "threads", List.of("2")), it, 4, 185);
        RunGroup measured = w.calibrated(modelled);
        assertThat(measured.settleSeconds()).isEqualTo(8.0);
        // per fork: start 0.8 s, the warm-up measured, 4 iterations of 185 ms
        assertThat(measured.estimatedSeconds()).isCloseTo(4 * (0.8 + 8.0 + 4 * 0.185), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(modelled.estimatedSeconds()).as("the model's least").isLessThan(measured.estimatedSeconds() / 2);

        // a group of two variants, one measured: the mean, the other at the model's estimate
        RunGroup transforms = new RunGroup("TransformBench", List.of("transform"), Map.of("variant",
                List.of("blocked", "vector"), "size", List.of("16777216"), "threads", List.of("2")), it, 2, 30);
        double model = transforms.modelSettleSeconds();
        assertThat(w.calibrated(transforms).settleSeconds()).isEqualTo((1.0 + model) / 2);
        assertThat(ForkOrder.combinations(w.calibrated(transforms))).allSatisfy(c ->
                assertThat(c.settleSeconds()).isEqualTo((1.0 + model) / 2));
        RunGroup unmeasured = new RunGroup("TransformBench", List.of("transform"), Map.of("variant",
                List.of("vector"), "size", List.of("4096"), "threads", List.of("2")), it, 2, 1);
        assertThat(w.calibrated(unmeasured)).as("nothing measured: the model").isSameAs(unmeasured);
    }

    @Test
    void theLeadersComeFromTheNewestCompleteDefaultRunOfThisCpuAndJdk() throws Exception {
        // at 2^24 `blocked` leads the transform and `vector-fma` the power sum; at 2^20 others do
        run("20261201T000000Z-jdk17", "cpu-a", "default", true,
                entry("TransformBench.transform", p("blocked", "16777216"), 30, 31, 29, 30),
                entry("TransformBench.transform", p("vector", "16777216"), 40, 41),
                entry("TransformBench.transform", p("vector", "1048576"), 1),
                entry("PowerSumBench.sum", p("vector-fma", "16777216"), 50, 52, 51),
                entry("PowerSumBench.sum", p("scalar", "16777216"), 900),
                entry("DistributionBench.histogram", Map.of("problem", "card-stacking", "variant",
                        "tail-sum-recurrence", "size", "10000000", "threads", "2"), 80, 81));
        // newer, but another CPU, an interrupted run, a quick run: not this machine's wisdom
        run("20261202T000000Z-jdk17", "cpu-b", "default", true, entry("TransformBench.transform", p("vector", "16777216"), 1));
        run("20261203T000000Z-jdk17", "cpu-a", "default", false, entry("TransformBench.transform", p("vector", "16777216"), 1));
        run("20261204T000000Z-jdk17", "cpu-a", "quick", true, entry("TransformBench.transform", p("vector", "4096"), 1));
        // newer, complete, default profile, but narrowed to one row: a re-measure, nobody's wisdom
        run("20261205T000000Z-jdk17", "cpu-a", "default", true, entry("TransformBench.transform", p("vector", "16777216"), 1));
        ObjectNode narrowedMeta = (ObjectNode) JSON.readTree(results.resolve("20261205T000000Z-jdk17.meta.json").toFile());
        narrowedMeta.putObject("options").put("profile", "default").put("include", "TransformBench");
        Files.writeString(results.resolve("20261205T000000Z-jdk17.meta.json"), JSON.writeValueAsString(narrowedMeta));
        Wisdom w = Wisdom.read(results, "cpu-a", 17);
        assertThat(w).isNotNull();
        assertThat(w.file()).isEqualTo("20261201T000000Z-jdk17.json");
        assertThat(w.leaders()).containsEntry("transform", "blocked").containsEntry("power", "vector-fma")
                .containsEntry("distribution/card-stacking", "tail-sum-recurrence")
                .doesNotContainKey("distribution/divisor-game");
        assertThat(Wisdom.read(results, "cpu-a", 25)).as("no run of JDK 25").isNull();
        assertThat(Wisdom.read(results.resolve("none"), "cpu-a", 17)).isNull();
    }

    @Test
    void twoLeadersThatNoBuiltInCandidateJoinsAreComposedIntoOneCandidate() {
        Wisdom w = new Wisdom("x.json", Map.of("transform", "blocked", "power", "forkjoin",
                "distribution/card-stacking", "tail-sum-recurrence"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        List<String> composed = PipelinePlan.composed(Problem.CARD_STACKING, w, new PrintStream(log));
        assertThat(composed).anySatisfy(l -> assertThat(l).contains("distribution=tail-sum-recurrence",
                "transform=blocked", "power=forkjoin").startsWith("combine="));
        assertThat(PipelinePlan.candidates(Problem.CARD_STACKING)).as("the built-in list never joins them")
                .noneMatch(l -> l.contains("transform=blocked") && l.contains("power=forkjoin"));
        // every composition names its combine, and each resolves here
        assertThat(composed).allMatch(l -> l.startsWith("combine="));
    }

    @Test
    void aLeaderThisJvmCannotRunIsNotComposedAndTheLogSaysWhy() {
        Wisdom w = new Wisdom("x.json", Map.of("transform", "no-such-transform", "power", "forkjoin"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        List<String> composed = PipelinePlan.composed(Problem.DIVISOR_GAME, w, new PrintStream(log));
        assertThat(composed).isEmpty();
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("not composed", "no-such-transform");
        assertThat(PipelinePlan.composed(Problem.DIVISOR_GAME, null, new PrintStream(log))).isEmpty();
    }

    @Test
    void theIncumbentIsThatRunsFastestPipelineByTheStagesItRanAndTheContendersLieWithinTheMargin() throws Exception {
        ObjectNode resolved = JSON.createObjectNode();
        ObjectNode cs = resolved.putObject("card-stacking");
        cs.putObject("default").put("combine", "fused-vector-wht").put("distribution", "vector-tail-sum-recurrence")
                .put("transform", "none").put("power", "none").put("multiplier", "none");
        cs.putObject("combine=wht").put("combine", "wht").put("distribution", "vector-tail-sum-recurrence")
                .put("transform", "vector-forkjoin").put("power", "vector-montgomery-forkjoin").put("multiplier", "none");
        Map<String, String> two = Map.of("problem", "card-stacking", "size", "10000000", "threads", "2");
        runResolved("20261201T000000Z-jdk17", "cpu-a", "default", true, resolved,
                entry("PipelineBench.solve", with(two, "default"), 50, 51),
                entry("PipelineBench.solve", with(two, "combine=wht"), 40, 41),
                // faster, but at one thread: not the incumbent of the 2-thread decision
                entry("PipelineBench.solve", Map.of("problem", "card-stacking", "variant", "combine=wht",
                        "size", "10000000", "threads", "1"), 30),
                entry("PowerSumBench.sum", p("vector-montgomery-forkjoin", "16777216"), 10),
                entry("PowerSumBench.sum", p("forkjoin", "16777216"), 10.9),
                entry("PowerSumBench.sum", p("scalar", "16777216"), 11.2));
        Wisdom w = Wisdom.read(results, "cpu-a", 17);
        assertThat(w.incumbent("card-stacking")).containsEntry("combine", "wht")
                .containsEntry("transform", "vector-forkjoin");
        assertThat(w.incumbent("divisor-game")).as("no divisor-game pipeline in the run").isNull();
        assertThat(w.contenders("power")).as("within 10%% of the leader, fastest first")
                .containsExactly("vector-montgomery-forkjoin", "forkjoin");
        assertThat(w.leader("power")).isEqualTo("vector-montgomery-forkjoin");
    }

    private static Map<String, String> with(Map<String, String> params, String variant) {
        Map<String, String> out = new java.util.LinkedHashMap<>(params);
        out.put("variant", variant);
        return out;
    }

    @Test
    void aPairOfChoicesFastOnlyTogetherIsReachedOneChoiceAtATimeFromTheIncumbent() {
        // the previous run found combine=wht with the blocked transform fastest; forkjoin power is a
        // contender that the stage leaders (vector-montgomery-forkjoin) never compose with it
        Map<String, String> incumbent = Map.of("combine", "wht", "distribution", "tail-sum-recurrence",
                "transform", "blocked", "power", "vector-montgomery-forkjoin", "multiplier", "none");
        Wisdom w = new Wisdom("x.json", Map.of("power", "vector-montgomery-forkjoin"),
                Map.of("power", List.of("vector-montgomery-forkjoin", "forkjoin"), "transform", List.of("blocked")),
                Map.of("card-stacking", incumbent), Map.of(), Map.of());
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        List<String> n = PipelinePlan.neighbours(Problem.CARD_STACKING, w, new PrintStream(log));
        String base = "distribution=tail-sum-recurrence,combine=wht,transform=blocked,power=vector-montgomery-forkjoin";
        assertThat(n.get(0)).as("the incumbent first").isEqualTo(base);
        assertThat(n).contains("distribution=tail-sum-recurrence,combine=wht,transform=blocked,power=forkjoin")
                .as("a combine change keeps the distribution")
                .contains("distribution=tail-sum-recurrence,combine=fused-vector-wht");
        assertThat(PipelinePlan.composed(Problem.CARD_STACKING, w, new PrintStream(log)))
                .noneMatch(l -> l.contains("transform=blocked") && l.contains("power=forkjoin"));
        // every neighbour but the combine changes differs from the incumbent in exactly one stage
        for (String label : n) {
            if (label.contains("combine=wht,")) {
                long changed = java.util.Arrays.stream(label.split(",")).filter(kv -> !base.contains(kv)).count();
                assertThat(changed).as(label).isLessThanOrEqualTo(1);
            }
        }
        assertThat(PipelinePlan.neighbours(Problem.DIVISOR_GAME, w, new PrintStream(log))).as("no incumbent").isEmpty();
        assertThat(PipelinePlan.neighbours(Problem.CARD_STACKING, null, new PrintStream(log))).isEmpty();
    }

    @Test
    void searchLabelsThatCannotRunHereAreCountedInOneLineNotListedAsSkippedCandidates() throws Exception {
        int jdk = Runtime.version().feature();
        ObjectNode omega = entry("DistributionBench.histogram", Map.of("problem", "divisor-game", "variant", "omega-sieve",
                "size", "10000", "threads", "2"), 1.0);
        omega.put("jdkVersion", Runtime.version().toString());
        run("20261207T000000Z-jdk" + jdk, BenchOptions.parse().cpu().key(), "default", true, omega);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        BenchPlan plan = BenchPlan.make(BenchOptions.parse("--results", results.toString(), "--include", "PipelineBench",
                "--problem", "divisor-game", "--sizes", "10000"), new PrintStream(log, true, StandardCharsets.UTF_8));
        String out = log.toString(StandardCharsets.UTF_8);
        // the omega-sieve leader composed under each fused-distribution combine: none of them can take it
        assertThat(out).contains("search: composing the stage leaders of 20261207T000000Z-jdk" + jdk)
                .containsPattern("search: divisor-game n = 10000: \\d+ label\\(s\\) beyond the built-in list, \\d+ of them a"
                        + " configuration already planned \\(measured once\\), [1-9]\\d* not run here \\(each with its reason in"
                        + " the metadata's search.notRun/divisor-game; the first: 'combine=fused-vector-dist-wht\\S*': ")
                .contains("range writer").doesNotContainPattern("SKIPPED .*distribution=omega-sieve");
        assertThat(plan.skipped).noneMatch(l -> l.contains("distribution=omega-sieve"));
        @SuppressWarnings("unchecked")
        Map<String, String> notRun = (Map<String, String>) plan.search.get("notRun/divisor-game");
        assertThat(notRun).isNotEmpty().allSatisfy((label, why) -> assertThat(label).startsWith("combine=fused-vector-dist"));
        assertThat(plan.groups).isNotEmpty().noneMatch(g -> g.params().get("variant").get(0).contains("fused-vector-dist"));
    }

    @Test
    void theRacingRecordIsReadAsCombinationAndForksRun() throws Exception {
        com.fasterxml.jackson.databind.JsonNode lines = JSON.readTree("[\"TransformBench {variant=[blocked], size=[16777216],"
                + " threads=[2]} out after 1 fork(s): its fastest fork 265.9 ms/op > 2.5 x the slowest fork of"
                + " TransformBench {variant=[vector], size=[16777216], threads=[2]} (18.58 ms/op)\", \"not a racing line\"]");
        assertThat(Wisdom.racedOut(lines)).containsExactly(
                Map.entry("TransformBench {variant=[blocked], size=[16777216], threads=[2]}", 1));
    }
}
