package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.platform.JitGuard;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code solve} in child JVMs with and without {@link JitGuard}'s options: a run of vector kernels
 * without them says so in exactly one line naming the JVM's values and the options to add; with
 * the options, or with scalar stages only, it says nothing about it. {@code platform} shows the values.
 */
class JitGuardCliTest {

    private static final List<String> MODULE = List.of("--add-modules", "jdk.incubator.vector");
    private static final String[] VECTOR_RUN = {"solve", "card-stacking", "13", "4", "--distribution",
        "vector-tail-sum-recurrence"};

    @Test
    void aVectorRunWithoutTheOptionsSaysSoInOneLine() throws Exception {
        ChildRun run = ChildRun.of(MODULE, VECTOR_RUN);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("= 540318329");
        assertThat(run.nimbenchLines()).as(run.toString()).singleElement().asString()
                .contains("PerMethodRecompilationCutoff=400, PerMethodTrapLimit=100")
                .contains("start java with " + String.join(" ", JitGuard.OPTIONS));
        ChildRun platform = ChildRun.of(MODULE, "platform");
        assertThat(platform.out()).contains("PerMethodRecompilationCutoff 400").contains("PerMethodTrapLimit 100")
                .contains("jitGuard           false");
    }

    @Test
    void withTheOptionsOrWithScalarStagesOnlyNothingIsSaid() throws Exception {
        List<String> guardedJvm = new ArrayList<>(MODULE);
        guardedJvm.addAll(JitGuard.OPTIONS);
        ChildRun guarded = ChildRun.of(guardedJvm, VECTOR_RUN);
        assertThat(guarded.exitCode()).as(guarded.toString()).isZero();
        assertThat(guarded.err()).as(guarded.toString()).doesNotContain("PerMethod");
        ChildRun scalar = ChildRun.of(MODULE, "solve", "card-stacking", "13", "4", "--distribution",
                "tail-sum-recurrence", "--combine", "wht", "--transform", "blocked", "--power", "scalar");
        assertThat(scalar.exitCode()).as(scalar.toString()).isZero();
        assertThat(scalar.out()).contains("= 540318329");
        assertThat(scalar.err()).as(scalar.toString()).doesNotContain("PerMethod");
    }
}
