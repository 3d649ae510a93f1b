package dev.nimbench.bench;

import dev.nimbench.platform.CpuIdentity;
import dev.nimbench.platform.IsaLimit;
import dev.nimbench.platform.Platform;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the harness itself under the HotSpot flags of {@code --isa} ({@code -Djmh.isa}), as its
 * forks run. The harness resolves the pipeline labels ({@code default} and every label that leaves
 * a stage to the defaults), checks their answers and times them for the plan in its own JVM, and the
 * built-in defaults follow that JVM's view of the CPU ({@code platform.Platform}): a harness on the
 * full vector unit resolved {@code default} to the AVX-512 kernels while its {@code -XX:UseAVX=2}
 * forks ran the AVX2 ones, so the metadata (and the recommendation built from it) named kernels
 * the benchmarks had not run. When the harness's JVM is not limited as asked, it starts the same
 * java with its own options, the limit's flags, its class path and its arguments, waits, and
 * exits with the child's status; the child records
 * {@link dev.nimbench.bench.report.Recommender#HARNESS_CPU_KEY}.
 */
final class IsaRelaunch {

    /** Set in the relaunched JVM, so that a JVM that ignores the flags is an error, not a loop. */
    static final String RELAUNCHED = "nimbench.isaRelaunched";

    private IsaRelaunch() {
    }

    /**
     * The exit status of the harness relaunched under {@code isa}'s flags, or null when this JVM
     * already runs under them (or no limit is asked): then this JVM is the harness.
     *
     * @throws IllegalArgumentException when this JVM was relaunched and still is not limited
     */
    static Integer ifNeeded(String[] args, PrintStream err) throws IOException, InterruptedException {
        IsaLimit isa = requested(args);
        if (isa == null || isa == limitOfThisJvm()) {
            return null;
        }
        if (Boolean.getBoolean(RELAUNCHED)) {
            throw new IllegalArgumentException("--isa " + isa.id() + ": the harness was started with " + isa.jvmFlags()
                    + " and its JVM still sees " + CpuIdentity.current().key() + "; valid where HotSpot takes those flags");
        }
        List<String> command = command(javaBinary(), ManagementFactory.getRuntimeMXBean().getInputArguments(),
                isa, System.getProperty("java.class.path"), args);
        err.println("nimbench: --isa " + isa.id() + ": the harness runs under " + isa.jvmFlags()
                + " as its forks do (labels resolve and calibrate as they run)");
        Process child = new ProcessBuilder(command).inheritIO().start();
        try {
            return child.waitFor();
        } catch (InterruptedException e) {
            child.destroy();
            throw e;
        }
    }

    /** The limit {@code --isa} asks for, or null (none, or options that {@link BenchOptions#parse} refuses). */
    static IsaLimit requested(String[] args) {
        try {
            return BenchOptions.parse(args).isa;
        } catch (IllegalArgumentException e) {
            return null; // the harness reports it
        }
    }

    /** The limit this JVM's flags put on this CPU ({@link Platform#limitOn}), or null. */
    static IsaLimit limitOfThisJvm() {
        return Platform.current().limitOn(CpuIdentity.current().isa());
    }

    /** The relaunch: {@code java <its options> <the limit's flags> -D{@value #RELAUNCHED}=true -cp <cp> BenchMain <args>}. */
    static List<String> command(String java, List<String> jvmOptions, IsaLimit isa, String classPath, String[] args) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmOptions);
        command.addAll(isa.jvmFlags());
        command.add("-D" + RELAUNCHED + "=true");
        command.add("-cp");
        command.add(classPath);
        command.add(BenchMain.class.getName());
        command.addAll(List.of(args));
        return command;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
