package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.config.ConfigSource;
import dev.nimbench.config.Configuration;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.exact.ExactPipeline;
import dev.nimbench.platform.CpuIdentity;
import dev.nimbench.platform.Platform;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The user's choice beats every default. Every registered id of every stage, given as
 * the only stage option of a {@code solve} of each problem (71 runs), with the measured entry
 * that is built into {@code nimbench.jar} in effect: each runs, names the id it was asked for
 * (source {@code command line}), and gives the reference answer (the BigInteger
 * {@link ExactPipeline}, itself checked against the games' brute force, reduced mod M).
 *
 * <p>Runs after {@code package} (the {@code jar-tests} surefire execution of core, phase
 * {@code integration-test}), in process for speed. The jar's own {@code recommended-config.json}
 * is read from {@code core/target/nimbench.jar}; its entries are relabelled with this machine's
 * CPU key, so that the shipped entry applies here whatever CPU runs the build (it is measured on
 * one machine only), and handed to {@code solve} through {@link ConfigSource#PROPERTY}, the same
 * path the built-in resource takes.
 *
 * <p>The one refusal, exit 2 naming both choices: a combine that fuses the distribution, for the
 * divisor game, which has no distribution with a range writer for it to fuse (a contradiction of
 * the user's flag with the problem, not with a default).
 */
class SingleOptionIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<Problem, String> N = Map.of(Problem.CARD_STACKING, "12", Problem.DIVISOR_GAME, "60");
    private static final int COUNT = 7;
    private static final Map<Problem, BigInteger> REFERENCE = new EnumMap<>(Problem.class);
    private static String previous;
    private static Path relabelled;

    @BeforeAll
    static void theJarsMeasuredEntryAppliesHere() throws Exception {
        Path jar = Path.of("target", "nimbench.jar");
        assertThat(jar).as("core/target/nimbench.jar (built by package)").exists();
        JsonNode root;
        try (ZipFile zip = new ZipFile(jar.toFile());
                InputStream in = zip.getInputStream(zip.getEntry(ConfigSource.RESOURCE.substring(1)))) {
            root = JSON.readTree(in);
        }
        String key = Platform.effectiveKey(CpuIdentity.current(), Platform.current());
        Set<Integer> jdks = new HashSet<>();
        List<JsonNode> kept = new ArrayList<>();
        for (JsonNode e : root.get("entries")) {
            // the unlimited entries (no @isa preview), one per JDK, as this machine's
            if (!e.get("cpu").asText().contains("@") && jdks.add(e.get("jdk").intValue())) {
                ((ObjectNode) e).put("cpu", key);
                kept.add(e);
            }
        }
        assertThat(kept).as("the jar's entries").isNotEmpty();
        int here = Runtime.version().feature();
        if (!jdks.contains(here)) {
            // built with a JDK the jar has no entry for: its nearest JDK's entry, as this JDK's
            JsonNode nearest = kept.stream().min(java.util.Comparator.comparingInt(
                    e -> Math.abs(e.get("jdk").intValue() - here))).orElseThrow();
            ((ObjectNode) nearest).put("jdk", here);
        }
        ((ObjectNode) root).putArray("entries").addAll(kept);
        relabelled = Files.createTempFile("nimbench-built-in", ".json");
        Files.writeString(relabelled, JSON.writeValueAsString(root));
        previous = System.getProperty(ConfigSource.PROPERTY);
        System.setProperty(ConfigSource.PROPERTY, relabelled.toString());
        for (Problem p : Problem.values()) {
            try (ExactPipeline exact = ExactPipeline.prepare(p, Integer.parseInt(N.get(p)), COUNT,
                    Configuration.defaults())) {
                BigInteger answer = exact.run().answer();
                REFERENCE.put(p, answer.mod(BigInteger.valueOf(p.defaultModulus())));
            }
        }
    }

    @AfterAll
    static void restore() throws Exception {
        if (previous == null) {
            System.clearProperty(ConfigSource.PROPERTY);
        } else {
            System.setProperty(ConfigSource.PROPERTY, previous);
        }
        Files.deleteIfExists(relabelled);
    }

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
        assertThat(cases).as("single-option runs").hasSize(98);
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
    void runsNamesTheChosenIdAndGivesTheReferenceAnswer(Problem problem, String stage, String id) throws Exception {
        CliRun run = CliRun.of("solve", problem.id(), N.get(problem), String.valueOf(COUNT), "--json",
                "--" + stage, id);
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
        JsonNode root = JSON.readTree(run.out());
        assertThat(root.get("configSource").asText()).as(run.toString()).startsWith("measured: " + relabelled);
        JsonNode config = root.get("config");
        String ran = stage.equals("distribution") ? config.get("distribution").get(problem.id()).asText()
                : config.get(stage).asText();
        assertThat(ran).as(run.toString()).isEqualTo(id);
        assertThat(root.get("stageSources").get(stage).asText()).as(run.toString()).isEqualTo("command line");
        assertThat(root.get("answer").asText()).as(run.toString()).isEqualTo(REFERENCE.get(problem).toString());
    }

    /** A transform or combine variant whose {@code minimumJdk()} is above this JVM's (refused with the reason). */
    private static boolean needsANewerJdk(String stage, String id) {
        List<? extends Variant> registry = stage.equals("transform") ? Registry.all(TransformVariant.class)
                : stage.equals("combine") ? Registry.all(CombineVariant.class) : List.of();
        return registry.stream().anyMatch(v -> v.id().equals(id) && v.minimumJdk() > Runtime.version().feature());
    }

    /** Where the stage contracts refuse a single option (documented in docs/cli.md). */
    private static boolean isContractRefusal(Problem problem, String stage, String id) {
        return stage.equals("combine")
                && Registry.require(CombineVariant.class, "combine", id).requiresRangeDistribution()
                && DistributionVariant.forProblem(problem).stream().noneMatch(DistributionVariant::hasRangeWriter);
    }
}
