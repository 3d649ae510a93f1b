package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.bench.LimitsBench;
import dev.nimbench.bench.PowerSumBench;
import dev.nimbench.bench.TransformBench;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The counting rules and the attained fractions, on the {@code basic} fixture plus a product-peak entry. */
class RooflineTest {

    private static final String BASIC = "20261129T120000Z-jdk17";

    @TempDir
    Path tmp;

    @Test
    void countingRules() {
        // s = 10^7 = 0b1001_1000_1001_0110_1000_0000: top bit 23, 8 set bits: 23 squarings + 7 products.
        assertThat(PowerSumBench.modularProducts(1, 10_000_000L)).isEqualTo(30);
        assertThat(PowerSumBench.modularProducts(4096)).isEqualTo(30L * 4096);
        // s = 1: r = x, no product; s = 2: one squaring; s = 3: one squaring and one product.
        assertThat(PowerSumBench.modularProducts(1, 1)).isZero();
        assertThat(PowerSumBench.modularProducts(1, 2)).isEqualTo(1);
        assertThat(PowerSumBench.modularProducts(1, 3)).isEqualTo(2);
        assertThat(PowerSumBench.modularProducts(5, 0)).isZero();
        assertThat(LimitsBench.modularProducts(1, LimitsBench.LEGACY_EXPONENT)).isEqualTo(61 + 62 - 1);
        assertThat(TransformBench.bytesMoved(1024)).isEqualTo(16 * 1024);
        assertThat(TransformBench.copyBytes(1024)).isEqualTo(8 * 1024);
    }

    /** The basic fixture with LimitsBench.productPeak at 16384 taking {@code peakMillis}, from before the exponent parameter. */
    private Path withPeak(double peakMillis) throws IOException {
        return withPeak(peakMillis, null);
    }

    /** The same with the row's {@code exponent} parameter (null: none, a file from before it). */
    private Path withPeak(double peakMillis, String exponent) throws IOException {
        Path results = Fixtures.copy("basic", tmp);
        Path file = results.resolve(BASIC + ".json");
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode runs = (ArrayNode) mapper.readTree(file.toFile());
        JsonNode power = null;
        for (JsonNode e : runs) {
            if (e.get("benchmark").asText().endsWith("PowerSumBench.sum")) {
                power = e;
            }
        }
        ObjectNode peak = power.deepCopy();
        peak.put("benchmark", "dev.nimbench.bench.LimitsBench.productPeak");
        ((ObjectNode) peak.get("params")).put("variant", "vector-montgomery").put("size", "16384");
        if (exponent != null) {
            ((ObjectNode) peak.get("params")).put("exponent", exponent);
        }
        ObjectNode pm = (ObjectNode) peak.get("primaryMetric");
        pm.put("score", peakMillis);
        pm.putArray("scoreConfidence").add(peakMillis * 0.99).add(peakMillis * 1.01);
        pm.putArray("rawData").addArray().add(peakMillis).add(peakMillis).add(peakMillis);
        runs.add(peak);
        mapper.writeValue(file.toFile(), runs);
        return results;
    }

    @Test
    void theCeilingCountsTheProductsOfTheExponentItRan() throws Exception {
        // s = 10^7 (30 products per entry) in 0.5 ms; a file without the parameter ran 2^62 - 1 (122 per entry)
        List<Measurement> now = ResultReader.read(withPeak(0.5, "10000000").resolve(BASIC + ".json")).measurements();
        Roofline.Stage power = Roofline.stages(now).stream().filter(s -> s.slug().equals("power")).findFirst().orElseThrow();
        assertThat(power.ceiling().get(65536L)).isCloseTo(30 * 16384 / 0.5e-3, within(1.0));
    }

