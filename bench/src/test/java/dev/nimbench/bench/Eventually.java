package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * Waits of the process tests for an event, not for a time: each polls until its condition holds
 * and fails only after a generous bound ({@link #BOUND}, far above what a loaded 2-core machine
 * needs), printing how long it took either way, so a slow run shows in the log long before a bound
 * is reached.
 */
final class Eventually {

    /** The most any event is waited for. */
    static final Duration BOUND = Duration.ofSeconds(30);
    private static final long POLL_MILLIS = 10;

    private Eventually() {
    }

    /**
     * Waits until {@code condition} holds; fails naming {@code what} after {@link #BOUND}. Returns
     * the seconds since {@code t0} (a {@link System#nanoTime()}) and prints them.
     */
    static double until(BooleanSupplier condition, String what, long t0) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        boolean held;
        while (!(held = condition.getAsBoolean()) && System.nanoTime() - deadline < 0) {
            Thread.sleep(POLL_MILLIS);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, held ? "%s after %.2f s%n" : "%s: NOT SO after %.2f s%n", what, seconds);
        assertThat(held).as("%s, still not so %.1f s later", what, seconds).isTrue();
        return seconds;
    }

    /** Waits until {@code p} is gone: exited and reaped ({@link ProcessHandle#isAlive()} false). */
    static double gone(ProcessHandle p, String what, long t0) throws InterruptedException {
        return until(() -> !p.isAlive(), what + " (pid " + p.pid() + ") gone", t0);
    }

    /**
     * Waits until {@code p} has exited, reaped or not: on Linux a dead process whose parent has not
     * reaped it yet (a zombie, state Z) still counts as alive for {@link ProcessHandle#isAlive()};
     * an orphan is reaped by init, which takes a machine-dependent time.
     */
    static double exited(ProcessHandle p, String what, long t0) throws InterruptedException {
        return until(() -> !p.isAlive() || zombie(p.pid()), what + " (pid " + p.pid() + ") exited", t0);
    }

    /** Whether /proc says the process is a zombie (false where there is no /proc). */
    static boolean zombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // "pid (comm) S ...": the state follows the last ')', since comm may contain one.
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
