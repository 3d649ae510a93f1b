package dev.nimbench.jmh;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * {@code mvn -pl bench jmh:compare -Djmh.baseline=A.json -Djmh.candidate=B.json [-Djmh.threshold=5]}:
 * per-benchmark ratios of two saved result files; a significant regression over the threshold
 * fails the build.
 */
@Mojo(name = "compare", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
@Execute(phase = LifecyclePhase.PROCESS_CLASSES)
public final class CompareMojo extends AbstractJmhMojo {

    /** The "before" result file (relative paths: to the current directory, then to the repository top). */
    @Parameter(property = "jmh.baseline", required = true)
    private String baseline;

    /** The "after" result file. */
    @Parameter(property = "jmh.candidate", required = true)
    private String candidate;

    /** Slow-down in percent above which a significant regression fails the build. */
    @Parameter(property = "jmh.threshold")
    private String threshold;

    /** Where the comparison is rendered (default: {@code reports/compare}). */
    @Parameter(property = "jmh.compareDir", defaultValue = "${project.basedir}/../reports/compare")
    private File compareDir;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (notTheBenchModule()) {
            return;
        }
        List<String> args = new ArrayList<>();
        args.add("--baseline");
        args.add(resolve(baseline).toString());
        args.add("--candidate");
        args.add(resolve(candidate).toString());
        if (threshold != null && !threshold.isBlank()) {
            args.add("--threshold");
            args.add(threshold.trim());
        }
        Path out = compareDir.toPath().toAbsolutePath().normalize();
        args.add("--out");
        args.add(out.toString());
        int rc = runMain(launcher(), COMPARE_MAIN, args);
        if (rc == 1) {
            throw new MojoFailureException("performance regression: the candidate " + candidate
                    + " is significantly slower than the baseline " + baseline
                    + (threshold == null || threshold.isBlank() ? "" : " by more than " + threshold.trim() + "%")
                    + " (see the comparison above and in " + out + ")");
        }
        if (rc == 2) {
            throw new MojoFailureException("compare rejected its input or refused to gate (CompareMain exit 2); see the"
                    + " message above");
        }
        if (rc != 0) {
            throw new MojoFailureException("compare failed (CompareMain exit " + rc + ")");
        }
    }

    /** Relative paths: to the directory mvn was started in if the file is there, else to the repository top. */
    private Path resolve(String file) {
        Path path = Path.of(file);
        if (path.isAbsolute()) {
            return path;
        }
        Path fromCwd = Path.of(System.getProperty("user.dir")).resolve(path).normalize();
        if (Files.exists(fromCwd)) {
            return fromCwd;
        }
        return rootDirectory().resolve(path).normalize();
    }
}
