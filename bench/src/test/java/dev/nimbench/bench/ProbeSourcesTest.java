package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The experiments' programs in {@code probes/} keep building: every Java probe compiles against
 * core, bench and JMH (this test's class path) with the Vector API module, and every shell script
 * parses ({@code bash -n}). Tests run in {@code bench/}, so the repository top is {@code ..}.
 */
class ProbeSourcesTest {

    private static final Path PROBES = Path.of("..", "probes");

    private static List<Path> files(String suffix) throws IOException {
        try (Stream<Path> s = Files.walk(PROBES)) {
            return s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        }
    }

    @Test
    void everyJavaProbeCompiles() throws IOException {
        List<Path> sources = files(".java");
        assertThat(sources).as("Java probes under probes/").hasSizeGreaterThan(5);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac).as("a JDK's compiler (tests run on a JDK)").isNotNull();
        List<String> failures = new ArrayList<>();
        for (Path source : sources) {
            // one compile per probe: probes are independent programs, some with the same class names
            Path out = Files.createTempDirectory("probe");
            StringWriter messages = new StringWriter();
            try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
                boolean ok = javac.getTask(messages, files, null, List.of("--release", "17", "--add-modules",
                        "jdk.incubator.vector", "-proc:none", "-nowarn", "-Xlint:none", "-classpath",
                        System.getProperty("java.class.path"), "-d", out.toString()), null,
                        files.getJavaFileObjects(source.toFile())).call();
                if (!ok) {
                    failures.add(source + ":\n" + messages);
                }
            }
        }
        assertThat(failures).as("probes that no longer compile").isEmpty();
    }

    @Test
    void everyShellProbeParses() throws Exception {
        List<Path> scripts = files(".sh");
        assertThat(scripts).as("shell probes under probes/").isNotEmpty();
        List<String> failures = new ArrayList<>();
        for (Path script : scripts) {
            Process p = new ProcessBuilder("bash", "-n", script.toString()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.PIPE).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("bash -n " + script).isTrue();
            if (p.exitValue() != 0) {
                failures.add(script + File.pathSeparator + " " + output);
            }
        }
        assertThat(failures).as("shell probes that do not parse").isEmpty();
    }
}
