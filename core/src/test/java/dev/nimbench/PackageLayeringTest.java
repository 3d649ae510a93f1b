package dev.nimbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Dependencies run one way: the stage packages and what they build on sit
 * below {@code config}, {@code pipeline} and {@code cli}, so none of their sources may name those packages, not
 * in an import, a qualified name or a Javadoc link. A source scan: whatever the compiler accepts
 * is caught here, before a cycle can form again.
 */
class PackageLayeringTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/nimbench");
    /** The sources the build generates (the radix-8 transform kernels): the same rules hold for them. */
    private static final Path GENERATED = Path.of("target/generated-sources/kernels/dev/nimbench");
    private static final List<String> ABOVE = List.of("dev.nimbench.config", "dev.nimbench.pipeline", "dev.nimbench.cli");

    @ParameterizedTest
    @ValueSource(strings = {"transform", "power", "combine", "distribution", "simd", "arith", "exec", "registry",
        "platform"})
    void stagePackageNamesNeitherPipelineNorCli(String stagePackage) throws IOException {
        Path dir = SOURCES.resolve(stagePackage);
        assertThat(dir).as("run from the core module directory").isDirectory();
        assertThat(offences(stagePackage, names(ABOVE)))
                .as("package " + stagePackage + " must not depend on config, pipeline or cli").isEmpty();
    }

    /**
     * Choosing a configuration ({@code config}) sits below running one ({@code pipeline})
     * and the CLI: it names neither.
     */
    @org.junit.jupiter.api.Test
    void choosingAConfigurationNamesNeitherRunningOneNorTheCli() throws IOException {
        assertThat(offences("config", names(List.of("dev.nimbench.pipeline", "dev.nimbench.cli"))))
                .as("package config must not depend on pipeline or cli").isEmpty();
    }

    /**
     * The vector helpers that every stage's kernels share ({@code simd}) sit above the
     * foundations: nothing in {@code arith}, {@code exec}, {@code registry} or {@code platform}
     * names them.
     */
    @ParameterizedTest
    @ValueSource(strings = {"arith", "exec", "registry", "platform"})
    void noFoundationNamesTheSharedVectorHelpers(String lower) throws IOException {
        assertThat(offences(lower, names(List.of("dev.nimbench.simd"))))
                .as("package " + lower + " must not name simd").isEmpty();
    }

    /**
     * Each stage's kernels live in that stage's room ({@code transform/vector}, ...), on the
     * shared helpers in {@code simd}, which name no stage; a stage names no stage above it: the
     * combine builds on the other three, and none of them on each other. The arithmetic sits
     * below what runs it ({@code exec}: the context that carries a multiplier).
     */
    @ParameterizedTest
    @ValueSource(strings = {"simd:transform,power,distribution,combine", "transform:power,distribution,combine",
        "power:transform,distribution,combine", "distribution:transform,power,combine", "arith:exec,simd,transform,power,distribution,combine"})
    void aStageNamesNoStageAboveIt(String rule) throws IOException {
        String pkg = rule.substring(0, rule.indexOf(':'));
        List<String> above = Stream.of(rule.substring(rule.indexOf(':') + 1).split(","))
                .map(name -> "dev.nimbench." + name).toList();
        assertThat(offences(pkg, names(above))).as("package " + pkg + " must not name " + above).isEmpty();
    }

    /**
     * No class of the project is loaded by a name in a string: the registries create their Vector
     * API kernels through lambdas ({@code VectorSupport.create(() -> new ...)}), which the
     * compiler checks, and nothing reflects on a project class.
     */
    @org.junit.jupiter.api.Test
    void noProjectClassIsLoadedByName() throws IOException {
        for (String pkg : List.of("transform", "power", "combine", "distribution", "simd", "arith", "exec", "registry",
                "platform", "config", "pipeline", "cli", "exact")) {
            assertThat(offences(pkg, line -> line.contains("Class.forName(\"dev.") || line.contains("getDeclaredConstructor(")
                    || line.matches(".*forName\\([A-Z_]+ \\+.*")))
                    .as("package " + pkg + " loads a class by name").isEmpty();
        }
    }

    /** Lines that name one of {@code packages}: an import, a qualified name or a Javadoc link. */
    private static Predicate<String> names(List<String> packages) {
        return line -> packages.stream().anyMatch(name -> line.contains(name + ".") || line.contains(name + ";"));
    }

    /**
     * Every line of {@code pkg}'s sources that {@code offends}, as {@code file:line: text}; there
     * must be sources to read.
     */
    private static List<String> offences(String pkg, Predicate<String> offends) throws IOException {
        List<String> offences = new ArrayList<>();
        List<Path> sources = sources(pkg);
        for (Path source : sources) {
            List<String> lines = read(source);
            for (int i = 0; i < lines.size(); i++) {
                if (offends.test(lines.get(i))) {
                    offences.add(source + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertThat(sources).as("Java sources in " + pkg).isNotEmpty();
        return offences;
    }

    /** The Java files of {@code pkg} and its subpackages, written and generated. */
    private static List<Path> sources(String pkg) throws IOException {
        List<Path> sources = new ArrayList<>();
        for (Path root : List.of(SOURCES.resolve(pkg), GENERATED.resolve(pkg))) {
            if (Files.isDirectory(root)) {
                try (Stream<Path> tree = Files.walk(root)) {
                    tree.filter(p -> p.toString().endsWith(".java")).forEach(sources::add);
                }
            }
        }
        return sources;
    }

    private static List<String> read(Path source) {
        try {
            return Files.readAllLines(source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
