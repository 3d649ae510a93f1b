package dev.nimbench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JavaLauncherTest {

    @TempDir
    Path dir;

    @Test
    void moduleFlagComesFirstAndUserArgumentsAreAppended() {
        JavaLauncher l = new JavaLauncher(Path.of("java"), List.of("/a b/x.jar", "/c"),
                JavaLauncher.splitArgs("  -Xmx1g   -XX:+UseSerialGC "), dir);
        assertThat(l.jvmOptions()).containsExactly("--add-modules=jdk.incubator.vector", "-Xmx1g", "-XX:+UseSerialGC",
                "-cp", "/a b/x.jar" + java.io.File.pathSeparator + "/c");
    }

    @Test
    void noAppendedArgumentsForBlankOrMissing() {
        assertThat(JavaLauncher.splitArgs(null)).isEmpty();
        assertThat(JavaLauncher.splitArgs("   ")).isEmpty();
    }

    @Test
    void argumentFileTokensSurviveSpacesQuotesAndBackslashes() {
        assertThat(JavaLauncher.quote("/a b/c")).isEqualTo("\"/a b/c\"");
        assertThat(JavaLauncher.quote("x\"y\\z")).isEqualTo("\"x\\\"y\\\\z\"");
    }

    /** Runs a real JVM through an argument file: the class path with a space reaches it, and the exit status comes back. */
    @Test
    void runsAMainInASeparateJvm() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("with space"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path source = dir.resolve("Exit3.java");
        Files.writeString(source, "public class Exit3 { public static void main(String[] a) {"
                + " System.exit(ModuleLayer.boot().findModule(\"jdk.incubator.vector\").isPresent() && a[0].equals(\"go\") ? 3 : 1); } }");
        Process javac = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "javac").toString(),
                "-d", classes.toString(), source.toString()).inheritIO().start();
        assertThat(javac.waitFor()).isZero();
        JavaLauncher l = new JavaLauncher(java, List.of(classes.toString()), List.of(), dir);
        assertThat(l.run("Exit3", List.of("go"), dir.resolve("tmp"))).isEqualTo(3);
        try (var left = Files.list(dir.resolve("tmp"))) {
            assertThat(left).isEmpty(); // the argument file is removed
        }
    }
}
