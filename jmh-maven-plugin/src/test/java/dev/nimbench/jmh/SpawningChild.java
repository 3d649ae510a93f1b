package dev.nimbench.jmh;

/**
 * Stands in for the harness in {@link ProcessLifetimeTest}: starts a grandchild ({@code sleep}, as
 * the harness starts JMH forks), prints {@code pids <own> <grandchild>} and waits. With "stubborn"
 * it delays its own exit on SIGTERM by a minute, like a harness that does not react to being stopped.
 */
public final class SpawningChild {

    private SpawningChild() {
    }

    public static void main(String[] args) throws Exception {
        Process grandchild = new ProcessBuilder("sleep", "600").start();
        if (args.length > 0 && args[0].equals("stubborn")) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        System.out.println("pids " + ProcessHandle.current().pid() + " " + grandchild.pid());
        System.out.flush();
        Thread.sleep(600_000);
    }
}
