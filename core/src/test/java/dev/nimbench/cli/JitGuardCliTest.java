package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.platform.JitGuard;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code solve} in child JVMs with and without {@link JitGuard}'s option: a run of vector kernels
 * without it says so in exactly one line naming the JVM's value and the option to add; with the
 * option, or with scalar stages only, it says nothing about it. {@code platform} shows the value.
 */
class JitGuardCliTest {

    private static final List<String> MODULE = List.of("--add-modules", "jdk.incubator.vector");
    private static final String[] VECTOR_RUN = {"solve", "card-stacking", "13", "4", "--distribution",
        "vector-tail-sum-recurrence"};

    @Test
    void aVectorRunWithoutTheOptionSaysSoInOneLine() throws Exception {
        ChildRun run = ChildRun.of(MODULE, VECTOR_RUN);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("= 540318329");
        assertThat(run.nimbenchLines()).as(run.toString()).singleElement().asString()
                .contains(JitGuard.FLAG + "=400").contains("start java with " + JitGuard.OPTION);
        ChildRun platform = ChildRun.of(MODULE, "platform");
        assertThat(platform.out()).contains("PerMethodRecompilationCutoff 400").contains("jitGuard           false");
    }

    @Test
    void withTheOptionOrWithScalarStagesOnlyNothingIsSaid() throws Exception {
        ChildRun guarded = ChildRun.of(List.of(MODULE.get(0), MODULE.get(1), JitGuard.OPTION), VECTOR_RUN);
        assertThat(guarded.exitCode()).as(guarded.toString()).isZero();
        assertThat(guarded.err()).as(guarded.toString()).doesNotContain(JitGuard.FLAG);
        ChildRun scalar = ChildRun.of(MODULE, "solve", "card-stacking", "13", "4", "--distribution",
                "tail-sum-recurrence", "--combine", "wht", "--transform", "blocked", "--power", "scalar");
        assertThat(scalar.exitCode()).as(scalar.toString()).isZero();
        assertThat(scalar.out()).contains("= 540318329");
        assertThat(scalar.err()).as(scalar.toString()).doesNotContain(JitGuard.FLAG);
    }
}
