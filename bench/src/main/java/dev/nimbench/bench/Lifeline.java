package dev.nimbench.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * Ties the harness JVM's life to its parent's, so that no process outlives a run whichever side
 * is stopped first:
 * <ul>
 *   <li>when the process that started the harness (Maven, a shell) exits, however it ended
 *       (SIGKILL included), the harness stops with exit status {@link #EXIT_PARENT_GONE};</li>
 *   <li>whenever the harness JVM shuts down (that exit, SIGTERM, SIGINT, a normal end), its
 *       descendants (JMH's forks) are destroyed first: SIGTERM, then SIGKILL after {@link #GRACE_MILLIS}.</li>
 * </ul>
 * The jmh plugin does the same from its side (it destroys the harness's whole tree when Maven
 * stops), so neither depends on the other behaving.
 */
final class Lifeline {

    /** Exit status when the parent process went away. */
    static final int EXIT_PARENT_GONE = 3;
    static final long GRACE_MILLIS = 3_000;

    private static volatile boolean stopping;

    private Lifeline() {
    }

    /** Installs the shutdown hook and the parent watch; once per JVM. */
    static void install(PrintStream err) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping = true;
            destroyDescendants();
        }, "nimbench-fork-reaper"));
        ProcessHandle.current().parent().filter(p -> p.pid() > 1).ifPresent(parent ->
                parent.onExit().thenRun(() -> {
                    err.println("nimbench: the process that started this harness (pid " + parent.pid()
                            + ") has exited; stopping the harness and its forks");
                    err.flush();
                    System.exit(EXIT_PARENT_GONE);
                }));
    }

    /** True once this JVM is shutting down: a group that ends now ended because its forks were killed. */
    static boolean stopping() {
        return stopping;
    }

    /** SIGTERM to every descendant, SIGKILL to those alive after the grace period; repeated for late children. */
    static void destroyDescendants() {
        for (int round = 0; round < 3; round++) {
            List<ProcessHandle> alive = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                    .collect(Collectors.toList());
            if (alive.isEmpty()) {
                return;
            }
            alive.forEach(ProcessHandle::destroy);
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS);
            for (ProcessHandle p : alive) {
                try {
                    p.onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException | ExecutionException e) {
                    p.destroyForcibly();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    p.destroyForcibly();
                }
            }
        }
    }
}
