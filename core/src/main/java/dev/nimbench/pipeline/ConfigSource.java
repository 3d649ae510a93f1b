package dev.nimbench.pipeline;

import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.CpuIdentity;
import dev.nimbench.platform.CpuKey;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Where {@code solve}'s configuration comes from, before the command-line options override it:
 * <ul>
 *   <li>{@code --config FILE}: the file's entry for this CPU and JDK ({@link Recommendations#select}:
 *       else the same CPU on another JDK, else the same vendor and vector width, else any entry,
 *       with one warning line naming the entry used); an older single-configuration file as it is;</li>
 *   <li>no {@code --config}: the measured entry for exactly this CPU and JDK in the recommendations
 *       built into the jar ({@link #RESOURCE}, copied from {@code reports/recommended-config.json}
 *       at build time), else the built-in defaults ({@link #BUILT_IN_DEFAULTS}).</li>
 * </ul>
 * The system property {@value #PROPERTY} replaces the built-in recommendations: {@code none} for
 * the built-in defaults, or a file path (used only for an exact CPU and JDK match, like the jar's).
 *
 * @param config the configuration (fields unset where the source leaves the default)
 * @param description for {@code configSource}: the file and entry, or {@link #BUILT_IN_DEFAULTS}
 * @param warning one line for stderr when the entry is not this CPU's and JDK's own, else null
 */
public record ConfigSource(Configuration config, String description, String warning) {

    /** What {@code configSource} says when no measured configuration applies. */
    public static final String BUILT_IN_DEFAULTS = "built-in defaults";
    /** The committed recommendations inside the core jar. */
    public static final String RESOURCE = "/dev/nimbench/recommended-config.json";
    /** System property: {@code none}, or a recommendations file replacing {@link #RESOURCE}. */
    public static final String PROPERTY = "nimbench.recommendations";
    /** System property {@code bin/nimbench} sets to {@code true}: a single run uses {@link #oneShot}. */
    public static final String ONE_SHOT_PROPERTY = "nimbench.oneShot";
    /** What {@code configSource} says for {@link #oneShot}. */
    public static final String ONE_SHOT = "one-shot defaults (bin/nimbench, a single run: docs/cold-start.md)";

    /**
     * The configuration for {@code problem} on this machine's CPU and JDK.
     *
     * @param configFile the {@code --config} file, or null
     * @throws IllegalArgumentException one line naming the file and the problem
     */
    public static ConfigSource resolve(Path configFile, Problem problem) {
        return resolve(configFile, problem, problem.defaultModulus());
    }

    /**
     * As {@link #resolve(Path, Problem)} for this modulus: a measured entry (no {@code --config})
     * that cannot run here — a Vector API variant without {@code jdk.incubator.vector}, a combine
     * that needs an odd modulus — gives way to the built-in defaults, which fall back by themselves.
     */
    public static ConfigSource resolve(Path configFile, Problem problem, long modulus) {
        ConfigSource s = resolve(configFile, problem, CpuIdentity.current().key(), Runtime.version().feature());
        if (configFile == null && !s.description().equals(BUILT_IN_DEFAULTS)) {
            if ((modulus & 1) == 0) {
                return defaults(); // measured at the problems' odd moduli; an even one needs another combine
            }
            try {
                ConfigurationResolver.resolve(s.config(), problem, (int) modulus);
            } catch (IllegalArgumentException e) {
                return defaults();
            }
        }
        return s;
    }

    /** As {@link #resolve(Path, Problem)} for the given CPU key and JDK feature version (tests). */
    public static ConfigSource resolve(Path configFile, Problem problem, String cpuKey, int jdk) {
        if (configFile != null) {
            return fromFile(Recommendations.read(configFile), configFile.toString(), problem, cpuKey, jdk);
        }
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            if (property.trim().equals("none")) {
                return defaults();
            }
            return measured(Recommendations.read(Path.of(property.trim())), property.trim(), problem, cpuKey, jdk);
        }
        String text = resourceText();
        // Jackson costs a plain one-shot solve about 0.1 s of CPU: parse only when this CPU has an entry.
        if (text == null || !text.contains("\"" + cpuKey + "\"")) {
            return defaults();
        }
        return measured(Recommendations.parse(text, "nimbench.jar!" + RESOURCE), "reports/recommended-config.json"
                + " (built into nimbench.jar)", problem, cpuKey, jdk);
    }

    /**
     * The one-shot configuration ({@link Defaults#oneShot}) for a single run in a fresh JVM: what
     * {@code solve} uses instead of {@link #resolve} when {@code bin/nimbench} sets
     * {@value #ONE_SHOT_PROPERTY}{@code =true} and neither {@code --config} nor {@code --repeat} is
     * given. At a modulus it cannot run (an even one: the transform combine needs an odd modulus)
     * it is {@link #resolve}'s configuration.
     */
    public static ConfigSource oneShot(Problem problem, long modulus) {
        Configuration c = Defaults.oneShot(problem);
        try {
            if ((modulus & 1) == 0 || modulus > Integer.MAX_VALUE) {
                return resolve(null, problem, modulus);
            }
            ConfigurationResolver.resolve(c, problem, (int) modulus);
        } catch (IllegalArgumentException e) {
            return resolve(null, problem, modulus);
        }
        return new ConfigSource(c, ONE_SHOT, null);
    }

    /** The built-in defaults: nothing set. */
    public static ConfigSource defaults() {
        return new ConfigSource(Configuration.defaults(), BUILT_IN_DEFAULTS, null);
    }

    private static ConfigSource fromFile(Recommendations file, String name, Problem problem, String cpuKey, int jdk) {
        if (file.legacy()) {
            Recommendations.Entry only = file.entries().get(0);
            return new ConfigSource(only.configuration(problem), name + " (single configuration)", null);
        }
        CpuKey key = keyOrNull(cpuKey);
        Recommendations.Selection chosen = key == null ? null : file.select(key, jdk);
        if (chosen == null && !file.entries().isEmpty()) {
            chosen = new Recommendations.Selection(file.entries().get(0), false, "this CPU's key is not recognised");
        }
        if (chosen == null) {
            throw new IllegalArgumentException("config file " + name + " has no entries; run"
                    + " `mvn -pl bench jmh:run -Djmh.profile=recommend` to measure this CPU's, or drop --config");
        }
        Recommendations.Entry e = chosen.entry();
        String warning = chosen.exact() ? null : "warning: " + name + " has no entry for cpu=" + cpuKey + ", jdk="
                + jdk + "; using the entry " + e.label() + " (" + chosen.reason() + ")";
        return new ConfigSource(e.configuration(problem), name + " [" + e.label() + "]", warning);
    }

    private static ConfigSource measured(Recommendations file, String name, Problem problem, String cpuKey, int jdk) {
        Recommendations.Entry e = file.exact(cpuKey, jdk);
        if (e == null) {
            return defaults();
        }
        return new ConfigSource(e.configuration(problem), "measured: " + name + " [" + e.label() + "]", null);
    }

    private static CpuKey keyOrNull(String cpuKey) {
        try {
            return CpuKey.parse(cpuKey);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String resourceText() {
        try (InputStream in = ConfigSource.class.getResourceAsStream(RESOURCE)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }
}
