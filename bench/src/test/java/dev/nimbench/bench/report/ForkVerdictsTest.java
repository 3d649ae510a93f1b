package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The statistics fed synthetic fork structures: an A/A pair must stay quiet, a real 5% difference
 * must be found, an outlier fork is flagged and does not create a verdict, one fork a side is
 * untested.
 */
class ForkVerdictsTest {

    @TempDir
    Path tmp;

    private static Measurement read(Path file, int index) throws BadInputException {
        return ResultReader.read(file).measurements().get(index);
    }

    /** 40 benchmarks measured twice from the same distributions (5 forks, 2% between forks). */
    private List<Path> aaPair(long seed, int forks) {
        Synthetic a = new Synthetic(seed);
        Synthetic b = new Synthetic(seed + 1000);
        for (int i = 0; i < 40; i++) {
            Map<String, String> params = Map.of("variant", "v" + i, "size", "1024", "threads", "2");
            double ms = 10 + i;
            a.add("TransformBench.transform", params, a.forks(ms, forks, 0.02, 0.005, 1));
            b.add("TransformBench.transform", params, b.forks(ms, forks, 0.02, 0.005, 1));
        }
        return List.of(a.write(tmp.resolve("a" + seed), "20261201T000000Z-jdk17", "abc", 2),
                b.write(tmp.resolve("b" + seed), "20261201T010000Z-jdk17", "abc", 2));
    }

    @Test
    void anAaPairStaysQuietAfterTheMultipleComparisonCorrection() throws Exception {
        int significantRows = 0;
        int regressions = 0;
        int rows = 0;
        for (long seed = 1; seed <= 10; seed++) {
            List<Path> pair = aaPair(seed, 5);
            Comparison c = Comparison.of(ResultReader.read(pair.get(0)).measurements(),
                    ResultReader.read(pair.get(1)).measurements());
            rows += c.rows().size();
            assertThat(c.testableRows()).isEqualTo(40);
            significantRows += (int) c.rows().stream().filter(Comparison.Row::significant).count();
            regressions += c.regressions(5).size();
        }
        // 400 A/A rows: Benjamini-Hochberg keeps the family-wise false alarms near 5% per comparison.
        assertThat(rows).isEqualTo(400);
        assertThat(significantRows).isLessThanOrEqualTo(2);
        assertThat(regressions).isZero();
    }

    @Test
    void aRealFivePercentDifferenceIsDetectedWithItsInterval() throws Exception {
        Synthetic a = new Synthetic(7);
        Synthetic b = new Synthetic(8);
        Map<String, String> params = Map.of("variant", "blocked", "size", "16777216", "threads", "2");
        a.add("TransformBench.transform", params, a.forks(100, 5, 0.01, 0.005, 1));
        b.add("TransformBench.transform", params, b.forks(105, 5, 0.01, 0.005, 1));
        Comparison c = Comparison.of(List.of(read(a.write(tmp.resolve("a"), "a", "abc", 2), 0)),
                List.of(read(b.write(tmp.resolve("b"), "b", "abc", 2), 0)));
        Comparison.Row r = c.rows().get(0);
        assertThat(r.testable()).isTrue();
        assertThat(r.test().p()).isCloseTo(2.0 / 252, within(1e-12)); // 5 forks fully separated
        assertThat(r.significant()).isTrue();
        assertThat(r.regression(3)).isTrue();
        assertThat(r.ratio()).isBetween(1.03, 1.07);
        assertThat(r.low()).isGreaterThan(1.0).isLessThan(1.05);
        assertThat(r.high()).isGreaterThan(1.05);
    }

