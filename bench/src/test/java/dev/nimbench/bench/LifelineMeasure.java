package dev.nimbench.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Measures how long the harness takes to end after its parent is killed (the figures of
 * docs/interrupted-runs.md), as {@link LifelineTest#harnessExitsWhenItsParentDies} does, with the
 * default grace period: a shell starts {@link LifelineProbe} (a harness stand-in with a
 * {@code sleep} fork), the shell gets SIGKILL, and the clock runs until the fork is gone, the
 * harness has exited (a zombie counts) and init has reaped it. Not a test (surefire does not run
 * it):
 * <pre>
 * java -cp bench/target/test-classes:bench/target/classes dev.nimbench.bench.LifelineMeasure [trials] [java]
 * </pre>
 * {@code java} is the executable that runs the probe (default: this JVM's).
 */
public final class LifelineMeasure {

    private LifelineMeasure() {
    }

    public static void main(String[] args) throws Exception {
        int trials = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        String java = args.length > 1 ? args[1] : Path.of(System.getProperty("java.home"), "bin", "java").toString();
        double[][] t = new double[3][trials];
        for (int i = 0; i < trials; i++) {
            double[] one = trial(java);
            for (int k = 0; k < 3; k++) {
                t[k][i] = one[k];
            }
            System.out.printf(Locale.ROOT, "trial %d: fork gone %.3f s, harness exited %.3f s, reaped %.3f s%n",
                    i + 1, one[0], one[1], one[2]);
        }
        String[] names = {"fork gone", "harness exited", "harness reaped"};
        for (int k = 0; k < 3; k++) {
            double[] s = t[k].clone();
            Arrays.sort(s);
            System.out.printf(Locale.ROOT, "%s: median %.3f s, min %.3f s, max %.3f s (%d trials, %s)%n", names[k],
                    s[trials / 2], s[0], s[trials - 1], trials, java);
        }
    }

    /** Seconds from SIGKILL to the shell until: the fork is gone, the harness exited, the harness was reaped. */
    private static double[] trial(String java) throws Exception {
        Process shell = new ProcessBuilder("sh", "-c", "\"$0\" -cp \"$1\" " + LifelineProbe.class.getName() + "; true",
                java, System.getProperty("java.class.path"))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String line = new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.UTF_8)).readLine();
        if (line == null || !line.startsWith("pids ")) {
            throw new IllegalStateException("the probe printed no pid line: " + line);
        }
        String[] parts = line.split(" ");
        ProcessHandle harness = ProcessHandle.of(Long.parseLong(parts[1])).orElseThrow();
        ProcessHandle fork = ProcessHandle.of(Long.parseLong(parts[2])).orElseThrow();
        long t0 = System.nanoTime();
        shell.destroyForcibly();
        double[] at = {Double.NaN, Double.NaN, Double.NaN};
        long deadline = t0 + 60_000_000_000L;
        while (Double.isNaN(at[2]) && System.nanoTime() - deadline < 0) {
            double now = (System.nanoTime() - t0) / 1e9;
            if (Double.isNaN(at[0]) && !fork.isAlive()) {
                at[0] = now;
            }
            boolean alive = harness.isAlive();
            if (Double.isNaN(at[1]) && (!alive || Eventually.zombie(harness.pid()))) {
                at[1] = now;
            }
            if (!alive) {
                at[2] = now;
            }
            Thread.sleep(1);
        }
        harness.destroyForcibly();
        fork.destroyForcibly();
        return at;
    }
}
