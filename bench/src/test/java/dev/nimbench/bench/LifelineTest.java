package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The harness side of "no process outlives the run", with real processes: a shell stands in for
 * Maven, {@link LifelineProbe} for the harness, {@code sleep} for a JMH fork. Every wait is for an
 * event with a generous bound ({@link Eventually}); the times are printed, not asserted.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class LifelineTest {

    /** The probe's grace period: short, so the SIGKILL case does not wait the default 3 s. */
    private static final String GRACE_MILLIS = "500";

    private final List<ProcessHandle> started = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        started.forEach(ProcessHandle::destroyForcibly);
    }

    /** SIGKILL to the parent (it can run no hook): the harness notices, ends its fork and exits. */
    @Test
    void harnessExitsWhenItsParentDies() throws Exception {
        // "; true" keeps the shell alive as the JVM's parent instead of exec-ing it.
        Process shell = new ProcessBuilder("sh", "-c", "\"$0\" -cp \"$1\" " + LifelineProbe.class.getName() + " "
                + GRACE_MILLIS + "; true", javaExecutable(), System.getProperty("java.class.path"))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        started.add(shell.toHandle());
        ProcessHandle[] pids = readPids(shell);
        long t0 = System.nanoTime();
        shell.destroyForcibly();
        double fork = Eventually.gone(pids[1], "the harness's fork", t0);
        double exited = Eventually.exited(pids[0], "the harness", t0);
        double reaped = Eventually.gone(pids[0], "the harness", t0);
        System.out.printf(Locale.ROOT, "parent killed: fork gone after %.2f s, harness exited after %.2f s,"
                + " reaped (by init) after %.2f s%n", fork, exited, reaped);
    }

    /** SIGTERM to the harness alone: its shutdown hook ends the fork before the JVM exits. */
    @Test
    void sigtermToTheHarnessEndsItsForks() throws Exception {
        ProcessHandle[] pids = sigtermTheHarness("");
        Eventually.gone(pids[1], "the harness's fork", System.nanoTime());
    }

    /** A fork that ignores SIGTERM gets SIGKILL after the grace period, and the harness still exits. */
    @Test
    void aForkThatIgnoresSigtermIsKilledAfterTheGracePeriod() throws Exception {
        ProcessHandle[] pids = sigtermTheHarness("stubborn");
        Eventually.gone(pids[1], "the stubborn fork", System.nanoTime());
    }

    private ProcessHandle[] sigtermTheHarness(String forkMode) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(javaExecutable(), "-cp", System.getProperty("java.class.path"),
                LifelineProbe.class.getName(), GRACE_MILLIS));
        if (!forkMode.isEmpty()) {
            cmd.add(forkMode);
        }
        Process harness = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        started.add(harness.toHandle());
        ProcessHandle[] pids = readPids(harness);
        long t0 = System.nanoTime();
        harness.destroy();
        Eventually.gone(harness.toHandle(), "the harness after SIGTERM", t0);
        return pids;
    }

    private ProcessHandle[] readPids(Process p) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return null;
            }
        }).get(Eventually.BOUND.toSeconds() * 2, TimeUnit.SECONDS);
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
}
