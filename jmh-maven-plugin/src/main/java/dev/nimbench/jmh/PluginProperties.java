package dev.nimbench.jmh;

import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code -Djmh.*} properties that some goal of this plugin reads. Maven ignores a property
 * that no parameter names, so a misspelt one ({@code -Djmh.results} for {@code jmh.resultsDir})
 * would run with the default silently and, for a results directory, write where the user did
 * not want; every goal refuses such a property instead. The set is the union over the goals, so
 * that {@code mvn jmh:run jmh:compare -D...} works; PluginPropertiesTest checks it against the
 * parameters in the generated plugin descriptor.
 */
final class PluginProperties {

    static final Set<String> KNOWN = Set.of(
            "jmh.baseline", "jmh.benchArtifactId", "jmh.budget", "jmh.candidate", "jmh.compareDir", "jmh.dryRun", "jmh.forks",
            "jmh.include", "jmh.isa", "jmh.iterations", "jmh.jvm", "jmh.jvmArgsAppend", "jmh.problem", "jmh.prof", "jmh.profile",
            "jmh.reportsDir", "jmh.resultsDir", "jmh.resume", "jmh.sizes", "jmh.skipReport", "jmh.threads",
            "jmh.threshold", "jmh.variants", "jmh.warmupIterations", "jmh.yardstick");

    private PluginProperties() {
    }

    /** The one-line error for the first unknown {@code jmh.*} name in {@code props}, or null. */
    static String unknown(Properties props) {
        for (String name : new TreeSet<>(props.stringPropertyNames())) {
            if (name.startsWith("jmh.") && !KNOWN.contains(name)) {
                return "unknown property -D" + name + "; valid: " + String.join(", ", new TreeSet<>(KNOWN));
            }
        }
        return null;
    }
}