    @Test
    void fractionsAgainstTheMeasuredCeilings() throws Exception {
        List<Measurement> ms = ResultReader.read(withPeak(0.5).resolve(BASIC + ".json")).measurements();
        Map<String, Roofline.Stage> stages = new java.util.LinkedHashMap<>();
        Roofline.stages(ms).forEach(s -> stages.put(s.slug(), s));
        assertThat(stages).containsOnlyKeys("transform", "power", "multiplier-independentProducts");

        // Transform at 4096: 16 P bytes in 0.0063725 ms against the copy's 8 P bytes in 0.0010296 ms.
        Roofline.Stage t = stages.get("transform");
        Measurement copy = ms.stream().filter(m -> m.method().equals("copyBaseline") && m.size() == 4096).findFirst()
                .orElseThrow();
        double copyBest = java.util.Arrays.stream(copy.samples()).min().orElseThrow();
        assertThat(Roofline.best(copy)).isEqualTo(copyBest).isLessThanOrEqualTo(copy.score());
        assertThat(t.ceiling().get(4096L)).isCloseTo(8 * 4096 / copyBest, within(1.0));
        Measurement vector = ms.stream().filter(m -> m.method().equals("transform") && m.size() == 4096
                && m.variant().equals("vector")).findFirst().orElseThrow();
        // a variant counts with its score (the median over forks)
        assertThat(t.fraction("vector", 4096)).isCloseTo(2 * copyBest / vector.score(), within(1e-9));
        // Power at 2^16: 30 P products in 0.5607 ms against 122 × 16384 in 0.5 ms.
        Roofline.Stage p = stages.get("power");
        double peak = 122 * 16384 / 0.5e-3;
        assertThat(p.ceiling().get(65536L)).isCloseTo(peak, within(1.0));
        Measurement vm = ms.stream().filter(m -> m.stage().equals(Stages.POWER) && m.size() == 65536
                && m.variant().equals("vector-montgomery")).findFirst().orElseThrow();
        assertThat(p.fraction("vector-montgomery", 65536)).isCloseTo(30 * 65536 / vm.score() / peak, within(1e-9));

        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(withPeak(0.5), reports);
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(reports);
        assertThat(md).contains("## How close to the limit (roofline)", "| ceiling: copyBaseline (read + write stream) |",
                "![power: attained products/s against the measured limit](charts/roofline-power.svg)")
                .containsPattern("\\| `vector-montgomery` \\|[^\\n]*\\| 88 % \\|\\n")
                .containsPattern("\\| `vector` \\| [^\\n]*\\| 31 % \\|")
                .doesNotContain("ceiling ran boxed")
                // The ceiling's own panel knows its kernels from the power registry.
                .contains("## limits", "| `vector-montgomery` | baseline | O(P log s) |");
        assertThat(Fixtures.snapshot(reports)).containsKeys("charts/roofline-transform.svg", "charts/roofline-power.svg",
                "charts/roofline-multiplier-independentProducts.svg");
        assertThat(Fixtures.read(reports.resolve("charts/roofline-power.svg"))).contains(">vector-montgomery<", "limit: ");
    }

    @Test
    void aVariantAboveItsCeilingIsADefectOfTheCeilingAndNoFigureShowsIt() throws Exception {
        // a peak of 122 × 16384 products in 5 ms: vector-montgomery's 30 P products at 2^16 in 0.56 ms are 8.8× that
        Path results = withPeak(5);
        List<Measurement> ms = ResultReader.read(results.resolve(BASIC + ".json")).measurements();
        Roofline.Stage power = Roofline.stages(ms).stream().filter(s -> s.slug().equals("power")).findFirst().orElseThrow();
        assertThat(power.fraction("vector-montgomery", 65536)).isGreaterThan(1);
        assertThat(Roofline.defect(power)).startsWith("`vector-montgomery` at 2^").contains("% of the ceiling");

        Path reports = tmp.resolve("reports");
        Fixtures.Run run = Fixtures.report(results, reports);
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.pages(reports);
        assertThat(md).contains("**Ceiling defect, power**: `vector-montgomery` at 2^",
                "does not bound this stage, so no fraction and no chart is shown for it.");
        assertThat(Fixtures.snapshot(reports)).doesNotContainKey("charts/roofline-power.svg")
                .containsKey("charts/roofline-transform.svg");
        // no fraction above 100 % anywhere in the report
        java.util.regex.Matcher pct = java.util.regex.Pattern.compile("\\| ([0-9.]+) % \\|").matcher(md);
        while (pct.find()) {
            assertThat(Double.parseDouble(pct.group(1))).isLessThanOrEqualTo(100);
        }
    }

    @Test
    void aCeilingBoundsOnlyWhatRanAtItsThreadCount() throws Exception {
        // the peak measured at 2 threads: the single-threaded rows of the fixture (no threads parameter) have no ceiling
        Path results = withPeak(0.5);
        Path file = results.resolve(BASIC + ".json");
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode runs = (ArrayNode) mapper.readTree(file.toFile());
        for (JsonNode e : runs) {
            if (e.get("benchmark").asText().endsWith("LimitsBench.productPeak")) {
                ((ObjectNode) e.get("params")).put("threads", "2");
            }
        }
        mapper.writeValue(file.toFile(), runs);
        List<Measurement> ms = ResultReader.read(file).measurements();
        assertThat(Roofline.stages(ms)).extracting(Roofline.Stage::slug).containsExactly("transform");
        // rows without a threads parameter ran on one thread
        assertThat(Roofline.threads(ms.stream().filter(m -> m.className().equals("MultiplierBench")).findFirst()
                .orElseThrow())).isEqualTo("1");
    }

    @Test
    void withoutAPeakThereIsNoComputeCeiling() throws Exception {
        List<Measurement> ms = ResultReader.read(Fixtures.copy("basic", tmp).resolve(BASIC + ".json")).measurements();
        assertThat(Roofline.stages(ms)).extracting(Roofline.Stage::slug).containsExactly("transform");
    }

    @Test
    void rates() {
        assertThat(Roofline.rate(31.8e9, "bytes/s")).isEqualTo("31.8 GB/s");
        assertThat(Roofline.rate(4e9, "products/s")).isEqualTo("4 G products/s");
        assertThat(Roofline.rate(950, "products/s")).isEqualTo("950 products/s");
    }
}
