package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultReaderTest {

    @TempDir
    Path tmp;

    private static Measurement find(ResultFile f, String method, String variant, String size) {
        return f.measurements().stream()
                .filter(m -> m.method().equals(method) && variant.equals(m.variant()) && size.equals(m.params().get("size")))
                .findFirst().orElseThrow();
    }

    @Test
    void readsJmhJsonNormalisedToSecondsPerOp() throws Exception {
        List<ResultFile> files = ResultReader.readDir(Fixtures.copy("basic", tmp));
        assertThat(files).hasSize(1);
        ResultFile f = files.get(0);
        assertThat(f.jdkVersion()).isEqualTo("17.0.13");
        assertThat(f.meta().first("cpu.model")).startsWith("Intel(R) Xeon(R)");
        assertThat(f.meta().cores()).isEqualTo(2);

        Measurement t = find(f, "transform", "scalar-mod", "1024");
        assertThat(t.stage()).isEqualTo(Stages.TRANSFORM);
        assertThat(t.className()).isEqualTo("TransformBench");
        assertThat(t.unit()).isEqualTo(TimeScale.MILLISECONDS);
        assertThat(t.size()).isEqualTo(1024);
        assertThat(t.samples()).hasSize(5);
        assertThat(Stats.mean(t.samples())).isCloseTo(0.0112708408122425e-3, within(1e-15)); // JMH's score, ms -> s
        // Forks are the unit: one fork of 5 iterations; the score is its median, no interval over one JVM.
        assertThat(t.forkCount()).isEqualTo(1);
        assertThat(t.forks()[0]).containsExactly(t.samples());
        assertThat(t.score()).isEqualTo(ForkStats.median(t.samples()));
        assertThat(t.ciLow()).isNaN();

        Measurement mul = find(f, "dependentChain", "plain", "4096");
        assertThat(mul.stage()).isEqualTo(Stages.MULTIPLIER);
        assertThat(mul.unit()).isEqualTo(TimeScale.NANOSECONDS);
        assertThat(mul.score()).isBetween(1e-5, 1e-4); // ~25 us per batch of 4096

        Measurement single = find(f, "histogram", "brute-force", "16"); // scoreError "NaN"
        assertThat(single.problem()).isEqualTo("card-stacking");
        assertThat(single.samples()).hasSize(1);
        assertThat(single.ciLow()).isNaN();
        assertThat(single.error()).isNaN();
    }

    @Test
    void throughputIsConvertedToTimePerOperation() throws Exception {
        ResultFile f = ResultReader.readDir(Fixtures.copy("thrpt", tmp)).get(0);
        Measurement m = find(f, "dependentChain", "plain", "4096");
        assertThat(m.mode()).isEqualTo("thrpt");
        // fixture: about 6 ns per element * 4096 elements = ~24.6 us per op
        assertThat(m.score()).isBetween(20e-6, 30e-6);
        assertThat(m.score()).isEqualTo(ForkStats.median(m.samples()));
        for (double s : m.samples()) {
            assertThat(s).isBetween(20e-6, 30e-6);
        }
    }

    @Test
    void forksAreKeptApartAndGiveTheScoreAndItsInterval() throws Exception {
        Synthetic s = new Synthetic(3);
        s.add("TransformBench.transform", java.util.Map.of("variant", "vector", "size", "1024"),
                new double[][] {{10, 11, 12}, {20, 21, 22}, {30, 31, 90}});
        Measurement m = ResultReader.read(s.write(tmp, "x", "abc", 2)).measurements().get(0);
        assertThat(m.forkCount()).isEqualTo(3);
        assertThat(m.forkValues()).containsExactly(11e-3, 21e-3, 31e-3);
        assertThat(m.score()).isCloseTo(21e-3, within(1e-15));
        // 3 forks: even [min, max] covers the median with only 75%, so there is no 95% interval
        assertThat(m.error()).isNaN();
    }

    @Test
    void theIntervalOfTheMedianIsTheOrderStatisticsThatCoverNinetyFivePercent() {
        // 8 forks: [x(2), x(7)] covers 93% only, so [min, max] (99.2%)
        assertThat(ForkStats.interval(new double[] {5, 1, 8, 3, 2, 7, 4, 6})).containsExactly(1, 8);
        // 10 forks: [x(2), x(9)] covers 97.9%, [x(3), x(8)] 89%
        assertThat(ForkStats.interval(new double[] {10, 9, 8, 7, 6, 5, 4, 3, 2, 1})).containsExactly(2, 9);
        // 2 forks ("1175 ± 13000 ms" as a t-interval): none
        assertThat(ForkStats.interval(new double[] {1100, 1250})).containsExactly(Double.NaN, Double.NaN);
        assertThat(ForkStats.orderStatistic(5)).isZero();
        assertThat(ForkStats.orderStatistic(6)).isEqualTo(1);
    }

    @Test
    void newestFileSortsLastIncludingSameSecondSuffix() {
        List<Path> names = new java.util.ArrayList<>(List.of(Path.of("20261129T120000Z-jdk17-2.json"),
                Path.of("20261129T120000Z-jdk17.json"), Path.of("20261128T235959Z-jdk25.json"),
                Path.of("20261129T120000Z-jdk17-10.json")));
        names.sort(ResultReader::byTime);
        assertThat(names).extracting(Path::toString).containsExactly("20261128T235959Z-jdk25.json",
                "20261129T120000Z-jdk17.json", "20261129T120000Z-jdk17-2.json", "20261129T120000Z-jdk17-10.json");
    }

    @Test
    void metaFilesAndTempFilesAreNotResults() {
        assertThat(ResultReader.isResultFile("a.json")).isTrue();
        assertThat(ResultReader.isResultFile("a.meta.json")).isFalse();
        assertThat(ResultReader.isResultFile(".a.json.123.tmp")).isFalse();
        assertThat(ResultReader.isResultFile(".a.json")).isFalse();
        assertThat(ResultReader.metaPathOf(Path.of("r/x-jdk17.json"))).isEqualTo(Path.of("r/x-jdk17.meta.json"));
    }

    @Test
    void errorsNameTheFile() {
        Path missing = tmp.resolve("nope");
        assertThatThrownBy(() -> ResultReader.readDir(missing)).isInstanceOf(BadInputException.class)
                .hasMessageContaining(missing.toString()).hasMessageContaining("does not exist");
    }
}
