package dev.nimbench.jmh;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Ends a process and all its descendants: SIGTERM to each (children first, so a parent that
 * starts a replacement child while it dies is caught by the next round), then SIGKILL to whatever
 * is still alive after the grace period. The descendants are listed before the root dies, because
 * an orphan is re-parented and no longer shows up as a descendant.
 */
final class ProcessTree {

    /** How long a process gets to exit on SIGTERM (the harness removes its own forks in that time). */
    static final Duration GRACE = Duration.ofSeconds(5);

    private static final int ROUNDS = 5;
    private static final long POLL_MILLIS = 10;

    private ProcessTree() {
    }

    /** Destroys root and its descendants; returns when all are gone or were sent SIGKILL. */
    static void destroy(ProcessHandle root, Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        List<ProcessHandle> seen = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            List<ProcessHandle> alive = root.descendants().filter(ProcessHandle::isAlive).collect(Collectors.toList());
            if (round == 0 || root.isAlive()) {
                alive.add(root);
            }
            if (alive.isEmpty()) {
                break;
            }
            alive.forEach(ProcessHandle::destroy);
            seen.addAll(alive);
            for (ProcessHandle p : alive) {
                awaitExit(p, deadline);
            }
        }
        if (root.isAlive()) {
            // It ignored SIGTERM: list what it started meanwhile before it dies and they become orphans.
            root.descendants().forEach(seen::add);
        }
        for (ProcessHandle p : seen) {
            if (p.isAlive()) {
                p.destroyForcibly();
                awaitExit(p, System.nanoTime() + grace.toNanos());
            }
        }
    }

    /**
     * Polls until {@code p} is gone or the deadline passes. Polling, not {@code p.onExit().get()}:
     * that future completes on the common ForkJoin pool (one thread on 2 cores), which a shutdown
     * hook cannot count on having free.
     */
    private static void awaitExit(ProcessHandle p, long deadlineNanos) {
        while (p.isAlive() && System.nanoTime() - deadlineNanos < 0) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return; // the caller escalates to SIGKILL
            }
        }
    }
}
