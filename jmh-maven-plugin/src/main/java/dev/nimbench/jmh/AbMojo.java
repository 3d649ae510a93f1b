package dev.nimbench.jmh;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code mvn -pl bench jmh:ab -Djmh.baseline=REV [-Djmh.candidate=REV] [-Djmh.forks=6] [-Djmh.sizes=2^24] [-Djmh.threshold=5]}:
 * baseline and candidate measured on this machine with their forks interleaved (duet
 * benchmarking), then compared as {@code jmh:compare} compares two runs.
 *
 * <p>Each revision is checked out as a detached {@code git worktree} under {@code target/ab/} and
 * built there ({@code mvn -B -q package -DskipTests -pl bench -am}, offline when this Maven is;
 * never {@code install}); an A/A (one revision both sides) builds once and runs the same build on
 * both sides. Then {@code dev.nimbench.bench.ab.AbMain} runs the rounds: each round one fork of
 * each build's own harness, in pairs of mirrored orders drawn from a recorded seed. The two merged
 * results files and the comparison go to {@code results/ab-<UTC time>/} and
 * {@code reports/ab/} (or {@code jmh.compareDir}).
 *
 * <p>A build's class path is its own {@code core} and {@code bench} classes followed by this
 * build's third-party dependencies (a revision that changed a dependency's version is measured
 * with this one's).
 */
