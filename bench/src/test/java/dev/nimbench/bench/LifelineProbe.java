package dev.nimbench.bench;

import java.time.Duration;

/**
 * Stands in for the harness in {@link LifelineTest}: installs the {@link Lifeline} as
 * {@link BenchMain#main} does (with the grace period in milliseconds given as the first argument,
 * without arguments with the harness's defaults),
 * starts a child ({@code sleep}, as JMH starts forks), prints {@code pids <own> <child>} and waits.
 * With "stubborn" as the second argument the child ignores SIGTERM, like a fork that does not
 * react to being stopped.
 */
public final class LifelineProbe {

    private LifelineProbe() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            Lifeline.install(System.err); // the harness's own timings
        } else {
            Lifeline.install(System.err, Duration.ofMillis(Long.parseLong(args[0])), Lifeline.WATCH_INTERVAL);
        }
        boolean stubborn = args.length > 1 && args[1].equals("stubborn");
        // An ignored signal stays ignored across exec, so the sleep itself ignores SIGTERM.
        Process fork = new ProcessBuilder("sh", "-c", (stubborn ? "trap '' TERM; " : "") + "exec sleep 600").start();
        System.out.println("pids " + ProcessHandle.current().pid() + " " + fork.pid());
        System.out.flush();
        Thread.sleep(600_000);
    }
}
