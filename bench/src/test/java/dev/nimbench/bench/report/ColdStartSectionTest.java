package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ColdStartSectionTest {

    private static final String ONE_SHOT = "distribution=tail-sum-recurrence,combine=wht,transform=blocked";

    private static Measurement m(String className, String variant, int threads, String jvm, double... samplesMs) {
        Map<String, String> params = new TreeMap<>(Map.of("problem", "card-stacking", "variant", variant,
                "size", "10000000", "threads", Integer.toString(threads)));
        if (jvm != null) {
            params.put("jvm", jvm);
        }
        double[] s = new double[samplesMs.length];
        double mean = 0;
        for (int i = 0; i < s.length; i++) {
            s[i] = samplesMs[i] / 1e3;
            mean += s[i] / s.length;
        }
        return new Measurement("f.json", "dev.nimbench.bench." + className + ".solve", className, "solve", "pipeline",
                params, jvm != null ? "ss" : "avgt", mean, Double.NaN, Double.NaN, s, eachAFork(s), TimeScale.MILLISECONDS, "25.0.3",
                "VM");
    }

    /** A single-shot run: every sample is a fork of its own. */
    private static double[][] eachAFork(double[] s) {
        double[][] forks = new double[s.length][];
        for (int i = 0; i < s.length; i++) {
            forks[i] = new double[] {s[i]};
        }
        return forks;
    }

    private static ResultFile cold(Path path) {
        List<Measurement> ms = new ArrayList<>();
        ms.add(m("ColdPipelineBench", "default", 1, "plain", 2600, 2500, 2700, 2550, 2650));
        ms.add(m("ColdPipelineBench", "default", 1, "launcher", 1700, 1750, 1650, 1720, 1690));
        ms.add(m("ColdPipelineBench", ONE_SHOT, 1, "plain", 2000, 2100, 1900, 2050, 1950));
        ms.add(m("ColdPipelineBench", ONE_SHOT, 1, "launcher", 610, 600, 640, 590, 620));
        return new ResultFile(path, ms, RunMeta.NONE);
    }

    /** A run of the current harness, which records what each pipeline label ran. */
    private static ResultFile warm() {
        Measurement[] ms = {
            m("PipelineBench", "default", 1, null, 150, 152, 149, 151, 150),
            m("PipelineBench", "default", 2, null, 90, 91, 92, 89, 90),
            m("PipelineBench", ONE_SHOT, 1, null, 400, 401, 399, 402, 398)};
        return new ResultFile(Path.of("warm-25.json"), List.of(ms), DecisionRulesTest.recording(ms));
    }

    @Test
    void coldBesideWarmWithBothRecommendations(@TempDir Path tmp) throws IOException, BadInputException {
        Path file = tmp.resolve("20261201T060000Z-25.json");
        Files.writeString(ResultReader.metaPathOf(file), """
                {"coldStart": {"jvmOptionSets": {"launcher": ["-Dnimbench.coldJvm=launcher", "-XX:+UseSerialGC"]},
                 "processRuns": {"instance": "card-stacking 10000000 10000000", "rounds": 5,
                   "loadAverageBefore": "0.1", "loadAverageAfter": "0.5",
                   "commands": [{"label": "bin/nimbench, one-shot", "launcher": true,
                     "solveOptions": "--distribution tail-sum-recurrence --combine wht --transform blocked --threads 1",
                     "medianWallMs": 830, "medianInProcessMs": 600, "medianOutsideMs": 230,
                     "medianStageMs": {"distribution": 200, "transform": 150, "power": 250}}]}}}
                """);
        ReportDoc doc = new ReportDoc("t");
        List<OneShotRecommendation> recs = ColdStartSection.render(doc, List.of(warm()), List.of(cold(file)));
        String md = doc.toMarkdown();

        assertThat(recs).hasSize(1);
        OneShotRecommendation r = recs.get(0);
        assertThat(r.label()).isEqualTo(ONE_SHOT);
        assertThat(r.jvm()).isEqualTo("launcher");
        assertThat(r.coldMedianMs()).isEqualTo(610, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(r.forks()).isEqualTo(5);
        assertThat(r.runnerUp()).contains("default").contains("launcher");
        assertThat(r.significant()).isTrue(); // 5 against 5, fully separated: p = 0.008
        assertThat(r.processMedianWallMs()).isEqualTo(830);
        assertThat(r.warmMs()).isEqualTo(400, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(r.jvmOptions()).containsExactly("-Dnimbench.coldJvm=launcher", "-XX:+UseSerialGC");
        assertThat(r.solveOptions()).isEqualTo("--distribution tail-sum-recurrence --combine wht --transform blocked --threads 1");

        assertThat(md).contains("## Cold start")
                .contains("| `default` | 1 | 10000000 | 150.4 | 2600 (5) | 1700 (5) | 11.3x |")
                .contains("**Long-running recommendation (card-stacking)**: `--threads 2`")
                .contains("**One-shot recommendation (card-stacking)**: `" + r.solveOptions() + "` with the `launcher`")
                .contains("| bin/nimbench, one-shot |").contains("| 830 | 600 | 230 | 200 / 150 / 250 |");
        assertThat(ColdStartSection.toJson(recs)).contains("\"oneShot\"").contains("\"jvm\" : \"launcher\"")
                .contains("\"coldMedianMs\" : 610");
    }

    /** {@code base}'s measurements in a file whose meta names the CPU {@code key}. */
    private static ResultFile onCpu(ResultFile base, Path path, String key) {
        com.fasterxml.jackson.databind.node.ObjectNode root = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                .objectNode();
        base.meta().values().forEach(root::put);
        root.putObject("cpu").put("key", key).put("model", "AMD EPYC").put("vendor", "amd");
        return new ResultFile(path, base.measurements(), RunMeta.of(root));
    }

    /**
     * Two machines' cold runs of one JDK: each gets its own section beside its own machine's warm
     * run and its own one-shot recommendation; the newer run of one machine does not hide the
     * other's, and a cold run whose machine has no warm run is set beside no other machine's.
     */
    @Test
    void eachMachinesColdRunStandsBesideItsOwnWarmRun(@TempDir Path tmp) throws BadInputException {
        ResultFile zen5Warm = onCpu(warm(), tmp.resolve("20261203T064307Z-jdk25.json"), "amd-f26m2-avx512");
        ResultFile zen5Cold = onCpu(cold(tmp.resolve("a.json")), tmp.resolve("20261203T044634Z-jdk25.json"), "amd-f26m2-avx512");
        ResultFile zen3Cold = onCpu(cold(tmp.resolve("b.json")), tmp.resolve("20261204T081716Z-jdk25.json"), "amd-f25m1-avx2");
        ReportDoc doc = new ReportDoc("t");
        List<OneShotRecommendation> recs = ColdStartSection.render(doc, List.of(zen5Warm), List.of(zen5Cold, zen3Cold));
        String md = doc.toMarkdown();

        assertThat(recs).extracting(OneShotRecommendation::cpu).containsExactlyInAnyOrder("amd-f26m2-avx512", "amd-f25m1-avx2");
        assertThat(md).contains("(`amd-f26m2-avx512`)").contains("(`amd-f25m1-avx2`)")
                .contains("From `20261203T044634Z-jdk25.json` and the warm run of the same machine and JDK, `"
                        + zen5Warm.name() + "`")
                .contains("From `20261204T081716Z-jdk25.json` (no warm run of this machine and JDK)");
        OneShotRecommendation zen3 = recs.stream().filter(r -> r.cpu().equals("amd-f25m1-avx2")).findFirst().orElseThrow();
        assertThat(zen3.warmMs()).as("no warm figure of another machine").isNaN();
    }

    @Test
    void theOneShotRecommendationGoesToItsMachinesEntryOnly() {
        OneShotRecommendation amd25 = new OneShotRecommendation("card-stacking", ONE_SHOT, 1, "--threads 1", "launcher",
                List.of("-XX:+UseSerialGC"), 610, 5, "default", 900, 0.008, 830, 400, "amd-f26m2-avx512", "25.0.3");
        OneShotRecommendation amd17 = new OneShotRecommendation("card-stacking", ONE_SHOT, 1, "--threads 1", "plain",
                List.of(), 700, 5, "default", 900, 0.008, 900, 400, "amd-f26m2-avx512", "17.0.15");
        List<OneShotRecommendation> all = List.of(amd25, amd17);
        assertThat(RecommendationEntries.oneShotFor(new Machine("amd-f26m2-avx512", 25, "AMD EPYC", null), all))
                .containsExactly(amd25);
        assertThat(RecommendationEntries.oneShotFor(new Machine("amd-f26m2-avx512", 17, "AMD EPYC", null), all))
                .containsExactly(amd17);
        // another CPU, or this CPU limited to AVX2, gets none
        assertThat(RecommendationEntries.oneShotFor(new Machine("intel-f6m143-avx512", 25, "Xeon", null), all)).isEmpty();
        assertThat(RecommendationEntries.oneShotFor(new Machine("amd-f26m2-avx512@avx2", 17, "AMD EPYC",
                "this CPU limited to AVX2"), all)).isEmpty();
    }

    @Test
    void noColdRunNoSectionAndAnAbsentFolderIsNoError(@TempDir Path tmp) throws BadInputException {
        ReportDoc doc = new ReportDoc("t");
        assertThat(ColdStartSection.render(doc, List.of(warm()), List.of())).isEmpty();
        assertThat(doc.toMarkdown()).doesNotContain("Cold start");
        assertThat(ColdStartSection.read(tmp)).isEmpty();
    }

    @Test
    void labelsBecomeSolveOptions() {
        assertThat(OneShotRecommendation.solveOptions("default", 2)).isEqualTo("--threads 2");
        assertThat(OneShotRecommendation.solveOptions("combine=wht,transform=blocked", 1))
                .isEqualTo("--combine wht --transform blocked --threads 1");
    }
}
