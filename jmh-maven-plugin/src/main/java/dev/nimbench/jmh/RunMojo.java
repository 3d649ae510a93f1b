package dev.nimbench.jmh;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code mvn -pl bench jmh:run}: compiles bench (JMH generates its benchmarks then), runs
 * {@code dev.nimbench.bench.BenchMain} in a separate JVM, which writes a new result file and its
 * metadata to {@code results/}, then renders {@code reports/} from all results.
 *
 * <p>A separate JVM because JMH forks copy their parent's class path and JVM options: inside
 * Maven's JVM those would be Maven's own, and the Vector API module would be missing.
 */
@Mojo(name = "run", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
@Execute(phase = LifecyclePhase.PROCESS_CLASSES)
public final class RunMojo extends AbstractJmhMojo {

    static final String BENCH_MAIN = "dev.nimbench.bench.BenchMain";

    /**
     * {@code default} (every stage, fits 15 minutes on 2 cores), {@code quick} (every variant, about
     * 3 minutes) or {@code recommend} (the pipeline configurations at production sizes, about 4
     * minutes: this CPU's entry of {@code recommended-config.json}).
     */
    @Parameter(property = "jmh.profile", defaultValue = "default")
    private String profile;

    /** Regex (find semantics) on benchmark names, e.g. {@code Transform} or {@code PowerSumBench.sum}. */
    @Parameter(property = "jmh.include")
    private String include;

    /** Comma-separated size values replacing the profile's ({@code 1024,2^20,1e6}). */
    @Parameter(property = "jmh.sizes")
    private String sizes;

    /** Regex (find semantics) on variant ids and pipeline configuration labels. */
    @Parameter(property = "jmh.variants")
    private String variants;

    /** Problem ids, comma-separated: the problems whose distributions and pipelines run (default: every problem). */
    @Parameter(property = "jmh.problem")
    private String problem;

    /**
     * Forks per parameter combination for every group, replacing the profile's (default profile: 5 at
     * each stage's largest size and for the pipelines, 3 for slow variants there, 1 elsewhere).
     */
    @Parameter(property = "jmh.forks")
    private Integer forks;

    @Parameter(property = "jmh.warmupIterations")
    private Integer warmupIterations;

    @Parameter(property = "jmh.iterations")
    private Integer iterations;

    /**
     * JMH profiler(s), comma-separated, e.g. {@code stack} or {@code async} (flame graphs under
     * {@code reports/flamegraphs/}, no set-up). {@code gc} is always added.
     */
    @Parameter(property = "jmh.prof")
    private String prof;

    /** The stage benchmarks' {@code threads} parameter: threads offered to parallel variants (default: available processors). */
    @Parameter(property = "jmh.threads")
    private Integer threads;

    /**
     * An external yardstick run before and after the benchmarks (its medians go into the
     * metadata and the report shows the pipeline's ratio to it): a path to an executable that
     * prints {@code median <ms> ms}, or {@code none}. Default: the developers' native yardstick (a
     * hand-written C/AVX program kept outside this repository) at its usual place beside the
     * repository ({@code Yardstick.DEFAULT_RELATIVE} in the bench module) when it exists.
     */
    @Parameter(property = "jmh.yardstick")
    private String yardstick;

    /**
     * Simulate a narrower vector unit on this CPU: {@code avx2} ({@code -XX:UseAVX=2}), {@code sse}
     * ({@code -XX:UseAVX=0}) or {@code 128} ({@code -XX:MaxVectorSize=16}) in every fork. The run is
     * labelled "this CPU limited to ..." and keyed {@code <cpu key>@<isa>}.
     */
    @Parameter(property = "jmh.isa")
    private String isa;

    /**
     * Continue an interrupted run instead of starting a new one: {@code -Djmh.resume} (the newest
     * interrupted run in {@code results/}) or {@code -Djmh.resume=<its results file name>}. Only a
     * run of the same git revision, CPU, JDK, profile and options is continued; anything else is
     * refused in one line. The finished run is one results file, as if it had never stopped.
     */
    @Parameter(property = "jmh.resume")
    private String resume;

    /**
     * The whole command's wall-time budget in minutes, Maven included (default profile 15, quick 4;
     * 0: none). What decides runs first and is never dropped; the ceilings, one-thread baselines
     * and curves run while time is left, and what would end past the budget is dropped and listed.
     */
    @Parameter(property = "jmh.budget")
    private String budget;

    /** Print the plan (benchmarks, variants, sizes, estimated time) and stop. */
    @Parameter(property = "jmh.dryRun", defaultValue = "false")
    private boolean dryRun;

    /** Skip rendering reports after the run. */
    @Parameter(property = "jmh.skipReport", defaultValue = "false")
    private boolean skipReport;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (notTheBenchModule()) {
            return;
        }
        JavaLauncher launcher = launcher();
        int rc = runMain(launcher, BENCH_MAIN, benchArguments());
        if (rc == 2) {
            throw new MojoFailureException("BenchMain rejected its options (exit 2); see the message above");
        }
        if (rc >= 128) {
            // Killed by a signal (128 + its number): Maven itself is usually being stopped too.
            throw new MojoFailureException("the benchmark JVM was stopped (signal " + (rc - 128) + "); the groups it"
                    + " finished are kept in " + results() + ", marked partial; add -Djmh.resume to continue the run");
        }
        if (!dryRun && !skipReport && rc <= 1) {
            // Exit 1 still wrote the scores that were measured: render them, then fail.
            try {
                renderReports(launcher);
            } catch (MojoFailureException e) {
                if (rc == 0) {
                    throw e;
                }
                getLog().warn(e.getMessage());
            }
        }
        if (rc != 0) {
            throw new MojoFailureException("benchmarks failed (BenchMain exit " + rc + "): some variants produced no score"
                    + " or a wrong result; the others are in results/ (see the !!! lines above and the run's .meta.json)");
        }
    }

    List<String> benchArguments() {
        List<String> args = new ArrayList<>();
        args.add("--profile");
        args.add(profile);
        add(args, "--include", include);
        add(args, "--sizes", sizes);
        add(args, "--variants", variants);
        add(args, "--problem", problem);
        add(args, "--forks", forks);
        add(args, "--warmup-iterations", warmupIterations);
        add(args, "--iterations", iterations);
        add(args, "--prof", prof);
        add(args, "--threads", threads);
        add(args, "--yardstick", yardstick);
        add(args, "--isa", isa);
        add(args, "--resume", resume);
        add(args, "--budget", budget);
        // The budget counts from Maven's start: this JVM's.
        add(args, "--started", java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime());
        args.add("--results");
        args.add(results().toString());
        args.add("--reports");
        args.add(reports().toString());
        args.add("--root");
        args.add(rootDirectory().toString());
        args.add("--command");
        args.add(userCommand());
        if (dryRun) {
            args.add("--dry-run");
        }
        return args;
    }

    private static void add(List<String> args, String name, Object value) {
        if (value != null && !value.toString().isBlank()) {
            args.add(name);
            args.add(value.toString().trim());
        }
    }

    /** The user's Maven command as the mvn script saw it (recorded in the run's metadata). */
    private static String userCommand() {
        String mavenArgs = System.getenv("MAVEN_CMD_LINE_ARGS");
        return mavenArgs == null ? "mvn (arguments unknown)" : ("mvn " + mavenArgs.trim());
    }
}
