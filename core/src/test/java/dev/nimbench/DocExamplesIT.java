package dev.nimbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.platform.JitGuard;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example command of {@code README.md} and {@code docs/cli.md} ({@code $J ...}
 * with the page's own {@code J="java ... -jar core/target/nimbench.jar"}, JVM options included,
 * and {@code bin/nimbench ...}) runs against the built jar, as a user runs it, from the repository
 * top: exit 0, no JIT-guard line on stderr, and where the comment gives the answer
 * ({@code # ... = 26}), that answer. Every example that solves the same instance gives the same
 * answer. Runs after {@code package} (the
 * {@code jar-tests} surefire execution of core).
 */
class DocExamplesIT {

    private static final Path TOP = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern EXAMPLE = Pattern.compile("^(?:\\$J|bin/nimbench) (.+)$");
    private static final Pattern J_LINE = Pattern.compile("^J=\"(.+)\"$");
    private static final Pattern ANSWER_COMMENT = Pattern.compile("= (\\d+)\\s*$");
    private static final Pattern ANSWER_LINE = Pattern.compile("^\\S+ [A-Za-z]\\(\\d+, \\d+\\)[^=]* = (\\d+)$",
            Pattern.MULTILINE);
    private static final Map<String, String> ANSWERS = new HashMap<>();

    /** One example: its page, the arguments after the jar, and the answer its comment states (or null). */
    record Example(String page, List<String> args, String answer) {
        @Override
        public String toString() {
            return page + ": " + String.join(" ", args);
        }
    }

    static Stream<Example> examples() throws IOException {
        List<Example> out = new ArrayList<>();
        for (String page : List.of("README.md", "docs/cli.md")) {
            for (String line : Files.readAllLines(TOP.resolve(page), StandardCharsets.UTF_8)) {
                Matcher m = EXAMPLE.matcher(line.strip());
                if (!m.matches()) {
                    continue;
                }
                String command = m.group(1);
                int hash = command.indexOf('#');
                String comment = hash < 0 ? "" : command.substring(hash + 1);
                command = hash < 0 ? command : command.substring(0, hash);
                Matcher a = ANSWER_COMMENT.matcher(comment);
                out.add(new Example(page, Arrays.asList(command.strip().split("\\s+")), a.find() ? a.group(1) : null));
            }
        }
        return out.stream();
    }

    @Test
    void thePagesHaveExamples() throws IOException {
        assertThat(examples().filter(e -> e.page().equals("README.md")).count()).isGreaterThanOrEqualTo(8);
        assertThat(examples().filter(e -> e.page().equals("docs/cli.md")).count()).isGreaterThanOrEqualTo(8);
        assertThat(examples().filter(e -> e.answer() != null).count()).isGreaterThanOrEqualTo(6);
    }

    /** The page's {@code J="..."} as a command: {@code java} from this JDK, the jar's path made absolute. */
    static List<String> javaCommand(String page) throws IOException {
        for (String line : Files.readAllLines(TOP.resolve(page), StandardCharsets.UTF_8)) {
            Matcher m = J_LINE.matcher(line.strip());
            if (m.matches()) {
                List<String> words = new ArrayList<>(Arrays.asList(m.group(1).split("\\s+")));
                assertThat(words.get(0)).as(page + ": J starts with java").isEqualTo("java");
                assertThat(words.get(words.size() - 1)).as(page + ": J ends with the jar").isEqualTo("core/target/nimbench.jar");
                words.set(0, Path.of(System.getProperty("java.home"), "bin", "java").toString());
                words.set(words.size() - 1, TOP.resolve("core/target/nimbench.jar").toString());
                return words;
            }
        }
        throw new AssertionError(page + " defines no J=\"...\"");
    }

    @Test
    void bothPagesDefineTheSameJavaCommandWithTheJitGuard() throws IOException {
        assertThat(javaCommand("docs/cli.md")).isEqualTo(javaCommand("README.md"));
        assertThat(javaCommand("README.md")).contains("--add-modules", "jdk.incubator.vector")
                .containsAll(JitGuard.OPTIONS);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void runsAgainstTheBuiltJar(Example example) throws Exception {
        Path jar = TOP.resolve("core/target/nimbench.jar");
        assertThat(jar).as("core/target/nimbench.jar (built by package)").exists();
        List<String> command = javaCommand(example.page());
        command.addAll(example.args());
        Path out = Files.createTempFile("nimbench-example", ".out");
        Path err = Files.createTempFile("nimbench-example", ".err");
        try {
            Process p = new ProcessBuilder(command).directory(TOP.toFile()).redirectError(err.toFile())
                    .redirectOutput(out.toFile()).start();
            assertThat(p.waitFor(300, TimeUnit.SECONDS)).as(example + " finished within 300 s").isTrue();
            String text = Files.readString(out, StandardCharsets.UTF_8);
            String errText = Files.readString(err, StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as(example + "\n" + text + errText).isZero();
            assertThat(errText).as(example + ": no JIT-guard line, the page's java command sets it")
                    .doesNotContain("PerMethod");
            if (!example.args().get(0).equals("solve")) {
                assertThat(text).as(example.toString()).isNotBlank();
                return;
            }
            String answer = answerOf(text, example.args().contains("--json"));
            assertThat(answer).as(example + "\n" + text).isNotNull();
            if (example.answer() != null) {
                assertThat(answer).as(example + "\n" + text).isEqualTo(example.answer());
            }
            String instance = String.join(" ", example.args().subList(1, 4))
                    + (example.args().contains("--exact") ? " exact" : "")
                    + modulusOf(example.args());
            synchronized (ANSWERS) {
                String before = ANSWERS.putIfAbsent(instance, answer);
                assertThat(answer).as(example + ": the same instance as another example").isEqualTo(
                        before == null ? answer : before);
            }
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static String modulusOf(List<String> args) {
        int i = args.indexOf("--modulus");
        return i < 0 ? "" : " mod " + args.get(i + 1);
    }

    private static String answerOf(String text, boolean json) {
        if (json) {
            Matcher m = Pattern.compile("\"answer\":\"(\\d+)\"").matcher(text);
            return m.find() ? m.group(1) : null;
        }
        Matcher m = ANSWER_LINE.matcher(text);
        return m.find() ? m.group(1) : null;
    }
}
