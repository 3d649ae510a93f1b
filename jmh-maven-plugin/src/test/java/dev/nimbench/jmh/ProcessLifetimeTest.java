package dev.nimbench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * Maven stopped by SIGTERM alone (what {@code timeout}, IDE stop buttons and CI runners send) takes
 * the harness JVM and everything it started with it. Real processes: a JVM standing in for Maven
 * ({@link LauncherProbe}) runs a child JVM ({@link SpawningChild}) that starts a {@code sleep}.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class ProcessLifetimeTest {

    private final List<ProcessHandle> started = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        started.forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void sigtermToMavenEndsTheHarnessAndItsChildren() throws Exception {
        assertChildrenEndWithTheLauncher();
    }

    @Test
    void aHarnessThatIgnoresSigtermIsKilledAfterTheGracePeriod() throws Exception {
        assertChildrenEndWithTheLauncher("stubborn");
    }

    private void assertChildrenEndWithTheLauncher(String... childArgs) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                LauncherProbe.class.getName()));
        cmd.addAll(List.of(childArgs));
        Process maven = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        started.add(maven.toHandle());
        BufferedReader out = new BufferedReader(new InputStreamReader(maven.getInputStream(), StandardCharsets.UTF_8));
        String line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (java.io.IOException e) {
                return null;
            }
        }).get(60, TimeUnit.SECONDS);
        assertThat(line).as("the child's pid line").startsWith("pids ");
        String[] parts = line.split(" ");
        ProcessHandle harness = handle(Long.parseLong(parts[1]));
        ProcessHandle fork = handle(Long.parseLong(parts[2]));
        started.add(harness);
        started.add(fork);
        assertThat(harness.isAlive()).isTrue();
        assertThat(fork.isAlive()).isTrue();

        long t0 = System.nanoTime();
        maven.destroy(); // SIGTERM to the Maven stand-in alone, not to its process group
        assertThat(maven.waitFor(ProcessTree.GRACE.toSeconds() + 10, TimeUnit.SECONDS)).as("launcher exited").isTrue();
        assertGone(harness, "the harness JVM");
        assertGone(fork, "the harness's child");
        System.out.printf("launcher and its tree gone %.1f s after SIGTERM%n", (System.nanoTime() - t0) / 1e9);
    }

    private static ProcessHandle handle(long pid) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        assertThat(h).as("process %d exists", pid).isPresent();
        return h.get();
    }

    static void assertGone(ProcessHandle p, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(p.isAlive()).as("%s (pid %d) is still running", what, p.pid()).isFalse();
    }
}
