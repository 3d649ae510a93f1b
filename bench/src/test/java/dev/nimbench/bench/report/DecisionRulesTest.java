package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.distribution.Problem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The recommendation's decision rules ({@link Recommender}) fed synthetic fork structures: a real
 * 5% difference, a gain whose interval reaches into the minimum effect, too few forks, a lucky
 * candidate among many, no default, pooled runs with run-level drift, and a machine 20% slower
 * throughout.
 */
class DecisionRulesTest {

    private static final double[] DEFAULT = {99, 99.5, 100, 101};

    /** A card-stacking pipeline at n = 10^7, 2 threads: one fork per value (ms), 5 flat iterations each. */
    static Measurement pipeline(String run, String variant, double... forkMillis) {
        return pipelineAt(run, variant, 2, forkMillis);
    }

    /** As {@link #pipeline(String, String, double...)} with {@code threads} threads. */
    static Measurement pipelineAt(String run, String variant, int threads, double... forkMillis) {
        double[][] forks = new double[forkMillis.length][];
        for (int i = 0; i < forks.length; i++) {
            forks[i] = new double[5];
            Arrays.fill(forks[i], forkMillis[i] * 1e-3);
        }
        Map<String, String> params = new TreeMap<>(Map.of("problem", "card-stacking", "size", "10000000",
                "threads", Integer.toString(threads), "variant", variant));
        double[] values = ForkStats.values(forks);
        double[] ci = ForkStats.interval(values);
        return new Measurement(run, "dev.nimbench.bench.PipelineBench.solve", "PipelineBench", "solve", Stages.PIPELINE,
                java.util.Collections.unmodifiableMap(params), "avgt", ForkStats.median(values), ci[0], ci[1],
                Arrays.stream(forks).flatMapToDouble(Arrays::stream).toArray(), forks, TimeScale.displayFor(1e-1),
                "17.0.15", "OpenJDK 64-Bit Server VM");
    }

    /** A run of the current harness: it records what each pipeline label ran (resolved as the harness would). */
    static ResultFile file(Measurement... ms) {
        return new ResultFile(Path.of(ms[0].file()), List.of(ms), recording(ms));
    }

    /** The metadata a harness run writes for these pipelines: {@code pipelineResolved.<problem>.<label>.<stage>}. */
    static RunMeta recording(Measurement... ms) {
        return RunMeta.of(recordingNode(ms));
    }

    /** The metadata of {@link #recording} as a tree, for a test to add to. */
    static com.fasterxml.jackson.databind.node.ObjectNode recordingNode(Measurement... ms) {
        com.fasterxml.jackson.databind.node.ObjectNode root = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        com.fasterxml.jackson.databind.node.ObjectNode resolved = root.putObject("pipelineResolved");
        for (Measurement m : ms) {
            if (!Stages.PIPELINE.equals(m.stage())) {
                continue;
            }
            Problem problem = m.problem() == null ? Problem.CARD_STACKING : Problem.fromId(m.problem());
            Fixtures.recordLabel(resolved, problem, m.variant(), Recommender.threads(m));
        }
        return root;
    }

    static double[] times(double[] x, double factor) {
        return Arrays.stream(x).map(v -> v * factor).toArray();
    }

    private static Recommender.Decision decide(ResultFile f) {
        return Recommender.decide(f, Problem.CARD_STACKING);
    }

    /** A run limited with -Djmh.isa=avx2 whose harness saw {@code harnessKey} (null: a harness that did not record it). */
    private static ResultFile isaRun(String harnessKey, Measurement... ms) {
        com.fasterxml.jackson.databind.node.ObjectNode root = recordingNode(ms);
        root.putObject("cpu").put("key", "amd-f25m17-avx512@avx2").put("isaLimit", "avx2")
                .put("label", "this CPU limited to AVX2");
        if (harnessKey != null) {
            root.put(Recommender.HARNESS_CPU_KEY, harnessKey);
        }
        return new ResultFile(Path.of(ms[0].file()), List.of(ms), RunMeta.of(root));
    }

