package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.platform.JitGuard;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ColdStartPlanTest {

    private static final PrintStream LOG = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    private static BenchPlan plan(String... extra) {
        String[] args = new String[extra.length + 4];
        args[0] = "--profile";
        args[1] = "coldstart";
        args[2] = "--root";
        args[3] = "..";   // tests run in bench/; the launcher is ../bin/nimbench
        System.arraycopy(extra, 0, args, 4, extra.length);
        return BenchPlan.make(BenchOptions.parse(args), LOG);
    }

    @Test
    void theProfilePlansOnlyColdForksOfEveryConfigurationAndJvmSetAtTheProductionSizes() {
        BenchPlan plan = plan();
        assertThat(plan.coldStart).isNotNull();
        boolean aot = Runtime.version().feature() >= ColdJvm.AOT_CACHE_FEATURE;
        List<String> sets = aot ? List.of("plain", "launcher", "launcher-aot") : List.of("plain", "launcher");
        // Per problem and JVM set: one group at 1 thread (default, one-shot) and one at 2 (default).
        assertThat(plan.groups).hasSize(2 * sets.size() * 2);
        for (RunGroup g : plan.groups) {
            assertThat(g.benchmarkClass()).isEqualTo(ColdStartPlan.BENCH);
            assertThat(g.params().get("size")).containsExactly("10000000");
            assertThat(sets).contains(g.params().get("jvm").get(0));
        }
        assertThat(plan.groups.stream().filter(g -> g.params().get("threads").equals(List.of("1")))
                .flatMap(g -> g.params().get("variant").stream()).distinct())
                .containsExactlyInAnyOrder("default",
                        "distribution=tail-sum-recurrence,combine=wht,transform=autovec,power=autovec-montgomery",
                        "combine=wht,transform=autovec,power=autovec-montgomery");
        assertThat(plan.skipped).hasSize(aot ? 0 : 1);
    }

    @Test
    void forksGetTheirJvmSetAndTheLaunchersOwnOptions() {
        BenchPlan plan = plan();
        RunGroup plain = plan.groups.stream().filter(g -> g.params().get("jvm").equals(List.of("plain"))).findFirst().orElseThrow();
        RunGroup launcher = plan.groups.stream().filter(g -> g.params().get("jvm").equals(List.of("launcher"))).findFirst().orElseThrow();
        assertThat(plan.coldStart.forkOptions(plain)).containsExactly("-D" + ColdJvm.PROPERTY + "=plain");
        List<String> options = plan.coldStart.forkOptions(launcher);
        assertThat(options).startsWith("-D" + ColdJvm.PROPERTY + "=launcher")
                .contains("-XX:+UseSerialGC", "-Xmn256m", "-XX:CompileCommand=CompileThresholdScaling,dev.nimbench.*::*,0.1")
                .doesNotContain("--add-modules", "jdk.incubator.vector");
        assertThat(plan.coldStart.forkOptions(new RunGroup("PipelineBench", List.of("solve"),
                java.util.Map.of("variant", List.of("default")), Profile.QUICK.pipelineIterations, 1, 0))).isEmpty();
    }

    @Test
    void filtersApplyAndSizesNeedAKnownAnswer() {
        assertThat(plan("--variants", "^default$").groups).allSatisfy(g -> assertThat(g.params().get("variant")).containsExactly("default"));
        assertThat(plan("--include", "\\.PipelineBench\\.solve$").groups).isEmpty();
        assertThatThrownBy(() -> plan("--sizes", "1000")).hasMessageContaining("cold-start size 1000")
                .hasMessageContaining("valid: 100000, 10000000");
    }

    @Test
    void jvmSetsParseAndRefuseUnknownIds() {
        assertThat(ColdJvm.fromId("launcher-aot")).isEqualTo(ColdJvm.LAUNCHER_AOT);
        assertThatThrownBy(() -> ColdJvm.fromId("fast")).hasMessageContaining("'fast'").hasMessageContaining("plain, launcher, launcher-aot");
        assertThat(ColdJvm.LAUNCHER_AOT.forkOptions(List.of("-Xmn256m"), java.nio.file.Path.of("/x.aot")))
                .containsExactly("-D" + ColdJvm.PROPERTY + "=launcher-aot", "-Xmn256m", "-XX:AOTMode=on", "-XX:AOTCache=/x.aot");
    }

    @Test
    void processTimerMediansAndCommands() {
        assertThat(ColdProcessTimer.median(new double[] {5, 1, 3})).isEqualTo(3);
        assertThat(ColdProcessTimer.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
        assertThat(ColdProcessTimer.median(new double[] {1, Double.NaN})).isNaN();
        ColdProcessTimer t = new ColdProcessTimer(java.nio.file.Path.of(".."), LOG);
        List<ColdProcessTimer.Command> commands = ColdProcessTimer.commands();
        assertThat(t.commandLine(commands.get(0))).contains("-jar").containsAll(JitGuard.OPTIONS)
                .endsWith("solve", "card-stacking", "10000000", "10000000");
        assertThat(t.commandLine(commands.get(1)).get(0)).endsWith("bin/nimbench");
        assertThat(commands.get(2).launcherExtra()).isEqualTo("-Dnimbench.oneShot=false");
        assertThat(t.commandLine(commands.get(3)).get(0)).endsWith("bin/nimbench");
        assertThat(t.commandLine(commands.get(3))).containsSubsequence("--distribution", "tail-sum-recurrence", "--threads", "1");
    }
}
