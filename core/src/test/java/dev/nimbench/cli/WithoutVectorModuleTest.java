package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.nimbench.registry.Registry;
import dev.nimbench.transform.TransformVariant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The CLI in a child JVM started WITHOUT {@code --add-modules jdk.incubator.vector} (and one with
 * a tiny heap): vector variants are unavailable, choosing one is an error, the default
 * configuration warns once and runs scalar; a size above the heap is refused before allocating.
 */
class WithoutVectorModuleTest {

    @Test
    void vectorVariantsAreUnavailableAndTheDefaultFallsBackWithOneWarning() throws Exception {
        ChildRun variants = ChildRun.of(List.of(), "variants", "--json");
        assertThat(variants.exitCode()).as(variants.toString()).isZero();
        JsonNode root = new ObjectMapper().readTree(variants.out());
        List<String> vectorIds = new ArrayList<>();
        for (JsonNode stage : root) {
            for (JsonNode entry : stage) {
                if (entry.get("id").asText().contains("vector")) {
                    vectorIds.add(entry.get("id").asText());
                    assertThat(entry.get("available").asBoolean()).as(entry.toString()).isFalse();
                    assertThat(entry.get("unavailableReason").asText()).contains("--add-modules jdk.incubator.vector");
                }
            }
        }

        assertThat(vectorIds).as("the registries have Vector API variants to exercise").isNotEmpty();

        ChildRun solve = ChildRun.of(List.of(), "solve", "card-stacking", "13", "4");
        assertThat(solve.exitCode()).as(solve.toString()).isZero();
        assertThat(solve.out()).contains("= 540318329");
        // Without jdk.incubator.vector a run says so once, whichever layer (measured entry or defaults) chose its stages.
        assertThat(solve.nimbenchLines()).as(solve.toString())
                .singleElement().asString().contains("warning").contains("--add-modules jdk.incubator.vector");
        assertThat(solve.out()).doesNotContain("=vector");
        ChildRun platform = ChildRun.of(List.of(), "platform");
        assertThat(platform.out()).contains("vectorApi          false").contains("no jdk.incubator.vector");

        TransformVariant vector = Registry.all(TransformVariant.class).stream()
                .filter(v -> v.id().contains("vector")).findFirst().orElseThrow();
        ChildRun chosen = ChildRun.of(List.of(), "solve", "card-stacking", "13", "4", "--transform", vector.id());
        assertThat(chosen.exitCode()).as(chosen.toString()).isEqualTo(2);
        assertThat(chosen.out()).isEmpty();
        assertThat(chosen.err().lines()).hasSize(1);
        assertThat(chosen.err()).contains(vector.id()).contains("unavailable")
                .contains("--add-modules jdk.incubator.vector");

        // The same for the distribution registry (looked up per problem).
        ChildRun distribution = ChildRun.of(List.of(), "solve", "card-stacking", "13", "4", "--distribution",
                "vector-tail-sum-recurrence");
        assertThat(distribution.exitCode()).as(distribution.toString()).isEqualTo(2);
        assertThat(distribution.out()).isEmpty();
        assertThat(distribution.err().lines()).as(distribution.toString()).hasSize(1);
        assertThat(distribution.err()).contains("distribution variant 'vector-tail-sum-recurrence' is unavailable")
                .contains("--add-modules jdk.incubator.vector");
    }

    /**
     * bin/nimbench starts a solve without the module ({@code -Dnimbench.vectorModuleOnDemand=true}):
     * the one-shot run, which needs no Vector API variant, runs without a warning; a run that
     * needs one (a stage option naming it, --repeat) prints nothing and exits 3; bad input is still exit 2.
     */
    @Test
    void underTheLauncherARunThatNeedsTheModuleExitsThreeAndTheOneShotRunIsQuiet() throws Exception {
        List<String> launcher = List.of("-Dnimbench.oneShot=true", "-D" + SolveRunner.VECTOR_MODULE_ON_DEMAND + "=true");
        ChildRun oneShot = ChildRun.of(launcher, "solve", "card-stacking", "13", "4");
        assertThat(oneShot.exitCode()).as(oneShot.toString()).isZero();
        assertThat(oneShot.out()).contains("= 540318329").contains("transform=autovec").contains("power=autovec-montgomery");
        assertThat(oneShot.err()).as(oneShot.toString()).isEmpty();
        ChildRun divisor = ChildRun.of(launcher, "solve", "divisor-game", "10", "5", "--transform", "blocked");
        assertThat(divisor.exitCode()).as(divisor.toString()).isZero();
        assertThat(divisor.out()).contains("= 40085");
        assertThat(divisor.err()).as(divisor.toString()).isEmpty();
        for (List<String> args : List.of(
                List.of("solve", "card-stacking", "13", "4", "--power", "vector-montgomery-q32"),
                List.of("solve", "card-stacking", "13", "4", "--distribution", "vector-tail-sum-recurrence"),
                List.of("solve", "card-stacking", "13", "4", "--combine", "fused-vector-wht"),
                List.of("solve", "card-stacking", "13", "4", "--repeat", "1"))) {
            ChildRun wants = ChildRun.of(launcher, args.toArray(String[]::new));
            assertThat(wants.exitCode()).as(wants.toString()).isEqualTo(SolveRunner.EXIT_NEEDS_VECTOR_MODULE);
            assertThat(wants.out()).as(wants.toString()).isEmpty();
            assertThat(wants.err()).as(wants.toString()).isEmpty();
        }
        ChildRun bad = ChildRun.of(launcher, "solve", "card-stacking", "0", "4", "--power", "vector-montgomery-q32");
        assertThat(bad.exitCode()).as(bad.toString()).isEqualTo(2);
        assertThat(bad.err()).contains("N = 0");
        // Without the launcher's property the missing module is still a warning, never a silent scalar run.
        ChildRun plain = ChildRun.of(List.of("-Dnimbench.oneShot=true"), "solve", "card-stacking", "13", "4");
        assertThat(plain.nimbenchLines()).as(plain.toString()).singleElement().asString().contains("warning");
    }

    @Test
    void aSizeAboveTheHeapIsRefusedBeforeAllocating() throws Exception {
        ChildRun child = ChildRun.of(List.of("-Xmx48m"),
                "solve", "card-stacking", String.valueOf(1 << 26), "1");
        assertThat(child.exitCode()).as(child.toString()).isEqualTo(2);
        assertThat(child.err().lines()).as(child.toString()).hasSize(1);
        assertThat(child.err()).contains("n = 67108864").contains("MiB of heap").contains("-Xmx")
                .doesNotContain("OutOfMemoryError");
    }
}
