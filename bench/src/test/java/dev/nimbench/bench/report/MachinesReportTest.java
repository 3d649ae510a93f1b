package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.config.Recommendations;
import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.CpuKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reports across machines, on real runs: {@code machines/} holds the committed AMD EPYC run of
 * JDK 17 (20261129T223847Z, with the yardstick's stage figures of its session) and the two runs of
 * an Intel Xeon measured on 2026-12-01 (JDK 17 without a
 * yardstick, JDK 25 with one, and that session's stage figures). Their meta files are of the older
 * format: no {@code cpu.key}, only the model name (keys {@code amd-epyc-avx512},
 * {@code intel-xeon-avx512}).
 */
class MachinesReportTest {

    static final String AMD = "amd-epyc-avx512";
    static final String INTEL = "intel-xeon-avx512";
    static final String AMD17 = "20261129T223847Z-jdk17.json";
    static final String INTEL17 = "20261201T040353Z-jdk17.json";
    static final String INTEL25 = "20261201T041841Z-jdk25.json";

    @TempDir
    Path tmp;

    private String render(Path results, Path reports) {
        Fixtures.Run run = Fixtures.report(results, reports);
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("from 3 results file(s)");
        return Fixtures.pages(reports);
    }

    @Test
    void bothMachinesAreKeptAndNamedInEverySection() {
        Path reports = tmp.resolve("reports");
        String md = render(Fixtures.copy("machines", tmp), reports);
        // The index: summary first, method notes after it; then the machine pages and a page per stage.
        assertThat(md.indexOf("## Summary: what to use on each machine")).isLessThan(md.indexOf("## How to read this report"));
        assertThat(md.indexOf("## How to read this report")).isLessThan(md.indexOf("# Machine: "));
        assertThat(md).contains("# Across machines: transform", "# Across machines: pipeline");
        assertThat(md).contains("# Machine: AMD EPYC (`" + AMD + "`), JDK 17",
                "# Machine: Intel(R) Xeon(R) Processor (`" + INTEL + "`), JDK 17",
                "# Machine: Intel(R) Xeon(R) Processor (`" + INTEL + "`), JDK 25",
                "| transform at 2^24 (ms/op)".substring(2),
                "| variant | " + AMD + ", JDK 17 | " + INTEL + ", JDK 17 | " + INTEL + ", JDK 25 |");
        // The AMD JDK 17 run is not replaced by the newer Intel JDK 17 run.
        assertThat(md).doesNotContain("Results files not rendered");
        // Per-column winners, ties called ties.
        // one fork a side (these runs predate fork-level evidence): untested, but the candidates beyond the racing
        // margin are outraced
        assertThat(md).contains("| **winner** | vector-forkjoin (outraced: forkjoin blocked lazy-long scalar-mod, each"
                + " fastest fork beyond the racing margin of its slowest; untested (too few forks, or still drifting):");
        // Every machine's section names its machine.
        assertThat(md).contains("## Recommended configuration (" + AMD + ", JDK 17)",
                "## Beside the native yardstick (" + INTEL + ", JDK 25)", "## Run (" + INTEL + ", JDK 17)");
        // One chart per stage with the best variant of each machine; per-machine charts kept.
        Map<String, byte[]> files = Fixtures.snapshot(reports);
        assertThat(files).containsKeys("charts/machines-transform-best.svg", "charts/machines-pipeline-card-stacking-best.svg",
                "charts/" + AMD + "-jdk17.0.15-transform-time.svg", "charts/" + INTEL + "-jdk25.0.3-transform-time.svg");
        String best = Fixtures.read(reports.resolve("charts/machines-transform-best.svg"));
        // (bar labels are "<machine>: <variant>"; long ones may be shortened by the chart)
        assertThat(best).contains(">" + AMD + ", JDK 17: ", ">" + INTEL + ", JDK 17: ", ">" + INTEL + ", JDK 25: ");
    }

    @Test
    void yardstickRatiosOnlyFromTheSameMachineAndSession() {
        String md = render(Fixtures.copy("machines", tmp), tmp.resolve("reports"));
        // The pipeline: each run's own yardstick; the Intel JDK 17 run had none and is not divided.
        assertThat(md).contains("| amd-epyc-avx512, JDK 17 (dirty tree) | card-stacking n = 10M | `default [threads=2]`",
                "| 75.74 ms |", "| 1.21× |", "| 256.9 ms |", "| 2.56× |", "— (no yardstick in this run)",
                "No yardstick ran beside `" + INTEL17 + "`");
        // Stage figures: the AMD run against the AMD session's file, the Intel runs against the Intel
        // session's file (taken 15 min after the JDK 17 run, right after the JDK 25 run).
        String amd = section(md, "# Machine: AMD EPYC");
        assertThat(amd).contains("`anchors-bench-20261129T2250Z.txt`").doesNotContain("anchors-bench-20261201");
        String intel25 = section(md, "# Machine: Intel(R) Xeon(R) Processor (`" + INTEL + "`), JDK 25");
        assertThat(intel25).contains("`anchors-bench-20261201T0430Z.txt`", "| power sum, 2^24 terms, s = 10^7 |")
                .doesNotContain("anchors-bench-20261129T2250Z");
        // vector-montgomery-forkjoin median 163.8 ms against the Intel yardstick's 44.12 ms
        assertThat(intel25).containsPattern("\\| power sum, 2\\^24 terms, s = 10\\^7 \\| `vector-montgomery-forkjoin` \\|"
                + " 16[0-9] \\| 44\\.12 \\| 3\\.[0-9]{2}× \\|");
        String intel17 = section(md, "# Machine: Intel(R) Xeon(R) Processor (`" + INTEL + "`), JDK 17");
        assertThat(intel17).contains("`anchors-bench-20261201T0430Z.txt`").doesNotContain("anchors-bench-20261129T2250Z");
        // No absolute path of the machines that ran (older meta files recorded them) reaches the report.
        assertThat(md).doesNotContain("/work/", "/usr/lib/jvm");
    }

    /** The machines fixture with the Intel JDK 25 run's {@code yardstick} metadata changed by {@code edit}. */
    private Path withIntel25Yardstick(java.util.function.Consumer<ObjectNode> edit) throws Exception {
        Path results = Fixtures.copy("machines", tmp);
        Path metaFile = results.resolve(INTEL25.replace(".json", ".meta.json"));
        ObjectMapper json = new ObjectMapper();
        ObjectNode meta = (ObjectNode) json.readTree(metaFile.toFile());
        edit.accept((ObjectNode) meta.get("yardstick"));
        json.writeValue(metaFile.toFile(), meta);
        return results;
    }

    /**
     * A yardstick that also ran among the pipeline's forks: the machine page adds each configuration's
     * paired ratio (the median over forks of each fork over the yardstick beside it), and the summary and
     * the status page quote it instead of the ratio to the yardstick's two ends.
     */
    @Test
    void aYardstickRunAmongTheForksGivesPairedRatiosWhereverTheRatioIsShown() throws Exception {
        Path results = withIntel25Yardstick(y -> {
            com.fasterxml.jackson.databind.node.ArrayNode among = y.putArray("among");
            among.addObject().put("atSeconds", 0.0).put("medianMs", 90.0);
            among.addObject().put("atSeconds", 45.2).put("medianMs", 120.0);
            ObjectNode paired = y.putObject("paired");
            paired.putArray("default threads=2").add(2.4).add(2.6).add(2.5);
            paired.putArray("combine=wht threads=2").add(2.7);
        });
        Path reports = tmp.resolve("reports");
        String md = render(results, reports);
        String intel25 = section(md, "# Machine: Intel(R) Xeon(R) Processor (`" + INTEL + "`), JDK 25");
        // the level: the median of 90, 120, 98.0 and 102.96 ms (100.48)
        assertThat(intel25).contains("ran 2 times among the forks below (90–120 ms", "| paired (forks: range) |",
                "the median of all these runs, 100 ms")
                .containsPattern("\\| `default` \\| 2 \\| 256\\.9 \\| [^|]+\\| 2\\.56× \\| 2\\.50× \\(3: 2\\.40–2\\.60\\) \\|")
                .containsPattern("\\| `combine=wht` \\| 2 \\| [^|]+\\| [^|]+\\| [^|]+\\| 2\\.70× \\(1: 2\\.70–2\\.70\\) \\|")
                .containsPattern("\\| `combine=fused-vector-wht` \\| 2 \\| [^|]+\\| [^|]+\\| [^|]+\\| — \\|");
        assertThat(md).contains("| 2.50× paired (3 forks) |");
        assertThat(Fixtures.read(reports.resolve("status.md"))).contains("2.50× paired (3 forks: 2.40–2.60)");
    }

    /**
     * A yardstick whose medians before and after the run disagree by more than 15% was disturbed:
     * the machine page says so and divides by the faster of the two too, the summary and the
     * status page mark the ratio.
     */
    @Test
    void anUnsteadyYardstickIsMarkedWhereverItsRatioIsShown() throws Exception {
        // 98.0 before: 33% apart
        Path results = withIntel25Yardstick(y -> ((ObjectNode) y.get("after")).put("medianMs", 130.0));
        Path reports = tmp.resolve("reports");
        String md = render(results, reports);
        String intel25 = section(md, "# Machine: Intel(R) Xeon(R) Processor (`" + INTEL + "`), JDK 25");
        // 256.9 ms over the mean 114 ms and over the faster 98.0 ms
        assertThat(intel25).contains("**Unsteady yardstick**: its two medians differ by 33%", "| × faster yardstick |")
                .containsPattern("\\| 256\\.9 \\| [^|]+\\| 2\\.25× \\| 2\\.62× \\|");
        assertThat(md).contains("| 2.25× (**unsteady** yardstick: 98/130 ms) |");
        assertThat(Fixtures.read(reports.resolve("status.md"))).contains("2.25× (**unsteady** yardstick: 98/130 ms)");
        // a steady one (the AMD run's) gets no mark
        assertThat(section(md, "# Machine: AMD EPYC")).doesNotContain("Unsteady yardstick");
    }

    @Test
    void stageFiguresOfAnotherSessionAreNotUsedAndTheReportSaysSo() throws Exception {
        Path results = Fixtures.copy("machines", tmp);
        // The Intel figures a day later: no session of any run; the AMD figures stay the AMD run's.
        Files.move(results.resolve("anchors-bench-20261201T0430Z.txt"), results.resolve("anchors-bench-20261202T0430Z.txt"));
        String md = render(results, tmp.resolve("reports"));
        for (String jdk : new String[] {"17", "25"}) {
            assertThat(section(md, "# Machine: Intel(R) Xeon(R) Processor (`" + INTEL + "`), JDK " + jdk))
                    .contains("No stage figures of the yardstick were taken on this machine in the session")
                    .doesNotContain("anchors-bench-20261129T2250Z");
        }
        // A file that names its CPU is used only for that CPU, even within a run's time window.
        Files.writeString(results.resolve("anchors-bench-20261129T2250Z.txt"), "cpu " + INTEL + "\n"
                + Files.readString(results.resolve("anchors-bench-20261129T2250Z.txt")));
        String md2 = render(results, tmp.resolve("reports2"));
        assertThat(section(md2, "# Machine: AMD EPYC")).contains("No stage figures of the yardstick were taken");
    }

    @Test
    void oneRecommendationEntryPerCpuAndJdkKeepingOtherCpusEntries() throws Exception {
        Path reports = tmp.resolve("reports");
        Files.createDirectories(reports);
        // A previous file with an entry of a CPU not in these results, and a stale one of the AMD run.
        String other = "{\"cpu\": \"arm-i41pd40-sve\", \"jdk\": 21, \"configuration\": {\"combine\": \"wht\"},"
                + " \"evidence\": {\"resultsFile\": \"elsewhere.json\"}}";
        String stale = "{\"cpu\": \"" + AMD + "\", \"jdk\": 17, \"configuration\": {\"combine\": \"wht\","
                + " \"threads\": 1}}";
        Files.writeString(reports.resolve("recommended-config.json"),
                "{\"formatVersion\": 2, \"entries\": [" + stale + ", " + other + "]}");
        String md = render(Fixtures.copy("machines", tmp), reports);
        Recommendations rec = Recommendations.read(reports.resolve("recommended-config.json"));
        assertThat(rec.entries()).extracting(Recommendations.Entry::label).containsExactly(
                "cpu=" + AMD + ", jdk=17", "cpu=" + INTEL + ", jdk=17", "cpu=" + INTEL + ", jdk=25",
                "cpu=arm-i41pd40-sve, jdk=21");
        Recommendations.Entry amd = rec.exact(AMD, 17);
        // what the fixture's metadata records its default ran, whichever JDK renders the report
        assertThat(amd.configuration(Problem.CARD_STACKING).combine()).isEqualTo(RECORDED_DEFAULT_COMBINE);
        assertThat(amd.evidence().get("resultsFile").asText()).isEqualTo(AMD17);
        assertThat(amd.evidence().get("date").asText()).startsWith("2026-11-29T22:38");
        assertThat(amd.evidence().get("pipelineMedianMillis").get("card-stacking").asDouble()).isBetween(70.0, 80.0);
        assertThat(rec.exact(INTEL, 25).evidence().get("resultsFile").asText()).isEqualTo(INTEL25);
        // Per problem the fastest pipeline: the divisor game cannot take card-stacking's fused combine.
        assertThat(amd.configuration(Problem.DIVISOR_GAME).combine()).isNotEqualTo("fused-vector-dist-wht");
        assertThat(amd.configuration().get("combine").isObject()).isTrue();
        // Every entry runs for every problem (solve --config on that machine).
        for (Recommendations.Entry e : rec.entries().subList(0, 3)) {
            for (Problem p : Problem.values()) {
                try (dev.nimbench.pipeline.Pipeline pipeline = dev.nimbench.pipeline.Pipeline.prepare(p, 100, 5,
                        p.defaultModulus(), e.configuration(p))) {
                    assertThat(pipeline.run().answer()).as(e.label() + " " + p.id()).isNotNull();
                }
            }
        }
        // The previous AMD entry (combine=wht, 1 thread) was measured in the AMD run: the speed-up over it.
        assertThat(md).containsPattern("\\| amd-epyc-avx512, JDK 17 \\(dirty tree\\) \\| card-stacking[^\\n]*\\| [12]\\.[0-9]{2}× \\|"
                + " 1\\.21× \\|");
        // An Intel machine of another model picks the Intel entry; solve's fallback, from the rendered file.
        assertThat(rec.select(CpuKey.parse("intel-f6m207-avx512"), 25).entry().label())
                .isEqualTo("cpu=" + INTEL + ", jdk=25");
    }

    /**
     * The first screen is the newest run's machine: its recommendation per JDK, and per row what
     * changed since that machine's previous run of the JDK (the run before it at another
     * revision, named with its revision; none: "first run").
     */
    @Test
    void theFirstScreenIsTheNewestRunsMachineAndWhatChangedSinceItsPreviousRun() throws Exception {
        Path results = Fixtures.copy("machines", tmp);
        // The Intel Xeon again on JDK 17, a day later at another revision: the newest run.
        String later = "20261202T050000Z-jdk17";
        ObjectMapper json = new ObjectMapper();
        Files.copy(results.resolve(INTEL17), results.resolve(later + ".json"));
        ObjectNode meta = (ObjectNode) json.readTree(results.resolve(INTEL17.replace(".json", ".meta.json")).toFile());
        meta.put("gitRevision", "0123456789abcdef0123456789abcdef01234567");
        meta.put("timestamp", "2026-12-02T05:00:00Z").put("finished", "2026-12-02T05:15:00Z");
        json.writeValue(results.resolve(later + ".meta.json").toFile(), meta);

        Fixtures.Run run = Fixtures.report(results, tmp.resolve("reports"));
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(tmp.resolve("reports"));
        String screen = String.join("\n", md.lines().limit(60).toList());
        assertThat(screen).contains("## This machine:").contains("(`" + INTEL + "`)").contains("`" + later + ".json`");
        String section = md.substring(md.indexOf("## This machine:"), md.indexOf("## Pages"));
        assertThat(section).as("only the newest run's machine").doesNotContain(AMD)
                .contains("| JDK 17").contains("| JDK 25");
        // JDK 17: the previous run is the committed one (its revision named); JDK 25 has none.
        assertThat(section).contains("same configuration").contains("in `" + INTEL17 + "` (7a97388)")
                .contains("first run of this machine and JDK");
        // A run built from uncommitted changes says so in the summary; a clean one does not.
        assertThat(md).contains("| " + INTEL + ", JDK 25 (dirty tree) |").contains("| " + INTEL + ", JDK 17 |");
    }

    @Test
    void anOlderMetaFileTakesTheKeyOfNewerRunsOfTheSameModel() throws Exception {
        Path results = Fixtures.copy("machines", tmp);
        // A newer AMD run whose meta file has the CPU key (a copy of the committed one, a day later).
        ObjectMapper json = new ObjectMapper();
        Files.copy(results.resolve(AMD17), results.resolve("20261130T120000Z-jdk17.json"));
        ObjectNode meta = (ObjectNode) json.readTree(results.resolve(AMD17.replace(".json", ".meta.json")).toFile());
        ((ObjectNode) meta.get("cpu")).put("key", "amd-f26m2-avx512").put("vendor", "amd");
        meta.put("timestamp", "2026-11-30T12:00:00Z").put("finished", "2026-11-30T12:10:00Z");
        json.writeValue(results.resolve("20261130T120000Z-jdk17.meta.json").toFile(), meta);
        Fixtures.Run run = Fixtures.report(results, tmp.resolve("reports"));
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(tmp.resolve("reports"));
        // One AMD machine: the older file (keyed by its model name) is the same machine's older run.
        assertThat(md).contains("# Machine: AMD EPYC (`amd-f26m2-avx512`), JDK 17", "## Results files not rendered",
                "`" + AMD17 + "` (JDK 17.0.15)").doesNotContain("| amd-epyc-avx512, JDK 17");
        Fixtures.Run cmp = Fixtures.compare("--baseline", results.resolve(AMD17).toString(), "--candidate",
                results.resolve("20261130T120000Z-jdk17.json").toString(), "--out", tmp.resolve("cmp").toString());
        assertThat(cmp.out()).doesNotContain("different CPUs");
    }

    /** A newer AMD run with the CPU key and these vector flags added to the committed run's. */
    private Path withNewerAmdRun(String... addedFlags) throws Exception {
        Path results = Fixtures.copy("machines", tmp);
        ObjectMapper json = new ObjectMapper();
        Files.copy(results.resolve(AMD17), results.resolve("20261130T120000Z-jdk17.json"));
        ObjectNode meta = (ObjectNode) json.readTree(results.resolve(AMD17.replace(".json", ".meta.json")).toFile());
        ObjectNode cpu = (ObjectNode) meta.get("cpu");
        cpu.put("key", "amd-f26m2-avx512").put("vendor", "amd");
        for (String f : addedFlags) {
            ((com.fasterxml.jackson.databind.node.ArrayNode) cpu.get("vectorFlags")).add(f);
        }
        meta.put("timestamp", "2026-11-30T12:00:00Z").put("finished", "2026-11-30T12:10:00Z");
        json.writeValue(results.resolve("20261130T120000Z-jdk17.meta.json").toFile(), meta);
        return results;
    }

    @Test
    void anOlderMetaFileWhoseFlagsDifferIsAnotherMachine() throws Exception {
        // the newer runs' CPU has avx512_vp2intersect and avx_vnni, which the older recorder would have written
        Path results = withNewerAmdRun("avx512_vp2intersect", "avx_vnni", "ssse3");
        Fixtures.Run run = Fixtures.report(results, tmp.resolve("reports"));
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(tmp.resolve("reports"));
        assertThat(md).contains("# Machine: AMD EPYC (`amd-f26m2-avx512`), JDK 17", "# Machine: AMD EPYC (`" + AMD
                + "`), JDK 17").doesNotContain("## Results files not rendered");
    }

    @Test
    void flagsTheOlderRecorderDidNotWriteDoNotSeparateMachines() throws Exception {
        // ssse3 is recorded now, never was: the older file is still the same machine's older run
        Path results = withNewerAmdRun("ssse3");
        Fixtures.Run run = Fixtures.report(results, tmp.resolve("reports"));
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(tmp.resolve("reports"));
        assertThat(md).contains("# Machine: AMD EPYC (`amd-f26m2-avx512`), JDK 17", "## Results files not rendered")
                .doesNotContain("# Machine: AMD EPYC (`" + AMD + "`)");
    }

    @Test
    void compareSaysWhenTheFilesComeFromDifferentCpus() {
        Path results = Fixtures.copy("machines", tmp);
        Fixtures.Run run = Fixtures.compare("--baseline", results.resolve(AMD17).toString(), "--candidate",
                results.resolve(INTEL17).toString(), "--out", tmp.resolve("cmp").toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("warning: the two files come from different CPUs (baseline " + AMD
                + ", candidate " + INTEL + ")");
        assertThat(Fixtures.read(tmp.resolve("cmp/compare.md"))).contains("**warning: the two files come from"
                + " different CPUs");
        Fixtures.Run same = Fixtures.compare("--baseline", results.resolve(INTEL17).toString(), "--candidate",
                results.resolve(INTEL25).toString(), "--out", tmp.resolve("cmp2").toString());
        assertThat(same.out()).doesNotContain("different CPUs");
    }

    @Test
    void badCpuInMetaOrBadRecommendationFileIsOneLineExit2AndNothingWritten() throws Exception {
        ObjectMapper json = new ObjectMapper();
        for (String bad : new String[] {"amd epyc", "unknown"}) {
            Path results = Fixtures.copy("machines", tmp.resolve(bad.replace(' ', '-')));
            Path meta = results.resolve(INTEL17.replace(".json", ".meta.json"));
            ObjectNode m = (ObjectNode) json.readTree(meta.toFile());
            if (bad.equals("unknown")) {
                ((ObjectNode) m.get("cpu")).put("model", "unknown");
            } else {
                ((ObjectNode) m.get("cpu")).put("key", bad);
            }
            json.writeValue(meta.toFile(), m);
            Path reports = tmp.resolve("reports-" + bad.replace(' ', '-'));
            Fixtures.Run run = Fixtures.report(results, reports);
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.err().strip().lines()).hasSize(1);
            assertThat(run.err()).contains(meta.getFileName().toString()).contains(bad.equals("unknown")
                    ? "the CPU is unknown" : "CPU key 'amd epyc' is malformed");
            assertThat(Files.exists(reports)).isFalse();
        }
        Path reports = tmp.resolve("reports-dup");
        Files.createDirectories(reports);
        String entry = "{\"cpu\": \"" + AMD + "\", \"jdk\": 17, \"configuration\": {}}";
        String dup = "{\"formatVersion\": 2, \"entries\": [" + entry + ", " + entry + "]}";
        Files.writeString(reports.resolve("recommended-config.json"), dup);
        Fixtures.Run run = Fixtures.report(Fixtures.copy("machines", tmp.resolve("dup")), reports);
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err().strip().lines()).hasSize(1);
        assertThat(run.err()).contains("recommended-config.json", "duplicate");
        assertThat(Fixtures.snapshot(reports)).containsOnlyKeys("recommended-config.json");
        assertThat(Fixtures.read(reports.resolve("recommended-config.json"))).isEqualTo(dup);
        JsonNode unchanged = json.readTree(dup);
        assertThat(unchanged.get("entries")).hasSize(2);
    }

    /** The text of a page ({@code # } heading) or a level-2 section, up to the next heading of its level or above. */
    private static String section(String md, String heading) {
        int at = md.indexOf(heading);
        assertThat(at).as(heading).isNotNegative();
        int from = at + heading.length();
        int page = md.indexOf("\n# ", from);
        int next = heading.startsWith("# ") ? page : minPositive(md.indexOf("\n## ", from), page);
        return next < 0 ? md.substring(at) : md.substring(at, next);
    }

    private static int minPositive(int a, int b) {
        return a < 0 ? b : b < 0 ? a : Math.min(a, b);
    }

    /** The card-stacking default's combine as the fixtures' metadata records it ({@code pipelineResolved}). */
    static final String RECORDED_DEFAULT_COMBINE = "fused-vector-dist-wht-fma-reload";

    /** The card-stacking default's combine as core's defaults resolve it in this JVM (what a synthetic run records). */
    static String defaultCombine() {
        return dev.nimbench.config.ConfigurationResolver.resolve(dev.nimbench.config.Configuration.defaults(),
                Problem.CARD_STACKING, Problem.CARD_STACKING.defaultModulus()).asRun().combine();
    }
}
