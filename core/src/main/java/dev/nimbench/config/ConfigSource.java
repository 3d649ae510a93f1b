package dev.nimbench.config;

import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.CpuIdentity;
import dev.nimbench.platform.CpuKey;
import dev.nimbench.platform.Platform;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One layer of {@code solve}'s configuration below the user's own flags. The layers, in order:
 * <ol>
 *   <li>{@code --config FILE}: the file's entry for this CPU and JDK ({@link Recommendations#select}:
 *       else the same CPU on another JDK, else the same vendor and usable vector width, never an
 *       entry of another vendor or width: then the file gives no layer, only a description and a
 *       warning line saying that the capability defaults run); an older single-configuration file
 *       as it is;</li>
 *   <li>the measured entry for exactly this CPU and JDK in the recommendations built into the jar
 *       ({@link #RESOURCE}, copied from {@code reports/recommended-config.json} at build time).</li>
 * </ol>
 * This CPU's key is the one of the CPU as this JVM uses it ({@link Platform#effectiveKey}): under
 * {@code -XX:UseAVX=2} an AVX-512 machine's key gets the suffix {@code @avx2}, so only an entry
 * measured at that width applies. Below them are the built-in defaults ({@link Defaults}). A layer's stages are preferences, not
 * choices: {@link ConfigurationResolver} passes over any that does not fit the user's flags. An
 * entry's thread count applies only when the entry records ({@code evidence.logicalCores}) that
 * its machine had as many cores as this one; otherwise the threads come from this machine.
 * The system property {@value #PROPERTY} replaces the built-in recommendations: {@code none} for
 * no measured layer, or a file path (used only for an exact CPU and JDK match, like the jar's).
 *
 * @param config the layer's stage ids (fields unset where it leaves the stage to the next layer)
 * @param description for {@code configSource} and the per-stage sources: the file and entry
 * @param warning one line for stderr when the entry is not this CPU's and JDK's own, else null
 */
public record ConfigSource(Configuration config, String description, String warning) {

    /** What {@code configSource} says when no layer applies. */
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
     * The layers for {@code problem} on this machine's CPU, JDK and core count.
     *
     * @param configFile the {@code --config} file, or null
     * @throws IllegalArgumentException one line naming the file and the problem
     */
    public static List<ConfigSource> layers(Path configFile, Problem problem) {
        return layers(configFile, problem, Platform.effectiveKey(CpuIdentity.current(), Platform.current()),
                Runtime.version().feature(), Runtime.getRuntime().availableProcessors());
    }

    /** As {@link #layers(Path, Problem)} for the given CPU key, JDK feature version and cores (tests). */
    public static List<ConfigSource> layers(Path configFile, Problem problem, String cpuKey, int jdk, int cores) {
        List<ConfigSource> layers = new ArrayList<>();
        if (configFile != null) {
            layers.add(fromFile(Recommendations.read(configFile), configFile.toString(), problem, cpuKey, jdk, cores));
        }
        ConfigSource measured = measured(problem, cpuKey, jdk, cores);
        if (measured != null) {
            layers.add(measured);
        }
        return List.copyOf(layers);
    }

    /** What {@code configSource} prints: the layers' descriptions, first first, or {@link #BUILT_IN_DEFAULTS}. */
    public static String describe(List<ConfigSource> layers) {
        return layers.isEmpty() ? BUILT_IN_DEFAULTS
                : String.join(" > ", layers.stream().map(ConfigSource::description).toList()) + " > " + BUILT_IN_DEFAULTS;
    }

    private static ConfigSource measured(Problem problem, String cpuKey, int jdk, int cores) {
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            if (property.trim().equals("none")) {
                return null;
            }
            return measured(Recommendations.read(Path.of(property.trim())), property.trim(), problem, cpuKey, jdk,
                    cores);
        }
        String text = resourceText();
        // Jackson costs a plain one-shot solve about 0.1 s of CPU: parse only when this CPU has an entry.
        if (text == null || !text.contains("\"" + cpuKey + "\"")) {
            return null;
        }
        return measured(Recommendations.parse(text, "nimbench.jar!" + RESOURCE), "reports/recommended-config.json"
                + " (built into nimbench.jar)", problem, cpuKey, jdk, cores);
    }

    /**
     * The one-shot layer ({@link Defaults#oneShot}) for a single run in a fresh JVM: what
     * {@code solve} layers below the user's flags instead of {@link #layers} when {@code bin/nimbench}
     * sets {@value #ONE_SHOT_PROPERTY}{@code =true} and none of {@code --config}, {@code --repeat},
     * {@code --exact} is given. Like every layer it yields: a stage that does not fit the flags or
     * the modulus (an even one: the transform combine needs an odd modulus) is passed over and
     * filled by the built-in defaults.
     */
    public static ConfigSource oneShot(Problem problem) {
        return new ConfigSource(Defaults.oneShot(problem), ONE_SHOT, null);
    }

    /** The built-in defaults: nothing set. */
    public static ConfigSource defaults() {
        return new ConfigSource(Configuration.defaults(), BUILT_IN_DEFAULTS, null);
    }

    private static ConfigSource fromFile(Recommendations file, String name, Problem problem, String cpuKey, int jdk,
            int cores) {
        if (file.legacy()) {
            Recommendations.Entry only = file.entries().get(0);
            return new ConfigSource(only.configuration(problem), name + " (single configuration)", null);
        }
        if (file.entries().isEmpty()) {
            throw new IllegalArgumentException("config file " + name + " has no entries; run"
                    + " `mvn -pl bench jmh:run -Djmh.profile=recommend` to measure this CPU's, or drop --config");
        }
        CpuKey key = keyOrNull(cpuKey);
        Recommendations.Selection chosen = key == null ? null : file.select(key, jdk);
        if (chosen == null) {
            String why = name + " has no entry for cpu=" + cpuKey + " (nor another of the same vendor and vector"
                    + " width), jdk=" + jdk;
            return new ConfigSource(Configuration.defaults(), name + " [no entry for this CPU: not applied]",
                    "warning: " + why + "; entries of another vendor or vector width are never applied, the"
                            + " capability defaults run");
        }
        Recommendations.Entry e = chosen.entry();
        String warning = chosen.exact() ? null : "warning: " + name + " has no entry for cpu=" + cpuKey + ", jdk="
                + jdk + "; using the entry " + e.label() + " (" + chosen.reason() + ")";
        return new ConfigSource(threadsFor(e, problem, cores), name + " [" + e.label() + "]", warning);
    }

    private static ConfigSource measured(Recommendations file, String name, Problem problem, String cpuKey, int jdk,
            int cores) {
        Recommendations.Entry e = file.exact(cpuKey, jdk);
        if (e == null) {
            return null;
        }
        return new ConfigSource(threadsFor(e, problem, cores), "measured: " + name + " [" + e.label() + "]", null);
    }

    /**
     * The entry's configuration, its thread count kept only where the entry says its machine had
     * {@code cores} logical cores ({@code evidence.logicalCores}): a count measured on 2 cores says
     * nothing about a machine with 64.
     */
    private static Configuration threadsFor(Recommendations.Entry e, Problem problem, int cores) {
        Configuration c = e.configuration(problem);
        if (c.threads() == null || cores == e.logicalCores()) {
            return c;
        }
        return new Configuration(c.distribution(), c.transform(), c.multiplier(), c.power(), c.combine(), null);
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
