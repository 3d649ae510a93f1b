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

/** The variant tables of the README (or of docs/*.md) name every registered variant (they are written by hand). */
class ReadmeVariantsTest {

    @Test
    void everyRegisteredVariantIsInTheReadme() throws IOException {
        Path readme = Path.of("..", "README.md");
        assertThat(readme).as("README.md at the repository top (tests run in core/)").exists();
        StringBuilder all = new StringBuilder(Files.readString(readme, StandardCharsets.UTF_8));
        Path docs = Path.of("..", "docs");
        if (Files.isDirectory(docs)) { // tables may live in docs/*.md too (the README links them)
            try (Stream<Path> files = Files.list(docs)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
                    all.append('\n').append(Files.readString(f, StandardCharsets.UTF_8));
                }
            }
        }
        String text = all.toString();
        List<String> missing = new ArrayList<>();
        Stream.of(DistributionVariant.values(), TransformVariant.values(), MultiplierVariant.values(),
                PowerVariant.values(), CombineVariant.values())
                .flatMap(Stream::of)
                .map(v -> ((Variant) v).id())
                .filter(id -> !text.contains("| `" + id + "` |"))
                .forEach(missing::add);
        assertThat(missing).as("variant ids without a README table row").isEmpty();
    }
}
