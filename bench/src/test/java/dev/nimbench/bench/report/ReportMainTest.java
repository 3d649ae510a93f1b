package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nimbench.config.Configuration;
import dev.nimbench.config.ConfigurationJson;
import dev.nimbench.config.ConfigurationResolver;
import dev.nimbench.config.Recommendations;
import dev.nimbench.distribution.Problem;
import dev.nimbench.registry.Variant;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ReportMainTest {

    private static final String BASIC = "20261129T120000Z-jdk17.json";

    @TempDir
    Path tmp;

    @Test
    void rendersMarkdownHtmlChartsAndConfigFromJmhJson() {
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(Fixtures.copyAsForks("basic", tmp), reports);
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();

        Map<String, byte[]> files = Fixtures.snapshot(reports);
        assertThat(files).containsKeys("report.md", "report.html", "recommended-config.json",
                "charts/transform-time.svg", "charts/transform-speedup.svg", "charts/power-time.svg",
                "charts/multiplier-dependentChain-time.svg", "charts/multiplier-independentProducts-time.svg",
                "charts/distribution-card-stacking-time.svg", "charts/distribution-divisor-game-speedup.svg");

        String md = Fixtures.pages(reports);
        assertThat(md).contains("## transform", "![transform: time per operation against size, log-log](charts/transform-time.svg)",
                "| `scalar-mod` | baseline |", "growth exponent", "Intel(R) Xeon(R) Platinum 8375C",
                "17.0.13", "gitRevision");
        // 2^12 and up: vector is significantly fastest; 2^10: vector and blocked are a tie (same distribution).
        assertThat(md).contains("| 2^12 |").containsPattern("\\| 2\\^12 \\|.*\\| vector \\(p=0\\.0079 vs blocked\\) \\|");
        assertThat(md).containsPattern("\\| 2\\^10 \\|.*\\| tie: (vector, blocked|blocked, vector) \\(p=");
        // One fork is shown without ± and never tested: 160x slower than the winner, it is outraced, not untested.
        assertThat(md).containsPattern("\\| 16 \\|[^\\n]*\\| 0\\.04305 \\| [^\\n]*; outraced: brute-force\\) \\|");
        // complexity from the registry beside the measured exponent, fitted over the top sizes
        assertThat(md).containsPattern("\\| `per-k-tail-sums` \\|  \\| O\\(n\\^2\\) \\| \\d\\.\\d\\d \\(\\d sizes")
                .contains("| `omega-sieve` |  | O(n log log n) |", "95% intervals over forks");

        String html = Fixtures.read(reports.resolve("report.html"));
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg viewBox=").doesNotContain("<img")
                .doesNotContain("<?xml").doesNotContain("<!DOCTYPE svg").contains("<td class=\"r\">");
    }

    @Test
    void chartsHaveRealTextAndAreSmall() {
        Path reports = tmp.resolve("reports");
        assertThat(Fixtures.report(Fixtures.copy("basic", tmp), reports).status()).isZero();
        for (Map.Entry<String, byte[]> e : Fixtures.snapshot(reports).entrySet()) {
            if (!e.getKey().endsWith(".svg")) {
                continue;
            }
            String svg = new String(e.getValue(), StandardCharsets.UTF_8);
            assertThat(e.getValue().length).as(e.getKey()).isLessThan(80_000);
            assertThat(svg).as(e.getKey()).startsWith("<svg ").contains("xmlns=\"http://www.w3.org/2000/svg\"");
            long texts = svg.split("<text", -1).length - 1L;
            assertThat(texts).as(e.getKey()).isGreaterThanOrEqualTo(8);
            // Glyph outlines are long paths of quadratic curves; the chart's own shapes have neither.
            assertThat(svg).as(e.getKey()).doesNotContainPattern("<path d=\"[^\"]* Q-?[0-9]")
                    .doesNotContainPattern("<path d=\"[^\"]{1500,}\"");
        }
        String time = Fixtures.read(reports.resolve("charts/transform-time.svg"));
        assertThat(time).contains(">scalar-mod<", ">vector<", ">copyBaseline<", "time per operation (ms, log scale)",
                "points P (log scale)", "2\u00b9\u2074"); // 2^14 tick label as text
        String speed = Fixtures.read(reports.resolve("charts/transform-speedup.svg"));
        assertThat(speed).contains("speed-up vs scalar-mod").doesNotContain(">copyBaseline<");
    }

    @Test
    void sameInputGivesSameBytes() {
        Path results = Fixtures.copy("basic", tmp);
        assertThat(Fixtures.report(results, tmp.resolve("a")).status()).isZero();
        assertThat(Fixtures.report(results, tmp.resolve("b")).status()).isZero();
        Map<String, byte[]> a = Fixtures.snapshot(tmp.resolve("a"));
        Map<String, byte[]> b = Fixtures.snapshot(tmp.resolve("b"));
        assertThat(b.keySet()).isEqualTo(a.keySet());
        a.forEach((name, bytes) -> assertThat(b.get(name)).as(name).isEqualTo(bytes));
    }

    @Test
    void recommendedConfigHasTheSolveFormatAndTheEvidence() throws Exception {
        Path reports = tmp.resolve("reports");
        assertThat(Fixtures.report(Fixtures.copyAsForks("basic", tmp), reports).status()).isZero();
        JsonNode c = Fixtures.singleEntry(reports);
        Set<String> allowed = Set.of("distribution", "transform", "multiplier", "power", "combine", "threads", "evidence");
        c.fieldNames().forEachRemaining(k -> assertThat(allowed).contains(k));
        assertThat(c.get("evidence").get("source").asText()).isEqualTo(BASIC);
        assertThat(c.get("evidence").get("rule").asText()).contains("no pipeline was measured", "3%");
        // No pipeline in the fixture: a stage key is written only where the winner beats the stage's
        // default significantly and by 3%. The default runs transform and power fused (no stage of
        // their own), montgomery is the default multiplier and fastest, omega-sieve the default and
        // fastest divisor-game distribution, and the default card-stacking distribution
        // (vector-tail-sum-recurrence) was not measured: nothing replaces a default.
        assertThat(c.has("transform")).isFalse();
        assertThat(c.has("power")).isFalse();
        assertThat(c.has("multiplier")).isFalse();
        assertThat(c.has("distribution")).isFalse();
        assertThat(c.has("combine")).isFalse();
        assertThat(c.has("threads")).isFalse();
        // The stage winners are still in the evidence, with the fork-level test against the runner-up.
        JsonNode tr = c.get("evidence").get("transform");
        assertThat(tr.get("variant").asText()).isEqualTo("vector");
        assertThat(tr.get("size").asLong()).isEqualTo(1 << 18);
        assertThat(tr.get("file").asText()).isEqualTo(BASIC);
        assertThat(tr.get("replacesDefault").asBoolean()).isFalse();
        assertThat(tr.get("summary").asText()).contains("does not run this stage on its own");
        JsonNode cs = c.get("evidence").get("distribution").get("card-stacking");
        assertThat(cs.get("variant").asText()).isEqualTo("tau-recurrence");
        assertThat(cs.get("summary").asText()).contains("was not measured at this size: left to the default");
        assertThat(c.get("evidence").get("distribution").get("divisor-game").get("summary").asText())
                .contains("the default omega-sieve is the fastest");
        assertThat(c.get("evidence").get("multiplier").get("methods").has("dependentChain")).isTrue();

        // solve --config reads it: every key missing means the default
        Configuration parsed = dev.nimbench.config.Recommendations.read(reports.resolve("recommended-config.json"))
                .entries().get(0).configuration(Problem.CARD_STACKING);
        assertThat(parsed.transform()).isNull();
        assertThat(ConfigurationResolver.resolve(parsed, Problem.CARD_STACKING, Problem.CARD_STACKING.defaultModulus()))
                .isNotNull();
    }

    @Test
    void newestFilePerCpuAndJdkAndAJdkComparison() throws Exception {
        Path reports = tmp.resolve("reports");
        Path results = Fixtures.copy("jdks", tmp);
        // The older JDK 17 run is of the same machine and revision: its forks are pooled with the newer one's.
        Files.copy(results.resolve("20261129T100000Z-jdk17.meta.json"), results.resolve("20261128T090000Z-jdk17.meta.json"));
        Fixtures.Run run = Fixtures.report(results, reports);
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("from 3 results file(s)", "newest per CPU key and JDK");
        String key = dev.nimbench.platform.CpuIdentity.fromLegacy("Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz",
                Set.of("avx512f"), 2).key();
        String md = Fixtures.pages(reports);
        assertThat(md).contains("# Machine: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz (`" + key + "`), JDK 17",
                "# Machine: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz (`" + key + "`), JDK 25",
                "## JDK 25.0.1 / JDK 17.0.13 (" + key + ")",
                "2 runs of revision 4bd331c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6 pooled (their forks together):"
                        + " `20261128T090000Z-jdk17.json`, `20261129T100000Z-jdk17.json`.");
        assertThat(md.indexOf("JDK 17\n")).isLessThan(md.indexOf("JDK 25\n"));
        assertThat(Fixtures.snapshot(reports)).containsKeys("charts/jdk17.0.13-transform-time.svg",
                "charts/jdk25.0.1-transform-time.svg");
        JsonNode file = new ObjectMapper().readTree(reports.resolve("recommended-config.json").toFile());
        assertThat(file.get("formatVersion").asInt()).isEqualTo(2);
        assertThat(file.get("entries")).hasSize(2);
        assertThat(file.get("entries").get(0).get("cpu").asText()).isEqualTo(key);
        assertThat(file.get("entries").get(0).get("jdk").asInt()).isEqualTo(17);
        assertThat(file.get("entries").get(0).get("evidence").get("resultsFile").asText())
                .isEqualTo("20261129T100000Z-jdk17.json");
        assertThat(file.get("entries").get(1).get("jdk").asInt()).isEqualTo(25);

        // A run without its meta file is a machine of its own ("not recorded"), with no recommendation entry.
        Files.delete(results.resolve("20261129T110000Z-jdk25.meta.json"));
        Path reports2 = tmp.resolve("reports2");
        assertThat(Fixtures.report(results, reports2).status()).isZero();
        String md2 = Fixtures.pages(reports2);
        assertThat(md2).contains("# Machine: machine not recorded (no meta file), JDK 25",
                "| meta file | missing (`20261129T110000Z-jdk25.meta.json`) |", "not written to `recommended-config.json`");
        assertThat(new ObjectMapper().readTree(reports2.resolve("recommended-config.json").toFile()).get("entries"))
                .hasSize(1);
    }

    @Test
    void singleSizePanelsGetABarChartAndPipelineThreadsDecideTheThreadCount() throws Exception {
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(Fixtures.copy("single", tmp), reports);
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(Fixtures.snapshot(reports).keySet()).containsExactlyInAnyOrder("report.md", "report.html",
                "recommended-config.json", "status.md", "machine-intel-xeon-platinum-8375c-2-90ghz-avx512-jdk17.md", "stage-multiplier.md", "stage-pipeline.md",
                "charts/multiplier-time.svg",
                "charts/pipeline-card-stacking-time.svg", "charts/pipeline-divisor-game-time.svg");
        String bars = Fixtures.read(reports.resolve("charts/pipeline-card-stacking-time.svg"));
        assertThat(bars).contains(">default [threads=2]<", ">transform=scalar-mod [threads=1]<");
        String md = Fixtures.pages(reports);
        // the pipeline baseline is the solver's default configuration; one fork a side cannot be significant
        assertThat(md).contains("| `default [threads=1]` | baseline | configuration |",
                "default [threads=2] (outraced: power=scalar [threads=1] transform=scalar-mod [threads=1]");
        JsonNode c = Fixtures.singleEntry(reports);
        // Each problem decides alone; the default at 2 threads is the fastest for both: kept.
        for (String problem : List.of("card-stacking", "divisor-game")) {
            JsonNode d = c.get("evidence").get("pipeline").get(problem);
            assertThat(d.get("label").asText()).isEqualTo("default");
            assertThat(d.get("threads").asInt()).isEqualTo(2);
            assertThat(d.get("keptDefault").asBoolean()).isTrue();
            assertThat(d.get("summary").asText()).contains("the default is the fastest configuration measured");
        }
        assertThat(c.get("threads").asInt()).isEqualTo(2);
        // The defaults as they ran (the fixture's recorded pipelineResolved), per problem: solve --config
        // reads each problem's entry back to them, whichever JDK renders the report.
        ResultFile fixture = ResultReader.read(tmp.resolve("single").resolve("20261129T140000Z-jdk17.json"));
        for (Problem p : Problem.values()) {
            Configuration parsed = dev.nimbench.config.Recommendations.read(reports.resolve("recommended-config.json"))
                    .entries().get(0).configuration(p);
            Measurement ranDefault = fixture.measurements().stream().filter(m -> Stages.PIPELINE.equals(m.stage())
                    && p.id().equals(m.problem()) && "default".equals(m.variant())).findFirst().orElseThrow();
            assertThat(Recommender.stagesOf(ConfigurationResolver.resolve(parsed, p, p.defaultModulus()).asRun(), p))
                    .isEqualTo(Recommender.resolve(fixture, p, ranDefault));
        }
        assertThat(c.get("distribution").get("card-stacking").asText()).isEqualTo("vector-tail-sum-recurrence-fma");
        assertThat(c.get("distribution").get("divisor-game").asText()).isEqualTo("omega-sieve");
        assertThat(md).contains("from the pipeline decisions above (each problem its own) |",
                "| multiplier benchmark | (default) | evidence only (the pipelines decide): ");
    }

    @Test
    void aSmallSignificantGainIsATieAndEachProblemDecidesAlone() throws Exception {
        Path results = tmp.resolve("results");
        Synthetic s = new Synthetic(5);
        Map<String, String> cs = Map.of("problem", "card-stacking", "size", "10000000");
        Map<String, String> dg = Map.of("problem", "divisor-game", "size", "10000000");
        // card stacking: combine=wht 2% faster than the default, significant across 5 forks, but under 3%
        s.add("PipelineBench.solve", with(cs, "default", "2"), s.forks(75, 5, 0.002, 0.002, 1));
        s.add("PipelineBench.solve", with(cs, "combine=wht", "2"), s.forks(73.5, 5, 0.002, 0.002, 1));
        // divisor game: repeated squaring 20% faster at 2 threads, significant: it replaces the default there only
        s.add("PipelineBench.solve", with(dg, "default", "2"), s.forks(52, 5, 0.01, 0.002, 1));
        s.add("PipelineBench.solve", with(dg, "combine=repeated-squaring", "2"), s.forks(42, 5, 0.01, 0.002, 1));
        s.write(results, "20261201T000000Z-jdk17", "abc", 2);
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(results, reports);
        assertThat(run.status()).as(run.err()).isZero();
        JsonNode c = Fixtures.singleEntry(reports);
        // The machine's cores, so that solve applies the entry's threads only on a machine with as many.
        assertThat(c.get("evidence").get("logicalCores").asInt()).isEqualTo(2);
        JsonNode csEv = c.get("evidence").get("pipeline").get("card-stacking");
        assertThat(csEv.get("keptDefault").asBoolean()).isTrue();
        assertThat(csEv.get("pValue").asDouble()).isLessThan(0.05);
        assertThat(csEv.get("summary").asText()).contains("significant but its interval reaches within 3%", "tie, the default is kept");
        JsonNode dgEv = c.get("evidence").get("pipeline").get("divisor-game");
        assertThat(dgEv.get("keptDefault").asBoolean()).isFalse();
        assertThat(dgEv.get("label").asText()).isEqualTo("combine=repeated-squaring");
        // The divisor game's choice does not leak into card stacking's stages.
        assertThat(c.get("combine").get("divisor-game").asText()).isEqualTo("repeated-squaring");
        assertThat(c.get("combine").get("card-stacking").asText()).isEqualTo(MachinesReportTest.defaultCombine());
        // (core reads per-problem stage objects in configuration files)
    }

    private static Map<String, String> with(Map<String, String> base, String label, String threads) {
        Map<String, String> m = new java.util.HashMap<>(base);
        m.put("variant", label);
        m.put("threads", threads);
        return m;
    }

    @Test
    void stagesAreComparedWithTheYardsticksOwnStageFigures() throws Exception {
        Path results = Fixtures.copy("basic", tmp);
        editEntries(results.resolve("20261129T120000Z-jdk17.json"), b -> {
            // the fixture's largest transform and power size becomes the yardstick's 2^24
            String bench = b.get("benchmark").asText();
            if ((bench.contains("TransformBench") || bench.contains("PowerSumBench"))
                    && b.get("params").get("size").asText().equals("65536")) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) b.get("params")).put("size", "16777216");
            }
        });
        java.nio.file.Files.writeString(results.resolve("anchors-bench-20261129T1230Z.txt"), String.join("\n",
                "== Stage 1: distribution, N=10000000 ==",
                "  dist v2 (AVX-512 tables+binomials) 1T              median    40.00 ms (min 39.5, cpu 40.0) bg 0.00",
                "  dist v2 (AVX-512 tables+binomials) 2T              median    20.00 ms (min 19.5, cpu 40.0) bg 0.00",
                "  (i-c) u32 AVX-512 2-pass, mod per butterfly 2T     median     0.10 ms (min 0.09, cpu 0.2) bg 0.00",
                "  pow AVX-512 Montgomery 8 chains 2T                 median     0.50 ms (min 0.49, cpu 1.0) bg 0.00",
                "  a line that is not a measurement"));
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(results, reports);
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(reports);
        // medians of the fixture's samples: tau-recurrence 30.258 ms; vector transform 0.1409 ms with a
        // 0.0162 ms copy; vector-montgomery 0.5573 ms
        assertThat(md).contains("Stages beside the native yardstick", "`anchors-bench-20261129T1230Z.txt`",
                "| distribution, card-stacking n = 10^7 | `tau-recurrence` | 30.3 | 20.00 | 1.51× |",
                "| transform, P = 2^24 | `vector` | 0.141 (0.125 without the input copy) | 0.10 | 1.41× (1.25×) |",
                "| power sum, 2^24 terms, s = 10^7 | `vector-montgomery` | 0.557 | 0.50 | 1.11× |");
        // A yardstick median far above its own minimum (disturbed while it ran) is marked, and the
        // ratio against the minimum stands beside the ratio; steady stages are not marked.
        java.nio.file.Files.writeString(results.resolve("anchors-bench-20261129T1230Z.txt"), String.join("\n",
                "  dist v2 (AVX-512 tables+binomials) 2T              median    20.00 ms (min    15.00, cpu 40.0) bg 0.11",
                "  (i-c) u32 AVX-512 2-pass, mod per butterfly 2T     median     0.10 ms (min 0.09, cpu 0.2) bg 0.00",
                "  pow AVX-512 Montgomery 8 chains 2T                 median     0.50 ms (min 0.49, cpu 1.0) bg 0.00"));
        Path reports4 = tmp.resolve("reports4");
        assertThat(Fixtures.report(results, reports4).status()).isZero();
        assertThat(Fixtures.pages(reports4)).contains(
                "| distribution, card-stacking n = 10^7 | `tau-recurrence` | 30.3 | 20.00 (**unsteady**: minimum 15.00, ×1.33) | 1.51×; 2.02× against its minimum |",
                "| transform, P = 2^24 | `vector` | 0.141 (0.125 without the input copy) | 0.10 | 1.41× (1.25×) |",
                "more than 15% above its own minimum");
        // Of two files in the session the one taken nearest to the run counts (the run ended 12:00:41):
        // 12:50 loses to 12:30, 12:01 wins over both.
        String later = String.join("\n",
                "  dist v2 (AVX-512 tables+binomials) 2T              median    20.00 ms (min 19.5, cpu 40.0) bg 0.00",
                "  (i-c) u32 AVX-512 2-pass, mod per butterfly 2T     median     0.20 ms (min 0.19, cpu 0.4) bg 0.00",
                "  pow AVX-512 Montgomery 8 chains 2T                 median     0.50 ms (min 0.49, cpu 1.0) bg 0.00");
        java.nio.file.Files.writeString(results.resolve("anchors-bench-20261129T1250Z.txt"), later);
        Path reports5 = tmp.resolve("reports5");
        assertThat(Fixtures.report(results, reports5).status()).isZero();
        assertThat(Fixtures.pages(reports5)).contains("`anchors-bench-20261129T1230Z.txt`",
                "| transform, P = 2^24 | `vector` | 0.141 (0.125 without the input copy) | 0.10 | 1.41× (1.25×) |");
        java.nio.file.Files.writeString(results.resolve("anchors-bench-20261129T1201Z.txt"), later);
        Path reports6 = tmp.resolve("reports6");
        assertThat(Fixtures.report(results, reports6).status()).isZero();
        assertThat(Fixtures.pages(reports6)).contains("`anchors-bench-20261129T1201Z.txt`",
                "| transform, P = 2^24 | `vector` | 0.141 (0.125 without the input copy) | 0.20 | 0.70× (0.62×) |");
        java.nio.file.Files.delete(results.resolve("anchors-bench-20261129T1201Z.txt"));
        java.nio.file.Files.delete(results.resolve("anchors-bench-20261129T1250Z.txt"));
        // Figures from another session (a day later) are not used, and the report says so.
        java.nio.file.Files.move(results.resolve("anchors-bench-20261129T1230Z.txt"),
                results.resolve("anchors-bench-20261130T1230Z.txt"));
        Path reports3 = tmp.resolve("reports3");
        assertThat(Fixtures.report(results, reports3).status()).isZero();
        assertThat(Fixtures.pages(reports3)).contains("No stage figures of the yardstick were taken"
                + " on this machine in the session").doesNotContain("× yardstick |");
        // Without the figures (no file, or a file without the known labels) there is no section.
        java.nio.file.Files.writeString(results.resolve("anchors-bench-20261130T1230Z.txt"), "nothing here\n");
        Path reports2 = tmp.resolve("reports2");
        Fixtures.Run run2 = Fixtures.report(results, reports2);
        assertThat(run2.status()).as(run2.err()).isZero();
        assertThat(Fixtures.pages(reports2)).doesNotContain("Stages beside the native yardstick");
    }

    @Test
    void pipelineAtTheTargetIsComparedWithTheYardstickOfTheSameRun() throws Exception {
        Path results = Fixtures.copy("single", tmp);
        Path meta = results.resolve("20261129T140000Z-jdk17.meta.json");
        ObjectMapper mapper = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode m = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(meta.toFile());
        com.fasterxml.jackson.databind.node.ObjectNode y = m.putObject("yardstick");
        y.put("command", "/x/anchors/run warm 2");
        y.putObject("before").put("medianMs", 500.0);
        y.putObject("after").put("medianMs", 600.0);
        mapper.writeValue(meta.toFile(), m);
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(results, reports);
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(reports);
        // default at 2 threads: samples 1189.48, 1137.28, 1148.11 ms -> median 1148.11; yardstick mean 550 ms
        assertThat(md).contains("## Beside the native yardstick", "`…/anchors/run warm 2`", "mean, 550 ms",
                "| `default` | 2 | 1148 |", "| 2.09× |");
        assertThat(md.indexOf("| `default` | 2 |")).isLessThan(md.indexOf("| `default` | 1 |"));
        // 3 forks: no interval over forks (it needs 6), said in words, never "NaN"
        assertThat(md).contains("| 1148 | — (under 6 forks) |").doesNotContain("NaN");
    }

    @Test
    void rendersARealJmhRunIncludingANegativeConfidenceBound() throws Exception {
        // Written by JMH 1.37 itself (TransformBench, 2 variants, 2 sizes, 5 iterations of 100 ms on a
        // busy machine): copyBaseline runs once per variant, and a noisy entry's 99.9% interval
        // starts below zero.
        Path results = Fixtures.copy("real", tmp);
        assertThat(Fixtures.read(results.resolve("20261129T175000Z-jdk17.json"))).contains("\"scoreConfidence\" : [\n"
                + "                -5.856415714269609E-4,");
        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(results, reports);
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(reports);
        assertThat(md).contains("| `scalar-mod` | baseline | O(P log P) |", "| `blocked` |  | O(P log P) |",
                "| `copyBaseline` | reference | — |", "| meta file | missing");
        assertThat(Fixtures.read(reports.resolve("charts/transform-time.svg"))).contains(">copyBaseline<");
    }

    @Test
    void failuresRecordedInTheMetaFileAreShown() throws Exception {
        Path results = Fixtures.copy("basic", tmp);
        Path meta = results.resolve(BASIC.replace(".json", ".meta.json"));
        Files.writeString(meta, Files.readString(meta).replace("\"wrong\": []",
                "\"wrong\": [\"TransformBench vector size=1024: result differs from the reference\"]"));
        Path reports = tmp.resolve("reports");
        assertThat(Fixtures.report(results, reports).status()).isZero();
        assertThat(Fixtures.pages(reports))
                .contains("* **wrong**: TransformBench vector size=1024: result differs from the reference");
        assertThat(Fixtures.read(reports.resolve("report.html")))
                .contains("<li><strong>wrong</strong>: TransformBench vector size=1024");
    }

    @Test
    void staleChartsOfAnEarlierRenderAreRemoved() throws Exception {
        Path reports = tmp.resolve("reports");
        Files.createDirectories(reports.resolve("charts"));
        Files.writeString(reports.resolve("charts/gone-time.svg"), "<svg/>");
        Files.writeString(reports.resolve("notes.txt"), "kept");
        assertThat(Fixtures.report(Fixtures.copy("basic", tmp), reports).status()).isZero();
        assertThat(reports.resolve("charts/gone-time.svg")).doesNotExist();
        assertThat(reports.resolve("notes.txt")).hasContent("kept");
    }

    /** Ways a results folder can be unusable. */
    enum Bad {
        MALFORMED_JSON("20261130T000000Z-jdk17.json", "malformed or truncated JSON"),
        TRUNCATED_JSON("20261130T000000Z-jdk17.json", "malformed or truncated JSON"),
        SAMPLE_MODE("20261130T000000Z-jdk17.json", "mode 'sample' is not supported"),
        UNKNOWN_MODE("20261130T000000Z-jdk17.json", "unsupported JMH mode 'weird'"),
        UNIT_NOT_MODE("20261130T000000Z-jdk17.json", "does not fit mode 'thrpt'"),
        EMPTY_ARRAY("20261130T000000Z-jdk17.json", "contains no benchmark results"),
        NOT_AN_ARRAY("20261130T000000Z-jdk17.json", "expected a JSON array"),
        EMPTY_FILE("20261130T000000Z-jdk17.json", "JSON"),
        MISSING_SCORE("20261130T000000Z-jdk17.json", "missing field 'score'"),
        BAD_META(BASIC.replace(".json", ".meta.json"), "malformed or truncated JSON"),
        EMPTY_DIR("results", "no JMH results files"),
        MISSING_DIR("results", "does not exist");

        final String file;
        final String problem;

        Bad(String file, String problem) {
            this.file = file;
            this.problem = problem;
        }
    }

    private static void breakResults(Bad bad, Path results) throws Exception {
        String valid = Files.readString(results.resolve(BASIC));
        Path f = results.resolve(bad.file);
        String firstMode = "\"mode\": \"avgt\"";
        switch (bad) {
            case MALFORMED_JSON -> Files.writeString(f, "[ { \"benchmark\": \"x.Y.z\", ]");
            case TRUNCATED_JSON -> Files.writeString(f, valid.substring(0, valid.length() / 2));
            case SAMPLE_MODE -> Files.writeString(f, valid.replaceFirst(firstMode, "\"mode\": \"sample\""));
            case UNKNOWN_MODE -> Files.writeString(f, valid.replaceFirst(firstMode, "\"mode\": \"weird\""));
            case UNIT_NOT_MODE -> Files.writeString(f, valid.replaceFirst(firstMode, "\"mode\": \"thrpt\""));
            case EMPTY_ARRAY -> Files.writeString(f, "[]\n");
            case NOT_AN_ARRAY -> Files.writeString(f, "{\"benchmark\": \"a.B.c\"}");
            case EMPTY_FILE -> Files.writeString(f, "");
            case MISSING_SCORE -> Files.writeString(f, valid.replaceFirst("\"score\": ", "\"scor\": "));
            case BAD_META -> Files.writeString(f, "{\"timestamp\": \"2026-");
            case EMPTY_DIR -> {
                try (Stream<Path> s = Files.list(results)) {
                    for (Path p : s.toList()) {
                        Files.delete(p);
                    }
                }
            }
            case MISSING_DIR -> {
                try (Stream<Path> s = Files.walk(results)) {
                    for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            default -> throw new IllegalStateException(bad.name());
        }
    }

    @ParameterizedTest
    @EnumSource(Bad.class)
    void badInputIsOneLineExit2AndLeavesReportsUntouched(Bad bad) throws Exception {
        Path results = tmp.resolve("results");
        Files.createDirectories(results);
        for (Path p : List.of(BASIC, BASIC.replace(".json", ".meta.json")).stream().map(Path::of).toList()) {
            Files.copy(Fixtures.copy("basic", tmp).resolve(p), results.resolve(p));
        }
        Path reports = tmp.resolve("reports");
        assertThat(Fixtures.report(results, reports).status()).isZero(); // an earlier good render
        Files.writeString(reports.resolve("notes.txt"), "kept");
        Map<String, byte[]> before = Fixtures.snapshot(reports);

        breakResults(bad, results);
        Fixtures.Run run = Fixtures.report(results, reports);

        assertThat(run.status()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        String err = run.err();
        assertThat(err).endsWith(System.lineSeparator());
        assertThat(err.strip()).doesNotContain("\n").startsWith("error: ").contains(bad.file).contains(bad.problem);
        Map<String, byte[]> after = Fixtures.snapshot(reports);
        assertThat(after.keySet()).isEqualTo(before.keySet());
        before.forEach((name, bytes) -> assertThat(after.get(name)).as(name).isEqualTo(bytes));
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(".tmp-"));
        }
    }

    @Test
    void unknownOptionIsBadInput() {
        Fixtures.Run run = Fixtures.compare("--nope", "x");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("unknown option --nope");
        Fixtures.Run r2 = Fixtures.report(tmp.resolve("missing"), tmp.resolve("reports"));
        assertThat(r2.status()).isEqualTo(2);
        assertThat(tmp.resolve("reports")).doesNotExist();
    }

    /** Rewrites a fixture's JMH result file after {@code edit} has changed each benchmark entry in place. */
    private static void editEntries(Path file, java.util.function.Consumer<JsonNode> edit) throws java.io.IOException {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode runs = mapper.readTree(file.toFile());
        runs.forEach(edit);
        mapper.writeValue(file.toFile(), runs);
    }
}