    @Test
    void anOutlierForkIsFlaggedAndCreatesNoVerdict() throws Exception {
        Synthetic a = new Synthetic(11);
        Synthetic b = new Synthetic(12);
        Map<String, String> params = Map.of("variant", "vector", "size", "16777216", "threads", "2");
        // A boxed-vector process: the last fork of the baseline is 3.5x slower.
        a.add("TransformBench.transform", params, a.forks(40, 5, 0.01, 0.005, 3.5));
        b.add("TransformBench.transform", params, b.forks(40, 5, 0.01, 0.005, 1));
        Measurement ma = ResultReader.read(a.write(tmp.resolve("a"), "a", "abc", 2)).measurements().get(0);
        Measurement mb = ResultReader.read(b.write(tmp.resolve("b"), "b", "abc", 2)).measurements().get(0);
        assertThat(ForkStats.outliers(ma.forkValues())).containsExactly(4);
        assertThat(ForkStats.outliers(mb.forkValues())).isEmpty();
        assertThat(ForkStats.warnings(ma, TimeScale.MILLISECONDS)).singleElement().asString()
                .startsWith("fork 5 of 5: outlier, ").contains("against a median of");
        // The score is the median of the fork values: the outlier does not move it.
        assertThat(ma.score() / mb.score()).isBetween(0.97, 1.03);
        Comparison c = Comparison.of(List.of(ma), List.of(mb));
        assertThat(c.rows().get(0).significant()).isFalse();
        assertThat(c.regressions(5)).isEmpty();
    }

    @Test
    void aDriftingForkIsFlagged() {
        assertThat(ForkStats.drift(new double[] {120, 110, 104, 100, 97})).isLessThan(-0.05);
        assertThat(ForkStats.drift(new double[] {91.4, 89.2, 80.5, 82.7, 95.0})).isZero(); // noise, no trend
        assertThat(ForkStats.drift(new double[] {100, 100.5, 101, 101.5, 102})).isZero(); // a trend under 5%
        assertThat(ForkStats.drift(new double[] {100, 120, 140})).isZero(); // too few iterations to tell
    }

    @Test
    void forksStillWarmingUpDecideNothing() throws Exception {
        // The quick profile's short warm-up, seen in a real pooled run: the default's forks fall from
        // ~20 ms to ~1.5 ms over their iterations. A faster-looking rival must not replace it.
        Synthetic s = new Synthetic(51);
        Map<String, String> cs = Map.of("problem", "card-stacking", "size", "100000");
        double[][] warming = new double[4][];
        for (int f = 0; f < 4; f++) {
            warming[f] = new double[] {21 + f, 12, 6, 3, 1.5 + 0.1 * f};
        }
        Map<String, String> dflt = new java.util.HashMap<>(cs);
        dflt.put("variant", "default");
        dflt.put("threads", "2");
        Map<String, String> wht = new java.util.HashMap<>(cs);
        wht.put("variant", "combine=wht");
        wht.put("threads", "1");
        s.add("PipelineBench.solve", dflt, warming);
        s.add("PipelineBench.solve", wht, s.forks(1.0, 4, 0.01, 0.005, 1));
        ResultFile read = ResultReader.read(s.write(tmp, "x", "abc", 2));
        ResultFile file = new ResultFile(read.path(), read.measurements(),
                DecisionRulesTest.recording(read.measurements().toArray(new Measurement[0])));
        assertThat(ForkStats.steady(file.measurements().get(0))).isFalse();
        assertThat(ForkStats.steady(file.measurements().get(1))).isTrue();
        Recommender.Decision d = Recommender.decide(file, dev.nimbench.distribution.Problem.CARD_STACKING);
        assertThat(d.keptDefault()).isTrue();
        assertThat(d.summary()).contains("forks still drifting", "the default is kept");
        assertThat(ForkStats.warnings(file.measurements().get(0), TimeScale.MILLISECONDS)).hasSize(4)
                .allMatch(w -> w.contains("still drifting") && w.contains("warm-up too short?"));
    }

    @Test
    void oneForkASideIsUntestedNeverAVerdict() throws Exception {
        Synthetic a = new Synthetic(21);
        Synthetic b = new Synthetic(22);
        Map<String, String> params = Map.of("variant", "blocked", "size", "1024", "threads", "2");
        a.add("TransformBench.transform", params, a.forks(10, 1, 0.0, 0.001, 1));
        b.add("TransformBench.transform", params, b.forks(20, 1, 0.0, 0.001, 1)); // 2x slower, but one JVM each
        Comparison c = Comparison.of(ResultReader.read(a.write(tmp.resolve("a"), "a", "abc", 2)).measurements(),
                ResultReader.read(b.write(tmp.resolve("b"), "b", "abc", 2)).measurements());
        Comparison.Row r = c.rows().get(0);
        assertThat(r.testable()).isFalse();
        assertThat(r.significant()).isFalse();
        assertThat(r.low()).isNaN();
        assertThat(Comparison.tableRows(c.rows(), 5).get(0)).contains("untested (too few forks)");
    }