    @Test
    void anIsaLimitedRunTrustsItsRecordedLabelsOnlyWhenItsHarnessRanUnderTheSameLimit() {
        Measurement[] ms = {pipeline("a.json", "default", DEFAULT), pipeline("a.json", "combine=wht", 120, 121, 122, 123)};
        // Harnesses before the relaunch resolved `default` on the full vector unit: not what the forks ran.
        ResultFile old = isaRun(null, ms);
        assertThat(Recommender.labelsRecorded(old)).isFalse();
        assertThat(Recommender.resolve(old, Problem.CARD_STACKING, ms[0])).isNull();
        assertThat(Recommender.decide(old, Problem.CARD_STACKING)).isNull();
        assertThat(Recommender.undecided(old, Problem.CARD_STACKING)).contains("full vector unit")
                .contains("this CPU limited to AVX2");
        // A harness that saw another key (the full vector unit) does not count either.
        ResultFile full = isaRun("amd-f26m2-avx512", ms);
        assertThat(Recommender.labelsRecorded(full)).isFalse();
        // The harness ran under the same limit as its forks: the recorded labels hold.
        ResultFile same = isaRun("amd-f25m17-avx512@avx2", ms);
        assertThat(Recommender.labelsRecorded(same)).isTrue();
        assertThat(Recommender.resolve(same, Problem.CARD_STACKING, ms[0])).isNotNull().containsKey("combine");
        assertThat(Recommender.decide(same, Problem.CARD_STACKING)).isNotNull();
    }

    @Test
    void aRealFivePercentGainWithItsWholeIntervalBeyondThreePercentReplacesTheDefault() {
        Recommender.Decision d = decide(file(pipeline("a.json", "default", DEFAULT),
                pipeline("a.json", "combine=wht", times(DEFAULT, 0.95))));
        assertThat(d.keptDefault()).isFalse();
        assertThat(d.label()).isEqualTo("combine=wht");
        assertThat(d.high()).isLessThanOrEqualTo(0.97);
        assertThat(d.adjustedP()).isLessThan(0.05);
        assertThat(d.summary()).contains("wins significantly, its whole interval at least 3% faster");
    }

    @Test
    void anEstimateBeyondThreePercentWhoseIntervalReachesWithinItIsATie() {
        // every candidate fork beats every default fork (p = 0.029), estimate 0.967, but the interval reaches 0.998
        Recommender.Decision d = decide(file(pipeline("a.json", "default", DEFAULT),
                pipeline("a.json", "combine=wht", 96, 96.5, 97, 98.8)));
        assertThat(d.ratio()).isLessThanOrEqualTo(0.97);
        assertThat(d.p()).isLessThan(0.05);
        assertThat(d.high()).isGreaterThan(0.97);
        assertThat(d.keptDefault()).isTrue();
        assertThat(d.label()).isEqualTo("default");
        assertThat(d.summary()).contains("significant but its interval reaches within 3% of the default");
    }

    @Test
    void belowTheMinimumForksPerSideNothingIsDecided() {
        // 5 against 3 forks could reach p = 0.036 < 0.05: still below the 4 forks a side the rule asks for
        Recommender.Decision d = decide(file(pipeline("a.json", "default", 99, 99.5, 100, 100.5, 101),
                pipeline("a.json", "combine=wht", 80, 81, 82)));
        assertThat(d.p()).isLessThan(0.05);
        assertThat(d.keptDefault()).isTrue();
        assertThat(d.tested()).isZero();
        assertThat(d.summary()).contains("untested, too few forks to decide (fewer than 4 a side)");
    }

    @Test
    void withoutAMeasuredDefaultThereIsNoRecommendationAndTheReportSaysSo() {
        ResultFile f = file(pipeline("a.json", "combine=wht", 50, 51, 52, 53),
                pipeline("a.json", "combine=fused-vector-wht", 90, 91, 92, 93));
        assertThat(decide(f)).isNull();
        assertThat(Recommender.undecided(f, Problem.CARD_STACKING))
                .contains("no recommendation: the default configuration has no steady-state measurement at this n");
        // with a default there is a decision, and nothing to say about its absence
        assertThat(Recommender.undecided(file(pipeline("a.json", "default", DEFAULT)), Problem.CARD_STACKING)).isNull();
    }

