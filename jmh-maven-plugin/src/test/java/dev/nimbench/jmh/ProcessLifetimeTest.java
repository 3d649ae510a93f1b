package dev.nimbench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * The launcher gets a short grace period; every wait is for an event with a generous bound
 * ({@link #BOUND}), and the times are printed, not asserted.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class ProcessLifetimeTest {

    /** The most any process is waited for: far above what a loaded 2-core machine needs. */
    static final Duration BOUND = Duration.ofSeconds(30);
    /** The launcher's grace period in these tests (the plugin's is {@link ProcessTree#GRACE}). */
    private static final Duration GRACE = Duration.ofSeconds(1);

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
                LauncherProbe.class.getName(), Long.toString(GRACE.toMillis())));
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
        }).get(2 * BOUND.toSeconds(), TimeUnit.SECONDS);
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
        assertGone(maven.toHandle(), "the launcher", t0);
        assertGone(harness, "the harness JVM", t0);
        assertGone(fork, "the harness's child", t0);
    }

    private static ProcessHandle handle(long pid) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        assertThat(h).as("process %d exists", pid).isPresent();
        return h.get();
    }

    /** Waits until {@code p} is gone (exited and reaped), at most {@link #BOUND}; prints the seconds since {@code t0}. */
    static void assertGone(ProcessHandle p, String what, long t0) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (p.isAlive() && System.nanoTime() - deadline < 0) {
            Thread.sleep(10);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "%s (pid %d) %s %.2f s after SIGTERM to the launcher%n", what, p.pid(),
                p.isAlive() ? "STILL RUNS" : "gone", seconds);
        assertThat(p.isAlive()).as("%s (pid %d) still runs %.1f s later", what, p.pid(), seconds).isFalse();
    }
}
