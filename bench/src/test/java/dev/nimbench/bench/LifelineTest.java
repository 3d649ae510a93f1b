package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The harness side of "no process outlives the run", with real processes: a shell stands in for
 * Maven, {@link LifelineProbe} for the harness, {@code sleep} for a JMH fork.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class LifelineTest {

    private final List<ProcessHandle> started = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        started.forEach(ProcessHandle::destroyForcibly);
    }

    /** SIGKILL to the parent (it can run no hook): the harness notices, ends its fork and exits. */
    @Test
    void harnessExitsWhenItsParentDies() throws Exception {
        // "; true" keeps the shell alive as the JVM's parent instead of exec-ing it.
        Process shell = new ProcessBuilder("sh", "-c", "\"$0\" -cp \"$1\" " + LifelineProbe.class.getName() + "; true",
                javaExecutable(), System.getProperty("java.class.path"))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        started.add(shell.toHandle());
        ProcessHandle[] pids = readPids(shell);
        long t0 = System.nanoTime();
        shell.destroyForcibly();
        assertGone(pids[0], "the harness", 5);
        assertGone(pids[1], "its fork", 1);
        System.out.printf("harness and fork gone %.1f s after the parent was killed%n", (System.nanoTime() - t0) / 1e9);
    }

    /** SIGTERM to the harness alone: its shutdown hook ends the fork before the JVM exits. */
    @Test
    void sigtermToTheHarnessEndsItsForks() throws Exception {
        Process harness = new ProcessBuilder(javaExecutable(), "-cp", System.getProperty("java.class.path"),
                LifelineProbe.class.getName()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        started.add(harness.toHandle());
        ProcessHandle[] pids = readPids(harness);
        harness.destroy();
        assertThat(harness.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertGone(pids[1], "the harness's fork", 1);
    }

    private ProcessHandle[] readPids(Process p) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return null;
            }
        }).get(60, TimeUnit.SECONDS);
        assertThat(line).as("the probe's pid line").startsWith("pids ");
        String[] parts = line.split(" ");
        ProcessHandle[] handles = new ProcessHandle[2];
        for (int i = 0; i < 2; i++) {
            long pid = Long.parseLong(parts[i + 1]);
            handles[i] = ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("process " + pid + " is gone already"));
            started.add(handles[i]);
            assertThat(handles[i].isAlive()).isTrue();
        }
        return handles;
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static void assertGone(ProcessHandle p, String what, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(p.isAlive()).as("%s (pid %d) still runs %d s later", what, p.pid(), seconds).isFalse();
    }
}
