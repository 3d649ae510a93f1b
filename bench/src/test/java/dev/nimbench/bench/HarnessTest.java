package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.JitGuard;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BenchMain's options, plan bookkeeping and file writing, without running JMH. */
class HarnessTest {

    @TempDir
    Path dir;

    @Test
    void sizesAcceptPowersAndExponents() {
        assertThat(BenchOptions.sizes("1024, 2^20,1e7,10^3,1_000")).containsExactly(1024L, 1L << 20, 10_000_000L, 1000L, 1000L);
        assertThatThrownBy(() -> BenchOptions.sizes("0")).hasMessageContaining("'0'").hasMessageContaining("valid");
        assertThatThrownBy(() -> BenchOptions.sizes("2^40")).hasMessageContaining("2^40");
        assertThatThrownBy(() -> BenchOptions.sizes("abc")).hasMessageContaining("abc");
    }

    @Test
    void badOptionsNameTheValue() {
        assertThatThrownBy(() -> BenchOptions.parse("--forks", "0")).hasMessageContaining("--forks = 0");
        assertThatThrownBy(() -> BenchOptions.parse("--profile", "slow")).hasMessageContaining("'slow'");
        assertThatThrownBy(() -> BenchOptions.parse("--include", "(")).hasMessageContaining("'('");
        assertThatThrownBy(() -> BenchOptions.parse("--bogus", "1")).hasMessageContaining("--bogus");
        assertThatThrownBy(() -> BenchOptions.parse("--iterations")).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> BenchOptions.parse("--threads", "40000")).hasMessageContaining("'40000'")
                .hasMessageContaining("1 <= threads <= 1024");
        assertThatThrownBy(() -> BenchOptions.parse("--prof", "gc,no-such-profiler")).hasMessageContaining("'no-such-profiler'")
                .hasMessageContaining("valid").hasMessageNotContaining("\n");
        assertThat(BenchOptions.parse("--prof", "gc, stack").profilers).containsExactly("gc", "stack");
    }

    @Test
    void filterThatMatchesNothingExitsTwoAndWritesNothing() throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = BenchMain.run(new String[] {"--include", "NoSuchBench", "--results", dir.toString()},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(rc).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("no benchmark matches include 'NoSuchBench'");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void variantFilterThatMatchesNoTransformPlansNoCopyBaselineEither() throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = BenchMain.run(new String[] {"--include", "TransformBench", "--variants", "no-such-variant",
                "--results", dir.toString()},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(rc).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("no benchmark matches")
                .contains("variants 'no-such-variant'");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
        BenchPlan selected = BenchPlan.make(BenchOptions.parse("--include", "TransformBench", "--variants", "^blocked$"),
                new PrintStream(new ByteArrayOutputStream()));
        // The largest size (where decisions are made) first, with the decision forks; then the curves'
        // sizes below it, one group per size with one fork, the size next to the largest first (Budget).
        assertThat(selected.groups).extracting(g -> g.methods().get(0) + " x" + g.forks() + " " + g.params().get("size"))
                .containsExactly("transform x" + BenchSettings.DECISION_FORKS + " [16777216]", "copyBaseline x2 [16777216]",
                        "transform x1 [1048576]", "copyBaseline x1 [1048576]", "transform x1 [65536]",
                        "copyBaseline x1 [65536]");
        assertThat(selected.groups.get(0).params().get("threads")).containsExactly(Integer.toString(BenchSupport.threads()));
        assertThat(selected.references.get(HarnessReference.TRANSFORM)).containsKey(Integer.toString(1 << 24));
    }

    @Test
    void everyPlannedParameterIsAParamOfItsBenchmark() throws Exception {
        // JMH ignores a parameter its benchmark does not declare, and the harness then finds no score
        // for the planned key: every planned name must be an @Param field.
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
        BenchPlan plan = BenchPlan.make(BenchOptions.parse("--include", "PowerSum|LimitsBench|TransformBench|MultiplierBench",
                "--sizes", "4096"), quiet);
        assertThat(plan.groups).isNotEmpty();
        for (RunGroup g : plan.groups) {
            Class<?> bench = Class.forName(RunGroup.PACKAGE + "." + g.benchmarkClass());
            for (String name : g.params().keySet()) {
                assertThat(bench.getField(name).isAnnotationPresent(org.openjdk.jmh.annotations.Param.class))
                        .as(g.benchmarkClass() + "." + name).isTrue();
            }
        }
    }

    @Test
    void theProductCeilingIsPlannedWithThePowerStage() {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
        BenchPlan power = BenchPlan.make(BenchOptions.parse("--include", "PowerSum", "--variants", "^scalar$"), quiet);
        // the power sum at its decision size, then the ceilings, then the power sum's curves (Budget)
        assertThat(power.groups).extracting(RunGroup::benchmarkClass).startsWith("PowerSumBench", "LimitsBench")
                .endsWith("PowerSumBench").containsOnly("PowerSumBench", "LimitsBench");
        List<RunGroup> peaks = power.groups.stream().filter(g -> g.benchmarkClass().equals("LimitsBench")).toList();
        RunGroup peak = peaks.get(0);
        assertThat(peak.methods()).containsExactly("productPeak");
        assertThat(peak.params().get("size")).containsExactly(Integer.toString(LimitsBench.PEAK_SIZE));
        assertThat(peak.params().get("variant")).isNotEmpty().allMatch(id -> dev.nimbench.power.PowerVariant.valueOf(
                id.toUpperCase().replace('-', '_')).isAvailable());
        assertThat(peak.params().get("threads")).containsExactly(Integer.toString(power.threads()));
        if (power.threads() > 1) {
            // the ForkJoin variants also at the power stage's largest size, at the same threads: there they scale
            RunGroup large = peaks.get(1);
            assertThat(large.params().get("size")).containsExactly(Integer.toString(1 << 24));
            assertThat(large.params().get("variant")).isNotEmpty().allMatch(id -> id.contains("forkjoin"));
            assertThat(large.params().get("threads")).containsExactly(Integer.toString(power.threads()));
        }
        assertThat(peaks).hasSizeLessThanOrEqualTo(2);
        // with the multiplier measured, its single-threaded ceiling too
        BenchPlan both = BenchPlan.make(BenchOptions.parse("--include", "PowerSum|MultiplierBench.independent",
                "--variants", "^(scalar|plain)$"), quiet);
        if (both.threads() > 1) {
            assertThat(both.groups).filteredOn(g -> g.benchmarkClass().equals("LimitsBench"))
                    .anySatisfy(g -> assertThat(g.params().get("threads")).containsExactly("1"));
        }
        assertThat(BenchPlan.make(BenchOptions.parse("--include", "LimitsBench"), quiet).groups)
                .extracting(RunGroup::benchmarkClass).containsExactly("LimitsBench");
        assertThat(BenchPlan.make(BenchOptions.parse("--include", "Transform"), quiet).groups)
                .extracting(RunGroup::benchmarkClass).doesNotContain("LimitsBench");
    }

    @Test
    void sizesAreValidatedOnlyForTheSelectedStages() {
        BenchPlan plan = BenchPlan.make(BenchOptions.parse("--include", "MultiplierBench", "--sizes", "1000"),
                new PrintStream(new ByteArrayOutputStream()));
        assertThat(plan.groups).allMatch(g -> g.benchmarkClass().equals("MultiplierBench"));
        // The user's sizes in any order: the largest is where decisions are made.
        BenchPlan two = BenchPlan.make(BenchOptions.parse("--include", "MultiplierBench", "--sizes", "4096,1000"),
                new PrintStream(new ByteArrayOutputStream()));
        assertThat(two.groups).extracting(g -> g.params().get("size") + " x" + g.forks())
                .containsExactly("[4096] x" + BenchSettings.DECISION_FORKS, "[1000] x1");
        assertThatThrownBy(() -> BenchPlan.make(BenchOptions.parse("--include", "Transform", "--sizes", "1000"),
                new PrintStream(new ByteArrayOutputStream()))).hasMessageContaining("1000").hasMessageContaining("powers of two");
    }

    @Test
    void annotationsMeasureWhatThePlannerPassesAtDecisionSizes() {
        Profile p = Profile.DEFAULT;
        for (Class<?> c : List.of(TransformBench.class, PowerSumBench.class, DistributionBench.class, MultiplierBench.class,
                PipelineBench.class)) {
            Profile.Iterations it = c == PipelineBench.class ? p.pipelineIterations : p.decisionIterations;
            org.openjdk.jmh.annotations.Warmup w = c.getAnnotation(org.openjdk.jmh.annotations.Warmup.class);
            org.openjdk.jmh.annotations.Measurement m = c.getAnnotation(org.openjdk.jmh.annotations.Measurement.class);
            assertThat(w.iterations()).as(c.getSimpleName()).isEqualTo(it.warmup());
            assertThat(w.time()).as(c.getSimpleName()).isEqualTo(it.warmupMillis());
            assertThat(m.iterations()).as(c.getSimpleName()).isEqualTo(it.measurement());
            assertThat(m.time()).as(c.getSimpleName()).isEqualTo(it.measurementMillis());
            assertThat(c.getAnnotation(org.openjdk.jmh.annotations.Fork.class).value()).as(c.getSimpleName())
                    .isEqualTo(p.decisionForks);
        }
        // After the steady-state warm-up (Settle): one JMH warm-up iteration for every call (without
        // it the first measured iteration counts the set-up's allocation); a slow call (one per
        // iteration) gets 3 measurements instead of 5, a fast one keeps the profile's.
        assertThat(p.pipelineIterations.warmup()).isEqualTo(1);
        assertThat(p.pipelineIterations.forCall(120)).isEqualTo(p.pipelineIterations);
        assertThat(p.decisionIterations.forCall(20)).isEqualTo(p.decisionIterations);
        assertThat(p.pipelineIterations.forCall(1600)).isEqualTo(new Profile.Iterations(1, 100, 3, 100));
        assertThat(p.decisionIterations.forCall(Profile.SLOW_OP_MILLIS).measurement()).isEqualTo(Profile.SLOW_MEASUREMENTS);
        assertThat(p.decisionForks(50)).isEqualTo(BenchSettings.DECISION_FORKS);
        assertThat(p.decisionForks(900)).isEqualTo(2);
        // relative to the reference, so a loaded machine (every call slower alike) keeps the plan
        assertThat(p.decisionForks(144, 140)).isEqualTo(BenchSettings.DECISION_FORKS);
        assertThat(p.decisionForks(3 * 144, 3 * 140)).isEqualTo(BenchSettings.DECISION_FORKS);
        assertThat(p.decisionForks(1630, 140)).isEqualTo(2);
    }

    @Test
    void groupKnowsItsRunsAndRegex() {
        RunGroup g = new RunGroup("MultiplierBench", List.of("pow", "independentProducts"),
                Map.of("variant", List.of("a", "b"), "size", List.of("8")), Profile.QUICK.decisionIterations, 2, 0);
        assertThat(g.combinations()).isEqualTo(4);
        assertThat(g.expectedKeys()).hasSize(4).contains("dev.nimbench.bench.MultiplierBench.pow{variant=a, size=8}");
        assertThat("dev.nimbench.bench.MultiplierBench.pow").matches(g.includeRegex());
        assertThat("dev.nimbench.bench.MultiplierBench.powX").doesNotMatch(g.includeRegex());
    }

    @Test
    void runsWithoutAResultAreListedAsFailed() {
        RunGroup g = new RunGroup("TransformBench", List.of("transform"),
                Map.of("variant", List.of("a"), "size", List.of("8", "16")), Profile.QUICK.otherIterations, 1, 0);
        assertThat(BenchMain.missing(g, List.of())).containsExactly(
                "dev.nimbench.bench.TransformBench.transform{variant=a, size=8}",
                "dev.nimbench.bench.TransformBench.transform{variant=a, size=16}");
    }

    @Test
    void pipelineLabelsOverrideTheDefault() {
        assertThat(PipelineLabels.parse("default", Problem.CARD_STACKING, 1).threads()).isEqualTo(1);
        assertThat(PipelineLabels.parse("transform=blocked,power=scalar", Problem.DIVISOR_GAME, 2))
                .satisfies(c -> {
                    assertThat(c.threads()).isEqualTo(2);
                    assertThat(c.power()).isEqualTo("scalar");
                    assertThat(c.transform()).isEqualTo("blocked");
                    assertThat(c.multiplier()).isNull();
                });
        assertThat(PipelineLabels.parse("distribution=brute-force", Problem.DIVISOR_GAME, 1).distributionFor(Problem.DIVISOR_GAME))
                .isEqualTo("brute-force");
        assertThatThrownBy(() -> PipelineLabels.parse("fast", Problem.CARD_STACKING, 1)).hasMessageContaining("'fast'");
        assertThatThrownBy(() -> PipelineLabels.parse("gpu=x", Problem.CARD_STACKING, 1)).hasMessageContaining("'gpu'");
    }

    @Test
    void aConfigurationsLabelParsesBackToIt() {
        for (String label : List.of("default", "distribution=tail-sum-recurrence,combine=wht,transform=autovec,power=autovec-montgomery",
                "combine=wht,transform=blocked,multiplier=barrett,power=scalar")) {
            assertThat(PipelineLabels.label(PipelineLabels.parse(label, Problem.CARD_STACKING, 1), Problem.CARD_STACKING))
                    .isEqualTo(label);
        }
        for (Problem p : Problem.values()) {
            assertThat(PipelineLabels.parse(ColdStartPlan.oneShotLabel(p), p, 1))
                    .isEqualTo(dev.nimbench.config.Defaults.oneShot(p));
        }
    }

    @Test
    void referenceDigestsRoundTrip() {
        String value = DistributionReference.format(Map.of("card-stacking@100", -5L, "divisor-game@1000", 42L));
        assertThat(DistributionReference.fromProperty(value, Problem.CARD_STACKING, 100)).isEqualTo(OptionalLong.of(-5L));
        assertThat(DistributionReference.fromProperty(value, Problem.DIVISOR_GAME, 1000)).isEqualTo(OptionalLong.of(42L));
        assertThat(DistributionReference.fromProperty(value, Problem.DIVISOR_GAME, 100)).isEmpty();
    }

    @Test
    void resultFilesAreNeverOverwritten() throws IOException {
        Instant t = Instant.parse("2026-11-29T17:30:00Z");
        String base = ResultFiles.freeBaseName(dir, t, 17);
        assertThat(base).isEqualTo("20261129T173000Z-jdk17");
        ResultFiles.writeNew(dir.resolve(base + ".json"), o -> o.write("[]".getBytes(StandardCharsets.UTF_8)));
        assertThatThrownBy(() -> ResultFiles.writeNew(dir.resolve(base + ".json"), o -> o.write('x')))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readString(dir.resolve(base + ".json"))).isEqualTo("[]");
        assertThat(ResultFiles.freeBaseName(dir, t, 17)).isEqualTo("20261129T173000Z-jdk17-2");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).hasSize(1); // no temporary file left behind
        }
    }

    @Test
    void failedWriteLeavesNothing() {
        Path target = dir.resolve("x.json");
        assertThatThrownBy(() -> ResultFiles.writeNew(target, o -> {
            o.write('[');
            throw new IOException("disk full");
        })).hasMessage("disk full");
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void vectorFlagsAreFiltered() {
        assertThat(RunMetadata.vectorFlags("fpu sse4_2 avx2 avx512f fma pni")).containsExactly("avx2", "avx512f", "fma", "sse4_2");
    }

    @Test
    void resultFilesAreReadableByEveryone() throws IOException {
        Path f = dir.resolve("r.json");
        ResultFiles.writeNew(f, o -> o.write("[]".getBytes(StandardCharsets.UTF_8)));
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(f)))
                .isEqualTo("rw-r--r--");
    }

    @Test
    void absolutePathsBecomeRelativeToTheRepositoryAndTheJdkIsNamed() {
        RelativePaths paths = new RelativePaths(Path.of("/home/me/nimbench"), "/usr/lib/jvm/temurin-25",
                "<jdk Eclipse Adoptium 25.0.3+9-LTS>");
        assertThat(paths.scrub("mvn -pl bench jmh:run -Djmh.jvm=/usr/lib/jvm/temurin-25 -Djmh.yardstick=/home/me/shared/anchors/run"))
                .isEqualTo("mvn -pl bench jmh:run -Djmh.jvm=<jdk Eclipse Adoptium 25.0.3+9-LTS> -Djmh.yardstick=../shared/anchors/run");
        assertThat(paths.scrub(List.of("/usr/lib/jvm/temurin-25/bin/java", "--results", "/home/me/nimbench/results",
                "--root", "/home/me/nimbench", "-XX:UseAVX=2", "ms/op"))).containsExactly(
                "<jdk Eclipse Adoptium 25.0.3+9-LTS>/bin/java", "--results", "results", "--root", ".", "-XX:UseAVX=2",
                "ms/op");
        assertThat(paths.scrub("\"jvm\" : \"/usr/lib/jvm/temurin-25/bin/java\",")).isEqualTo(
                "\"jvm\" : \"<jdk Eclipse Adoptium 25.0.3+9-LTS>/bin/java\",");
        assertThat(paths.scrub("/home/me/nimbench/../shared/anchors/run warm 2")).isEqualTo("../shared/anchors/run warm 2");
        // nested metadata (the cold-start process timer's commands)
        assertThat(paths.scrubAll(Map.of("commands", List.of(Map.of("command", "/home/me/nimbench/bin/nimbench solve",
                "rounds", 5))))).isEqualTo(Map.of("commands", List.of(Map.of("command", "bin/nimbench solve", "rounds", 5))));
    }

    @Test
    void isaLimitsTheForksAndAnUnknownOneIsOneLine() {
        BenchOptions o = BenchOptions.parse("--isa", "avx2");
        assertThat(o.isa).isEqualTo(dev.nimbench.platform.IsaLimit.AVX2);
        assertThat(o.cpu().key()).endsWith("@avx2");
        assertThat(BenchMain.jmhOptions(new RunGroup("TransformBench", List.of("transform"),
                Map.of("variant", List.of("blocked"), "size", List.of("1024")), Profile.QUICK.otherIterations, 1, 0), o,
                BenchPlan.make(BenchOptions.parse("--include", "NoSuchBench"), new PrintStream(new ByteArrayOutputStream())))
                .build().getJvmArgsAppend().get()).contains("-XX:UseAVX=2")
                .as("every fork gets the JIT guard (no kernel compiled boxed)").containsAll(JitGuard.OPTIONS);
        assertThatThrownBy(() -> BenchOptions.parse("--isa", "avx1024"))
                .hasMessage("--isa (-Djmh.isa) 'avx1024' is not known; valid: avx2, sse, 128");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = BenchMain.run(new String[] {"--isa", "neon", "--results", dir.toString()},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(rc).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).strip().lines()).hasSize(1);
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void quickProfileRunsOneForkPerConfigurationAndNoBaselineSwaps() {
        BenchPlan plan = BenchPlan.make(BenchOptions.parse("--profile", "quick", "--include", "PipelineBench|PowerSum"),
                new PrintStream(new ByteArrayOutputStream()));
        assertThat(plan.groups).isNotEmpty().allSatisfy(g -> assertThat(g.forks()).as(g.toString()).isEqualTo(1));
        List<RunGroup> pipelines = plan.groups.stream().filter(g -> g.benchmarkClass().equals("PipelineBench")).toList();
        // at one thread only the default (its thread speed-up); every combine at two
        assertThat(pipelines).filteredOn(g -> g.params().get("threads").equals(List.of("1")))
                .extracting(g -> g.params().get("variant")).containsOnly(List.of(PipelineLabels.DEFAULT)).hasSize(2);
        assertThat(pipelines).filteredOn(g -> g.params().get("threads").equals(List.of("2")))
                .extracting(g -> g.params().get("variant").get(0)).contains(PipelineLabels.DEFAULT, "combine=wht");
        // the problems take turns, so that a budget cut from the end leaves each problem its first candidates
        List<String> problems = pipelines.stream().map(g -> g.params().get("problem").get(0)).toList();
        assertThat(problems.subList(0, 2)).containsExactlyInAnyOrder("card-stacking", "divisor-game");
        assertThat(pipelines.subList(0, 2)).allSatisfy(g -> assertThat(g.params().get("variant")).containsExactly(
                PipelineLabels.DEFAULT));
    }

    @Test
    void recommendProfilePlansOnlyThePipelineAtProductionSizes() {
        BenchPlan plan = BenchPlan.make(BenchOptions.parse("--profile", "recommend", "--variants", "^default$"),
                new PrintStream(new ByteArrayOutputStream()));
        assertThat(plan.groups).isNotEmpty().allSatisfy(g -> {
            assertThat(g.benchmarkClass()).isEqualTo("PipelineBench");
            assertThat(g.params().get("size")).containsExactly("10000000");
        });
        // the default decides at the production thread count; at one thread it only shows the speed-up
        assertThat(plan.groups).extracting(g -> g.params().get("threads").get(0) + " x" + g.forks())
                .containsOnly("1 x" + PipelinePlan.ONE_THREAD_DEFAULT_FORKS, PipelinePlan.PARALLEL_THREADS + " x"
                        + Profile.RECOMMEND.decisionForks);
        assertThat(PipelinePlan.allBaselines(Problem.CARD_STACKING))
                .isEqualTo("distribution=tail-sum-recurrence,combine=wht,transform=scalar-mod,power=scalar,multiplier=plain");
    }

    @Test
    void exhaustiveProfileListsEveryStageChoiceAndRunsOnlyTheSelectedProblemWithFullForks() {
        List<String> labels = PipelinePlan.exhaustive(Problem.DIVISOR_GAME, List.of("omega-sieve"));
        assertThat(labels.get(0)).isEqualTo(PipelineLabels.DEFAULT);
        assertThat(labels).doesNotHaveDuplicates();
        for (var t : dev.nimbench.registry.Registry.available(dev.nimbench.transform.TransformVariant.class)) {
            assertThat(labels).as(t.id()).anyMatch(l -> l.contains("transform=" + t.id() + ","));
        }
        for (var p : dev.nimbench.registry.Registry.available(dev.nimbench.power.PowerVariant.class)) {
            assertThat(labels).as(p.id()).anyMatch(l -> l.endsWith("power=" + p.id()));
        }
        for (var c : dev.nimbench.registry.Registry.available(dev.nimbench.combine.CombineVariant.class)) {
            if (!c.requiresRangeDistribution()) { // the fused-distribution combines need a card-stacking range writer
                assertThat(labels).as(c.id()).anyMatch(l -> l.startsWith("combine=" + c.id() + ","));
            }
        }
        // every label resolves at the production thread count (the refused ones are left out)
        assertThat(labels).allSatisfy(l -> dev.nimbench.config.ConfigurationResolver.resolve(
                PipelineLabels.parse(l, Problem.DIVISOR_GAME, PipelinePlan.PARALLEL_THREADS), Problem.DIVISOR_GAME,
                Problem.DIVISOR_GAME.defaultModulus()));

        BenchPlan plan = BenchPlan.make(BenchOptions.parse("--profile", "exhaustive", "--problem", "divisor-game",
                "--variants", "^default$|transform=vector-forkjoin,power=vector-montgomery-forkjoin$"),
                new PrintStream(new ByteArrayOutputStream()));
        assertThat(plan.groups).isNotEmpty().allSatisfy(g -> {
            assertThat(g.benchmarkClass()).isEqualTo("PipelineBench");
            assertThat(g.params().get("problem")).containsExactly("divisor-game");
            assertThat(g.params().get("threads")).containsExactly(Integer.toString(PipelinePlan.PARALLEL_THREADS));
            assertThat(g.forks()).isEqualTo(Profile.EXHAUSTIVE.decisionForks);
        });
        assertThatThrownBy(() -> BenchOptions.parse("--problem", "nim")).hasMessageContaining("'nim'")
                .hasMessageContaining("card-stacking, divisor-game");
    }
}
