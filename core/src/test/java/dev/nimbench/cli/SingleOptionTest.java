package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 11: an explicit choice is honoured or refused, never ignored. Every registered id of
 * every stage, given as the only stage option of a {@code solve} of each problem, must appear in
 * the configuration the run prints (small n, default modulus). The one contract refusal, exit 2
 * naming both choices: {@code --combine fused-vector-dist-wht} for the divisor game, which has no
 * distribution with a range writer for it to fuse.
 */
class SingleOptionTest {

    static Stream<Arguments> everyIdOfEveryStage() {
        List<Arguments> cases = new ArrayList<>();
        for (Problem problem : Problem.values()) {
            for (DistributionVariant v : DistributionVariant.forProblem(problem)) {
                cases.add(Arguments.of(problem, "distribution", v.id()));
            }
            addAll(cases, problem, "transform", TransformVariant.class);
            addAll(cases, problem, "multiplier", MultiplierVariant.class);
            addAll(cases, problem, "power", PowerVariant.class);
            addAll(cases, problem, "combine", CombineVariant.class);
        }
        return cases.stream();
    }

    private static <E extends Enum<E> & Variant> void addAll(List<Arguments> cases, Problem problem, String stage,
            Class<E> registry) {
        for (E v : Registry.all(registry)) {
            cases.add(Arguments.of(problem, stage, v.id()));
        }
    }

    @ParameterizedTest(name = "{0} --{1} {2}")
    @MethodSource("everyIdOfEveryStage")
    void theConfigurationAsRunNamesTheChosenId(Problem problem, String stage, String id) {
        // n within every brute force's limit, P <= 4096 for repeated squaring; s / k small.
        String n = problem == Problem.CARD_STACKING ? "12" : "60";
        CliRun run = CliRun.of("solve", problem.id(), n, "7", "--threads", "2", "--" + stage, id);
        if (needsANewerJdk(stage, id)) {
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err().lines().count()).as(run.toString()).isEqualTo(1);
            assertThat(run.err()).contains(id).contains("unavailable").contains("needs JDK");
            return;
        }
        if (isContractRefusal(problem, stage, id)) {
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err().lines().count()).as(run.toString()).isEqualTo(1);
            assertThat(run.err()).contains(id).contains("distribution '");
            return;
        }
        assertThat(run.exitCode()).as(run.toString()).isZero();
        String configuration = run.out().lines().filter(l -> l.startsWith("configuration: ")).findFirst()
                .orElseThrow(() -> new AssertionError("no configuration line\n" + run));
        assertThat(configuration).as(run.toString()).contains(" " + stage + "=" + id + " ");
    }

    /** A transform variant whose {@code minimumJdk()} is above this JVM's (refused with the reason). */
    private static boolean needsANewerJdk(String stage, String id) {
        return stage.equals("transform") && dev.nimbench.registry.Registry.all(TransformVariant.class).stream()
                .anyMatch(v -> v.id().equals(id) && v.minimumJdk() > Runtime.version().feature());
    }

    /** Where the stage contracts refuse a single option (documented in docs/cli.md). */
    private static boolean isContractRefusal(Problem problem, String stage, String id) {
        // a combine that fuses the distribution, for a problem with no range-writing distribution
        return stage.equals("combine")
                && dev.nimbench.registry.Registry.require(CombineVariant.class, "combine", id).create().requiresRangeDistribution()
                && DistributionVariant.forProblem(problem).stream().noneMatch(DistributionVariant::hasRangeWriter);
    }
}
