package dev.nimbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The variant tables (written by hand, in {@code docs/architecture.md} since the README was cut
 * to a summary) name every registered variant.
 */
class ReadmeVariantsTest {

    @Test
    void everyRegisteredVariantIsInTheReadme() throws IOException {
        Path readme = Path.of("..", "docs", "architecture.md");
        assertThat(readme).as("docs/architecture.md at the repository top (tests run in core/)").exists();
        String text = Files.readString(readme, StandardCharsets.UTF_8);
        List<String> missing = new ArrayList<>();
        Stream.of(DistributionVariant.values(), TransformVariant.values(), MultiplierVariant.values(),
                PowerVariant.values(), CombineVariant.values())
                .flatMap(Stream::of)
                .map(v -> ((Variant) v).id())
                .filter(id -> !text.contains("| `" + id + "` |"))
                .forEach(missing::add);
        assertThat(missing).as("variant ids without a table row in docs/architecture.md").isEmpty();
    }
}
