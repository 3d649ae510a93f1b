package dev.nimbench.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Ties the harness JVM's life to its parent's, so that no process outlives a run whichever side
 * is stopped first:
 * <ul>
 *   <li>when the process that started the harness (Maven, a shell) exits, however it ended
 *       (SIGKILL included), the harness stops with exit status {@link #EXIT_PARENT_GONE};</li>
 *   <li>whenever the harness JVM shuts down (that exit, SIGTERM, SIGINT, a normal end), its
 *       descendants (JMH's forks) are destroyed first: SIGTERM, then SIGKILL after the grace
 *       period ({@link #GRACE}).</li>
 * </ul>
 * The jmh plugin does the same from its side (it destroys the harness's whole tree when Maven
 * stops), so neither depends on the other behaving.
 *
 * <p>Both run on threads of their own and wait by polling, never on a {@code CompletableFuture}:
 * {@code ProcessHandle.onExit()} completes on the common ForkJoin pool, which has one thread on 2
 * cores, and a parent watch that called {@code System.exit} from that thread left the shutdown
 * hook's own {@code onExit()} waits without a thread, so they always ran out the whole grace
 * period (a fixed 3 s stall on JDK 25). The watch thread also notices the death sooner than
 * {@code onExit()} of a non-child, which the JDK polls at intervals growing to 5 s.
 */
final class Lifeline {

    /** Exit status when the parent process went away. */
    static final int EXIT_PARENT_GONE = 3;
    /** How long a fork gets to exit after SIGTERM before it gets SIGKILL. */
    static final Duration GRACE = Duration.ofSeconds(3);
    /** How often the watch thread looks at the parent: the most it adds to noticing its death. */
    static final Duration WATCH_INTERVAL = Duration.ofMillis(100);
    /** How often the shutdown hook looks whether the forks it signalled are gone. */
    private static final long POLL_MILLIS = 10;

    private static volatile boolean stopping;

    private Lifeline() {
    }

    /** Installs the shutdown hook and the parent watch with the default timings; once per JVM. */
    static void install(PrintStream err) {
        install(err, GRACE, WATCH_INTERVAL);
    }

    /** Installs the shutdown hook and the parent watch; once per JVM (tests give short timings). */
    static void install(PrintStream err, Duration grace, Duration watchInterval) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping = true;
            destroyDescendants(grace, err);
        }, "nimbench-fork-reaper"));
        ProcessHandle.current().parent().filter(p -> p.pid() > 1).ifPresent(parent -> {
            Thread watch = new Thread(() -> watch(parent, watchInterval, err), "nimbench-parent-watch");
            watch.setDaemon(true);
            watch.start();
        });
    }

    /** True once this JVM is shutting down: a group that ends now ended because its forks were killed. */
    static boolean stopping() {
        return stopping;
    }

    /** Returns when the parent is gone, then exits the JVM from this thread (which the hook never waits for). */
    private static void watch(ProcessHandle parent, Duration interval, PrintStream err) {
        while (isOurParent(parent)) {
            try {
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException e) {
                return; // nobody interrupts this thread; if someone does, the watch ends
            }
        }
        err.println("nimbench: the process that started this harness (pid " + parent.pid()
                + ") has exited; stopping the harness and its forks");
        err.flush();
        System.exit(EXIT_PARENT_GONE);
    }

    /**
     * True while {@code parent} is alive and still this JVM's parent. A process is re-parented the
     * moment its parent dies, while the dead parent can stay "alive" (a zombie) until its own
     * parent reaps it; either sign ends the wait.
     */
    static boolean isOurParent(ProcessHandle parent) {
        return parent.isAlive()
                && ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L) == parent.pid();
    }

    /**
     * SIGTERM to every descendant, SIGKILL to those alive after {@code grace}; repeated for
     * children started meanwhile. Prints one line when there is anything to end.
     */
    static void destroyDescendants(Duration grace, PrintStream err) {
        for (int round = 0; round < 3; round++) {
            List<ProcessHandle> alive = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                    .collect(Collectors.toList());
            if (alive.isEmpty()) {
                return;
            }
            if (round == 0) {
                err.println("nimbench: shutting down; ending " + alive.size() + " process(es) started by this harness"
                        + " (SIGTERM, SIGKILL after " + grace.toMillis() + " ms)");
                err.flush();
            }
            alive.forEach(ProcessHandle::destroy);
            long deadline = System.nanoTime() + grace.toNanos();
            while (alive.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() - deadline < 0) {
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            alive.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        }
    }
}
