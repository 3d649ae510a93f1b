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
