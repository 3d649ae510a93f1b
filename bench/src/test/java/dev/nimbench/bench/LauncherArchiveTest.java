package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.platform.JitGuard;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive logic of {@code bin/nimbench} on a copy of the launcher in a scratch repository,
 * with a stand-in {@code java} (a script that prints its arguments and creates the archive a
 * training run names) and a stand-in JDK release file: the archive is keyed by the JDK and the
 * jar build, used when it matches, skipped with a one-line hint after a rebuild of the jar, and
 * {@code --train} replaces the stale one. The real JVMs are checked by {@code bench/test-launcher.sh}.
 */
class LauncherArchiveTest {

    @TempDir
    Path repo;
    private Path jdk;
    private Path jar;

    @BeforeEach
    void scratchRepository() throws IOException {
        Path bin = Files.createDirectories(repo.resolve("bin"));
        Files.copy(Path.of("..", "bin", "nimbench"), bin.resolve("nimbench"));
        jar = Files.createDirectories(repo.resolve("core/target")).resolve("nimbench.jar");
        Files.writeString(jar, "a jar");
        jdk = Files.createDirectories(repo.resolve("jdk/bin")).getParent();
        release("25.0.3", "25.0.3+9-LTS");
        Path java = jdk.resolve("bin/java");
        Files.writeString(java, """
                #!/bin/bash
                for a in "$@"; do
                  case $a in -XX:AOTCacheOutput=*|-XX:ArchiveClassesAtExit=*) : > "${a#*=}" ;; esac
                done
                printf '%s\\n' "$@"
                """);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void theArchiveIsKeyedByTheJdkAndTheJarBuild() throws IOException {
        String first = launcher("--print-archive").out.strip();
        assertThat(first).startsWith(repo.resolve("core/target/nimbench-jdk25-").toString()).endsWith(".aot");
        assertThat(launcher("--print-archive").out.strip()).isEqualTo(first);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5_000));
        String rebuilt = launcher("--print-archive").out.strip();
        assertThat(rebuilt).isNotEqualTo(first);
        release("25.0.4", "25.0.4+7-LTS");
        assertThat(launcher("--print-archive").out.strip()).isNotEqualTo(rebuilt);
        release("17.0.15", "17.0.15+6");
        assertThat(launcher("--print-archive").out.strip()).contains("nimbench-jdk17-").endsWith(".jsa");
    }

    @Test
    void aTrainedArchiveIsUsedUntilTheJarIsRebuiltAndTrainingReplacesIt() throws IOException {
        Run untrained = launcher("solve", "card-stacking", "3", "2");
        assertThat(untrained.out).contains("-Dnimbench.oneShot=true").doesNotContain("-XX:AOTCache")
                .as("the JIT guard (no kernel compiled boxed)").contains(JitGuard.OPTIONS.toArray(new String[0]));
        assertThat(untrained.err).isEmpty();

        assertThat(launcher("--train").code).isZero();
        Path archive = Path.of(launcher("--print-archive").out.strip());
        assertThat(archive).exists();
        Run trained = launcher("solve", "card-stacking", "3", "2");
        assertThat(trained.out).contains("-XX:AOTCache=" + archive).endsWith("solve\ncard-stacking\n3\n2\n");
        assertThat(trained.err).isEmpty();

        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5_000));
        Run stale = launcher("solve", "card-stacking", "3", "2");
        assertThat(stale.code).isZero();
        assertThat(stale.out).doesNotContain("-XX:AOTCache");
        assertThat(stale.err.strip()).hasLineCount(1).contains(archive.toString()).contains("earlier build of the jar")
                .contains("bin/nimbench --train");

        assertThat(launcher("--train").code).isZero();
        Path renewed = Path.of(launcher("--print-archive").out.strip());
        assertThat(renewed).exists().isNotEqualTo(archive);
        assertThat(archive).doesNotExist();
        assertThat(launcher("solve", "card-stacking", "3", "2").out).contains("-XX:AOTCache=" + renewed);
    }

    @Test
    void jdk17GetsAnAppCdsArchive() throws IOException {
        release("17.0.15", "17.0.15+6");
        assertThat(launcher("--train").code).isZero();
        Path archive = Path.of(launcher("--print-archive").out.strip());
        assertThat(archive).exists();
        assertThat(launcher("solve", "card-stacking", "3", "2").out).contains("-XX:SharedArchiveFile=" + archive)
                .doesNotContain("AOTCache");
    }

    private void release(String version, String runtime) throws IOException {
        Files.writeString(jdk.resolve("release"),
                "JAVA_RUNTIME_VERSION=\"" + runtime + "\"\nJAVA_VERSION=\"" + version + "\"\n");
    }

    private record Run(int code, String out, String err) {
    }

    private Run launcher(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("bash", repo.resolve("bin/nimbench").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("JAVA_HOME", jdk.toString());
        pb.environment().remove("NIMBENCH_JAVA_OPTS");
        Path err = repo.resolve("stderr.txt");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return new Run(p.exitValue(), out, Files.readString(err));
    }
}
