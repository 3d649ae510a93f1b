package dev.nimbench.jmh;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/** What every goal shares: the JVM to use, the bench class path, and where results and reports live. */
abstract class AbstractJmhMojo extends AbstractMojo {

    static final String REPORT_MAIN = "dev.nimbench.bench.report.ReportMain";
    static final String COMPARE_MAIN = "dev.nimbench.bench.report.CompareMain";

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    protected MavenSession session;

    /** The {@code java} executable to run on (default: the JVM running Maven). */
    @Parameter(property = "jmh.jvm")
    protected String jvm;

    /** Extra JVM options, whitespace-separated, appended after {@code --add-modules=jdk.incubator.vector}. */
    @Parameter(property = "jmh.jvmArgsAppend")
    protected String jvmArgsAppend;

    /** Where result files are written and read (default: {@code results/} at the repository top). */
    @Parameter(property = "jmh.resultsDir", defaultValue = "${project.basedir}/../results")
    protected File resultsDir;

    /** Where reports are rendered (default: {@code reports/} at the repository top). */
    @Parameter(property = "jmh.reportsDir", defaultValue = "${project.basedir}/../reports")
    protected File reportsDir;

    /**
     * The module whose class path holds the benchmarks. In a reactor of several modules
     * ({@code mvn -pl bench -am jmh:run}, which rebuilds core first) every other module is skipped.
     */
    @Parameter(property = "jmh.benchArtifactId", defaultValue = "nimbench-bench")
    protected String benchArtifactId;

    /** True (after logging why) when this project is not the bench module. */
    /**
     * Whether this module is not the benchmark module (then the goal does nothing); first refuses
     * a {@code -Djmh.*} property that no goal reads ({@link PluginProperties}).
     *
     * @throws MojoFailureException naming the unknown property and the valid ones
     */
    protected boolean notTheBenchModule() throws MojoFailureException {
        String unknown = PluginProperties.unknown(session.getUserProperties());
        if (unknown != null) {
            throw new MojoFailureException(unknown);
        }
        if (benchArtifactId.equals(project.getArtifactId())) {
            return false;
        }
        getLog().info("Skipping " + project.getArtifactId() + ": the benchmarks live in " + benchArtifactId);
        return true;
    }

    /** The multi-module root: the parent of the bench module. */
    protected Path rootDirectory() {
        Path base = project.getBasedir().toPath().toAbsolutePath().normalize();
        Path parent = base.getParent();
        return parent != null ? parent : base;
    }

    protected Path results() {
        return resultsDir.toPath().toAbsolutePath().normalize();
    }

    protected Path reports() {
        return reportsDir.toPath().toAbsolutePath().normalize();
    }

    /** The java executable: {@code jmh.jvm} if given (checked), else this JVM's. */
    protected Path javaExecutable() throws MojoFailureException {
        if (jvm == null || jvm.isBlank()) {
            return Path.of(System.getProperty("java.home"), "bin", "java");
        }
        Path path = Path.of(jvm.trim());
        if (Files.isDirectory(path)) {
            // A JDK home is accepted too: -Djmh.jvm=/usr/lib/jvm/temurin-25-jdk-amd64
            path = path.resolve("bin").resolve("java");
        }
        if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
            throw new MojoFailureException("jmh.jvm=" + jvm + " is not an executable java (or a JDK home containing bin/java)");
        }
        return path;
    }

    /** bench's runtime class path: its classes (with JMH's generated benchmarks) and dependencies. */
    protected List<String> benchClassPath() throws MojoExecutionException {
        try {
            return project.getRuntimeClasspathElements();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("cannot resolve the runtime class path of " + project.getArtifactId(), e);
        }
    }

    protected JavaLauncher launcher() throws MojoFailureException, MojoExecutionException {
        warnAboutStaleModules();
        return new JavaLauncher(javaExecutable(), benchClassPath(), JavaLauncher.splitArgs(jvmArgsAppend), rootDirectory());
    }

    /**
     * With {@code -pl bench} alone, core comes from the local repository: a core edited since the
     * last {@code mvn install} would be benchmarked as it was. Says so loudly, with the two fixes.
     */
    private void warnAboutStaleModules() {
        for (Artifact a : project.getArtifacts()) {
            File file = a.getFile();
            if (!project.getGroupId().equals(a.getGroupId()) || file == null || !file.isFile()) {
                continue; // not ours, or resolved from the reactor (target/classes): fresh
            }
            Path sources = rootDirectory().resolve(a.getArtifactId().replaceFirst("^nimbench-", "")).resolve("src").resolve("main");
            long newest = newestModification(sources);
            if (newest > file.lastModified()) {
                getLog().warn("*** " + sources + " changed after " + file + " was installed: the benchmarks would run"
                        + " the OLD " + a.getArtifactId() + ". Run `mvn install -DskipTests` first, or use"
                        + " `mvn -pl bench -am jmh:run`, which rebuilds it. ***");
            }
        }
    }

    private static long newestModification(Path dir) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().lastModified()).max().orElse(0);
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }

    /** Runs a main of the bench module in its own JVM; returns the exit status. */
    protected int runMain(JavaLauncher launcher, String mainClass, List<String> args)
            throws MojoExecutionException {
        getLog().info("Running " + mainClass + " " + String.join(" ", args));
        try {
            return launcher.run(mainClass, args, Path.of(project.getBuild().getDirectory()));
        } catch (IOException e) {
            throw new MojoExecutionException("cannot start " + mainClass + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("interrupted while running " + mainClass, e);
        }
    }

    /** Renders reports/ from results/; fails the build when the renderer does. */
    protected void renderReports(JavaLauncher launcher) throws MojoExecutionException, MojoFailureException {
        int rc = runMain(launcher, REPORT_MAIN,
                List.of("--results", results().toString(), "--reports", reports().toString()));
        if (rc != 0) {
            throw new MojoFailureException("rendering reports failed (ReportMain exit " + rc + "); see the message above");
        }
        getLog().info("Reports in " + reports());
    }
}