    @Test
    void aOneThreadDefaultNeverStandsInForTheTwoThreadDefaultShownApart() {
        // the 2-thread default's forks did not all settle (shown apart, so absent here); the 1-thread default
        // is steady but is not what the machine runs: no decision, rather than "keep the 1-thread default"
        ResultFile f = file(pipelineAt("a.json", "default", 1, 240, 241, 242, 243),
                pipelineAt("a.json", "combine=fused-vector-dist-wht-fma", 2, 100, 101, 102, 103));
        assertThat(decide(f)).isNull();
        assertThat(Recommender.undecided(f, Problem.CARD_STACKING))
                .contains("no steady-state measurement at this n with 2 thread(s), the most measured");
        // with the 2-thread default measured, it is the one kept or tested against
        Recommender.Decision d = decide(file(pipelineAt("a.json", "default", 1, 240, 241, 242, 243),
                pipelineAt("a.json", "default", 2, DEFAULT)));
        assertThat(d.label()).isEqualTo("default");
        assertThat(d.threads()).isEqualTo(2);
        assertThat(d.defaultMillis()).isBetween(99.0, 101.0);
    }

    @Test
    void aLuckyCandidateAmongManyIsNotPickedEveryCandidateIsTestedAndAdjusted() {
        // Five candidates as fast as the default, one whose 4 forks all happen to sit 4% below the default's:
        // alone it would pass (p = 0.029, interval beyond 3%); tested among six it does not (BH).
        List<Measurement> ms = new ArrayList<>();
        ms.add(pipeline("a.json", "default", DEFAULT));
        ms.add(pipeline("a.json", "combine=wht", times(DEFAULT, 0.95)));
        for (String c : List.of("fused-vector-wht", "fused-vector-dist-wht", "fused-vector-wht-masked",
                "fused-vector-dist-wht-masked", "fused-vector-wht-fma")) {
            ms.add(pipeline("a.json", "combine=" + c, 98.9, 99.7, 100.2, 101.1));
        }
        Recommender.Decision d = decide(file(ms.toArray(new Measurement[0])));
        assertThat(d.tested()).isEqualTo(6);
        assertThat(d.fastest()).startsWith("combine=wht");
        assertThat(d.p()).isLessThan(0.05);
        assertThat(d.adjustedP()).isGreaterThan(0.05);
        assertThat(d.keptDefault()).isTrue();
        assertThat(d.summary()).contains("not significant after adjustment", "6 of 6 candidate(s) tested");
        // A second candidate that is not the fastest but wins clearly is found: every one is tested.
        List<Measurement> many = new ArrayList<>();
        many.add(pipeline("a.json", "default", DEFAULT));
        for (String c : List.of("wht", "fused-vector-wht", "fused-vector-dist-wht")) {
            many.add(pipeline("a.json", "combine=" + c, times(DEFAULT, c.equals("wht") ? 0.90 : 1.3)));
        }
        Recommender.Decision clear = decide(file(many.toArray(new Measurement[0])));
        assertThat(clear.label()).isEqualTo("combine=wht");
        assertThat(clear.keptDefault()).isFalse();
    }

