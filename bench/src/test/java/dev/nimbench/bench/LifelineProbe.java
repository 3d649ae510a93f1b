package dev.nimbench.bench;

/**
 * Stands in for the harness in {@link LifelineTest}: installs the {@link Lifeline} as
 * {@link BenchMain#main} does, starts a child ({@code sleep}, as JMH starts forks), prints
 * {@code pids <own> <child>} and waits.
 */
public final class LifelineProbe {

    private LifelineProbe() {
    }

    public static void main(String[] args) throws Exception {
        Lifeline.install(System.err);
        Process fork = new ProcessBuilder("sleep", "600").start();
        System.out.println("pids " + ProcessHandle.current().pid() + " " + fork.pid());
        System.out.flush();
        Thread.sleep(600_000);
    }
}