    @Test
    void aCandidateOutracedAfterOneForkIsBeatenNotUntested() throws Exception {
        Synthetic s = new Synthetic(51);
        s.add("PowerSumBench.sum", Map.of("variant", "vector-fma-reload-forkjoin", "size", "1024", "threads", "2"),
                s.forks(100, 4, 0.05, 0.01, 1));
        s.add("PowerSumBench.sum", Map.of("variant", "vector-fma-forkjoin", "size", "1024", "threads", "2"),
                s.forks(130, 4, 0.05, 0.01, 1));
        s.add("PowerSumBench.sum", Map.of("variant", "vector-montgomery", "size", "1024", "threads", "2"),
                s.forks(1000, 1, 0.05, 0.01, 1)); // one fork, then raced out
        List<Panel> panels = Panel.of(ResultReader.read(s.write(tmp, "x", "abc", 2)).measurements());
        Verdict v = panels.get(0).verdict(1024);
        assertThat(v.outraced()).extracting(Series::variant).containsExactly("vector-montgomery");
        assertThat(v.untested()).isEmpty();
        assertThat(v.tied()).extracting(Series::variant).containsExactly("vector-fma-reload-forkjoin");
        assertThat(v.describe()).contains("vs vector-fma-forkjoin", "outraced: vector-montgomery")
                .doesNotContain("untested");
    }

    @Test
    void aParameterWithOneValueDoesNotNameTheLines() throws Exception {
        Synthetic s = new Synthetic(41);
        s.add("TransformBench.transform", Map.of("variant", "vector", "size", "1024", "threads", "2"), s.forks(1, 2, 0.01, 0.01, 1));
        s.add("TransformBench.transform", Map.of("variant", "blocked", "size", "1024", "threads", "2"), s.forks(2, 2, 0.01, 0.01, 1));
        s.add("PipelineBench.solve", Map.of("problem", "divisor-game", "variant", "default", "size", "100", "threads", "1"),
                s.forks(2, 2, 0.01, 0.01, 1));
        s.add("PipelineBench.solve", Map.of("problem", "divisor-game", "variant", "default", "size", "100", "threads", "2"),
                s.forks(1, 2, 0.01, 0.01, 1));
        List<Panel> panels = Panel.of(ResultReader.read(s.write(tmp, "x", "abc", 2)).measurements());
        assertThat(panels.get(0).series()).extracting(Series::label).containsExactly("blocked", "vector");
        assertThat(panels.get(1).series()).extracting(Series::label)
                .containsExactlyInAnyOrder("default [threads=1]", "default [threads=2]");
    }

    @Test
    void repeatedRunsOfOneRevisionArePooledNotNewestWins() throws Exception {
        List<Path> pair = aaPair(31, 2);
        List<ResultFile> files = new ArrayList<>();
        files.add(ResultReader.read(pair.get(0)));
        files.add(ResultReader.read(pair.get(1)));
        ResultFile pooled = Pooling.pool(files);
        assertThat(pooled.pooled()).hasSize(2);
        assertThat(pooled.measurements()).hasSize(40).allSatisfy(m -> assertThat(m.forkCount()).isEqualTo(4));
        // A file of another revision is not pooled.
        Synthetic other = new Synthetic(33);
        other.add("TransformBench.transform", Map.of("variant", "v0", "size", "1024", "threads", "2"),
                other.forks(10, 2, 0.02, 0.005, 1));
        files.add(ResultReader.read(other.write(tmp.resolve("c"), "20261201T020000Z-jdk17", "def", 2)));
        assertThat(Pooling.pool(files).pooled()).hasSize(1);
    }
}