    @Test
    void pooledRunsAreBlocksSoRunLevelDriftIsNoEvidence() {
        // Run b ran 12% slower throughout (the machine drifted) and measured only the default. Pooled as
        // independent forks the candidate would look 5% faster; within run a, the only run with both, it is not.
        Measurement da = pipeline("a.json", "default", DEFAULT);
        Measurement db = pipeline("b.json", "default", times(DEFAULT, 1.12));
        Measurement ca = pipeline("a.json", "combine=wht", 99.2, 99.7, 100.1, 101.2);
        Measurement pooledDefault = Pooling.merge(List.of(da, db));
        assertThat(pooledDefault.forkRuns()).containsExactly("a.json", "a.json", "a.json", "a.json",
                "b.json", "b.json", "b.json", "b.json");
        double[] naive = MannWhitney.ratioInterval(pooledDefault.forkValues(), ca.forkValues(), 0.95);
        assertThat(naive[0]).isLessThan(0.97);
        Recommender.Decision d = decide(file(pooledDefault, ca));
        assertThat(d.ratio()).isBetween(0.99, 1.01);
        assertThat(d.p()).isEqualTo(MannWhitney.test(da.forkValues(), ca.forkValues()).p());
        assertThat(d.keptDefault()).isTrue();
        // Both runs measured both, the second 12% slower throughout, a real 5% gain: found within the runs,
        // with the power of 8 forks a side.
        Measurement cb = pipeline("b.json", "combine=wht", times(DEFAULT, 1.12 * 0.95));
        Measurement pooledCandidate = Pooling.merge(List.of(pipeline("a.json", "combine=wht", times(DEFAULT, 0.95)), cb));
        Recommender.Decision real = decide(file(pooledDefault, pooledCandidate));
        assertThat(real.keptDefault()).isFalse();
        assertThat(real.ratio()).isCloseTo(0.95, org.assertj.core.data.Offset.offset(0.005));
        assertThat(real.p()).isLessThan(0.001);
        // Without a real difference, the drift alone decides nothing.
        Measurement same = Pooling.merge(List.of(pipeline("a.json", "combine=wht", 99.2, 99.7, 100.1, 101.2),
                pipeline("b.json", "combine=wht", times(new double[] {99.2, 99.7, 100.1, 101.2}, 1.12))));
        Recommender.Decision none = decide(file(pooledDefault, same));
        assertThat(none.keptDefault()).isTrue();
        assertThat(none.p()).isGreaterThan(0.05);
    }