@Mojo(name = "ab", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
@Execute(phase = LifecyclePhase.PROCESS_CLASSES)
public final class AbMojo extends AbstractJmhMojo {

    static final String AB_MAIN = "dev.nimbench.bench.ab.AbMain";

    /** The baseline revision (a commit, branch or tag). */
    @Parameter(property = "jmh.baseline", required = true)
    private String baseline;

    /** The candidate revision (default: HEAD, refused when tracked files have uncommitted changes). */
    @Parameter(property = "jmh.candidate")
    private String candidate;

    /** Rounds: forks per side, each round one fork a side (at least 2; 4 or more for a verdict; default 6). */
    @Parameter(property = "jmh.forks", defaultValue = "6")
    private Integer forks;

    /** Regex (find semantics) on benchmark names (default: {@code PipelineBench}, the production-size pipelines). */
    @Parameter(property = "jmh.include", defaultValue = "PipelineBench")
    private String include;

    /** Regex (find semantics) on variant ids and pipeline configuration labels, e.g. {@code ^default$}. */
    @Parameter(property = "jmh.variants")
    private String variants;

    /** The benchmarks' {@code threads} parameter (default: available processors). */
    @Parameter(property = "jmh.threads")
    private Integer threads;

    /**
     * Sizes to measure instead of each benchmark's profile sizes, e.g. {@code 2^24} (as in
     * {@code jmh:run}): one size gives a 6-round A/B its whole power on the row that matters, where
     * Benjamini-Hochberg over every size's row would dilute it.
     */
    @Parameter(property = "jmh.sizes")
    private String sizes;

    /** Slow-down in percent above which a significant regression fails the build (as in {@code jmh:compare}). */
    @Parameter(property = "jmh.threshold")
    private String threshold;

    /** Where the comparison is rendered (default: {@code reports/ab}). */
    @Parameter(property = "jmh.compareDir", defaultValue = "${project.basedir}/../reports/ab")
    private File compareDir;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (notTheBenchModule()) {
            return;
        }
        if (forks == null || forks < 2) {
            throw new MojoFailureException("jmh.forks=" + forks + " is out of range for jmh:ab; valid: an integer >= 2"
                    + " (rounds, one fork a side each; 4 or more for a verdict)");
        }
        Path root = rootDirectory();
        Git git = new Git(root);
        git.requireWorkTree();
        String base = git.commit("jmh.baseline", baseline);
        String cand;
        if (candidate == null || candidate.isBlank()) {
            if (git.dirty()) {
                throw new MojoFailureException("jmh:ab builds commits, and " + root + " has uncommitted changes to tracked"
                        + " files: commit or stash them, or name the candidate with -Djmh.candidate=<rev>");
            }
            cand = git.commit("jmh.candidate", "HEAD");
        } else {
            cand = git.commit("jmh.candidate", candidate);
        }
        Path work = Path.of(project.getBuild().getDirectory()).resolve("ab").toAbsolutePath().normalize();
        Map<String, Path> trees = new LinkedHashMap<>();
        try {
            for (String commit : new LinkedHashSet<>(List.of(base, cand))) {
                Path tree = work.resolve(commit.substring(0, 12));
                getLog().info("jmh:ab: building " + commit.substring(0, 12) + " in " + tree);
                git.addWorktree(tree, commit);
                trees.put(commit, tree);
                build(tree, commit);
            }
            String stamp = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC).format(Instant.now());
            Path out = results().resolve("ab-" + stamp);
            List<String> args = new ArrayList<>();
            args.addAll(side("baseline", base, trees.get(base), work));
            args.addAll(side("candidate", cand, trees.get(cand), work));
            args.addAll(List.of("--java", javaExecutable().toString(), "--rounds", forks.toString(),
                    "--out", out.toString(), "--compare-out", compareDir.toPath().toAbsolutePath().normalize().toString(),
                    "--include", include));
            add(args, "--variants", variants);
            add(args, "--threads", threads);
            add(args, "--sizes", sizes);
            add(args, "--threshold", threshold);
            int rc = runMain(launcher(), AB_MAIN, args);
            if (rc == 1) {
                throw new MojoFailureException("performance regression: " + cand.substring(0, 12) + " is significantly slower"
                        + " than " + base.substring(0, 12) + (threshold == null ? "" : " by more than " + threshold.trim() + "%")
                        + " (see the comparison above and in " + compareDir + ")");
            }
            if (rc != 0) {
                throw new MojoFailureException("jmh:ab failed (AbMain exit " + rc + "); see the message above");
            }
        } finally {
            for (Path tree : trees.values()) {
                git.removeWorktree(tree);
            }
        }
    }

    /** Builds the work tree of one revision: {@code mvn package} of bench and what it needs, tests skipped. */
    private void build(Path tree, String commit) throws MojoExecutionException, MojoFailureException {
        Path mvn = Path.of(System.getProperty("maven.home", ""), "bin", "mvn");
        List<String> cmd = new ArrayList<>(List.of(Files.isExecutable(mvn) ? mvn.toString() : "mvn", "-B", "-q"));
        if (session.isOffline()) {
            cmd.add("-o");
        }
        cmd.addAll(List.of("package", "-DskipTests", "-pl", "bench", "-am"));
        try {
            Process p = new ProcessBuilder(cmd).directory(tree.toFile()).inheritIO().start();
            int rc = p.waitFor();
            if (rc != 0) {
                throw new MojoFailureException("building " + commit.substring(0, 12) + " in " + tree + " failed (mvn exit "
                        + rc + "); see the output above");
            }
        } catch (IOException e) {
            throw new MojoExecutionException("cannot run " + cmd.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("interrupted while building " + commit, e);
        }
    }

    /** One side's options for AbMain, with the argument file of its JVM (its build's classes first). */
    private List<String> side(String id, String commit, Path tree, Path work) throws MojoExecutionException,
            MojoFailureException {
        List<String> cp = new ArrayList<>();
        cp.add(tree.resolve("bench/target/classes").toString());
        cp.add(tree.resolve("core/target/classes").toString());
        cp.addAll(thirdParty());
        JavaLauncher launcher = new JavaLauncher(javaExecutable(), cp, JavaLauncher.splitArgs(jvmArgsAppend), tree);
        StringBuilder text = new StringBuilder();
        launcher.jvmOptions().forEach(o -> text.append(JavaLauncher.quote(o)).append('\n'));
        Path argFile = work.resolve(id + ".args");
        try {
            Files.writeString(argFile, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write " + argFile + ": " + e.getMessage(), e);
        }
        return List.of("--" + id + "-jvm", argFile.toString(), "--" + id + "-root", tree.toString(), "--" + id + "-rev",
                commit.substring(0, 12));
    }

    /** This build's runtime class path without this project's own modules (their classes come from the revision). */
    private List<String> thirdParty() throws MojoExecutionException {
        Set<String> ours = new LinkedHashSet<>();
        ours.add(Path.of(project.getBuild().getOutputDirectory()).toAbsolutePath().normalize().toString());
        for (Artifact a : project.getArtifacts()) {
            if (project.getGroupId().equals(a.getGroupId()) && a.getFile() != null) {
                ours.add(a.getFile().toPath().toAbsolutePath().normalize().toString());
            }
        }
        List<String> out = new ArrayList<>();
        for (String e : benchClassPath()) {
            if (!ours.contains(Path.of(e).toAbsolutePath().normalize().toString())) {
                out.add(e);
            }
        }
        return out;
    }

    private static void add(List<String> args, String name, Object value) {
        if (value != null && !value.toString().isBlank()) {
            args.add(name);
            args.add(value.toString().trim());
        }
    }
}