    @Test
    void aMachineTwentyPercentSlowerThroughoutDecidesTheSame() {
        Measurement[] fast = {pipeline("a.json", "default", DEFAULT),
                pipeline("a.json", "combine=wht", times(DEFAULT, 0.95)),
                pipeline("a.json", "combine=fused-vector-wht", 96, 96.5, 97, 98.8)};
        Measurement[] slow = Arrays.stream(fast).map(m -> m.scaled(1.2)).toArray(Measurement[]::new);
        Recommender.Decision a = decide(file(fast));
        Recommender.Decision b = decide(file(slow));
        assertThat(b.label()).isEqualTo(a.label()).isEqualTo("combine=wht");
        assertThat(b.ratio()).isCloseTo(a.ratio(), org.assertj.core.data.Offset.offset(1e-12));
        assertThat(b.p()).isEqualTo(a.p());
        assertThat(b.defaultMillis()).isCloseTo(1.2 * a.defaultMillis(), org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void theStratifiedTestIsExactAndOneBlockIsThePlainTest() {
        double[] x = {1, 2, 3, 4};
        double[] y = {5, 6, 7, 8};
        assertThat(MannWhitney.stratified(new double[][] {x}, new double[][] {y}).p())
                .isEqualTo(MannWhitney.test(x, y).p());
        // two blocks, each completely separated: one-sided 1/70 each, two-sided 2/70^2
        MannWhitney.Result r = MannWhitney.stratified(new double[][] {x, x}, new double[][] {y, y});
        assertThat(r.p()).isCloseTo(2.0 / 4900, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(MannWhitney.minimumP(new int[] {4, 4}, new int[] {4, 4})).isCloseTo(2.0 / 4900,
                org.assertj.core.data.Offset.offset(1e-12));
        // the interval inverts the test: it excludes 1 when the blocks agree on a shift
        double[] ratio = MannWhitney.stratifiedRatioInterval(new double[][] {x, times(x, 10)},
                new double[][] {times(x, 1.1), times(x, 11)}, 0.95);
        assertThat(ratio[0]).isCloseTo(1.1, org.assertj.core.data.Offset.offset(0.2));
        // brute force: the exact p of the summed U over every relabelling of two blocks of 3 + 3
        double[] a = {1.0, 2.5, 4.0};
        double[] b = {2.0, 3.0, 5.0};
        double[] c = {10, 30, 50};
        double[] d = {20, 40, 60};
        assertThat(MannWhitney.stratified(new double[][] {a, c}, new double[][] {b, d}).p())
                .isCloseTo(bruteForce(new double[][] {a, c}, new double[][] {b, d}), org.assertj.core.data.Offset.offset(1e-12));
    }

    /** The two-sided p of the summed U by enumerating every split of every block. */
    private static double bruteForce(double[][] x, double[][] y) {
        List<List<Double>> perBlock = new ArrayList<>();
        double observed = 0;
        double mean = 0;
        for (int b = 0; b < x.length; b++) {
            observed += u(x[b], y[b]);
            mean += x[b].length * y[b].length / 2.0;
            double[] all = new double[x[b].length + y[b].length];
            System.arraycopy(x[b], 0, all, 0, x[b].length);
            System.arraycopy(y[b], 0, all, x[b].length, y[b].length);
            List<Double> us = new ArrayList<>();
            for (int mask = 0; mask < 1 << all.length; mask++) {
                if (Integer.bitCount(mask) != x[b].length) {
                    continue;
                }
                double[] xs = new double[x[b].length];
                double[] ys = new double[y[b].length];
                int i = 0;
                int j = 0;
                for (int k = 0; k < all.length; k++) {
                    if ((mask >> k & 1) == 1) {
                        xs[i++] = all[k];
                    } else {
                        ys[j++] = all[k];
                    }
                }
                us.add(u(xs, ys));
            }
            perBlock.add(us);
        }
        double extreme = 0;
        double total = 0;
        for (double u0 : perBlock.get(0)) {
            for (double u1 : perBlock.get(1)) {
                total++;
                if (Math.abs(u0 + u1 - mean) >= Math.abs(observed - mean) - 1e-9) {
                    extreme++;
                }
            }
        }
        return extreme / total;
    }

    private static double u(double[] x, double[] y) {
        double u = 0;
        for (double a : x) {
            for (double b : y) {
                u += a > b ? 1 : a == b ? 0.5 : 0;
            }
        }
        return u;
    }

    /**
     * A run that did not record what its labels ran (files from before the harness recorded them)
     * is never relabelled with the rendering JVM's defaults: {@code default} does not resolve, so
     * there is no decision, and {@link Recommender#undecided} says why; a label that names every
     * stage it runs still resolves.
     */
    @Test
    void aRunWithoutRecordedLabelsIsNotRelabelledWithTodaysDefaults() {
        Measurement def = pipelineAt("old.json", "default", 2, 100, 101, 102, 103);
        String explicit = "distribution=tail-sum-recurrence,transform=blocked,multiplier=montgomery,power=scalar,combine=wht";
        Measurement named = pipelineAt("old.json", explicit, 2, 300, 301, 302, 303);
        ResultFile old = new ResultFile(Path.of("old.json"), List.of(def, named), RunMeta.NONE);
        assertThat(Recommender.decide(old, Problem.CARD_STACKING)).isNull();
        assertThat(Recommender.undecided(old, Problem.CARD_STACKING))
                .contains("did not record which variants its pipeline labels ran", "today's defaults", "old.json");
        assertThat(Recommender.resolve(old, Problem.CARD_STACKING, def)).isNull();
        assertThat(Recommender.resolve(old, Problem.CARD_STACKING, named))
                .containsEntry("distribution", "tail-sum-recurrence").containsEntry("transform", "blocked")
                .containsEntry("power", "scalar").containsEntry("combine", "wht");
        // the same numbers with the labels recorded: decided
        ResultFile recorded = new ResultFile(Path.of("old.json"), List.of(def, named), recording(def, named));
        assertThat(Recommender.decide(recorded, Problem.CARD_STACKING)).isNotNull();
    }
}
