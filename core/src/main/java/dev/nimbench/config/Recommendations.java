package dev.nimbench.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.CpuKey;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code recommended-config.json}: measured configurations, one entry per (CPU key, JDK feature):
 * <pre>
 * {"formatVersion": 2, "entries": [
 *   {"cpu": "amd-f26m2-avx512", "jdk": 17, "configuration": {...}, "evidence": {...}}, ...]}
 * </pre>
 * {@code configuration} has the single-configuration format of {@link ConfigurationJson} (stage
 * values may be per problem); {@code evidence} is free-form and ignored here. A file in the older
 * single-configuration format is one entry that applies to every CPU and JDK ({@link Entry#cpu()}
 * null).
 *
 * <p>Every entry is checked when the file is read, not only the one used: a malformed CPU key, an
 * entry given twice for one (CPU, JDK), or a variant id that no registry knows is an error (one
 * line naming the file and the entry), so a broken file is found on any machine.
 */
public final class Recommendations {

    /** The format version this class writes and reads. */
    public static final int FORMAT_VERSION = 2;

    /**
     * One (CPU, JDK)'s configuration.
     *
     * @param cpu its CPU key, or null for an older single-configuration file (any CPU, any JDK)
     * @param jdk the JDK feature version, or 0 for an older single-configuration file
     * @param configuration the configuration object (per-problem values allowed)
     * @param evidence what it was chosen from (results file, date, medians), or null
     */
    public record Entry(CpuKey cpu, int jdk, JsonNode configuration, JsonNode evidence) {

        /** The configuration for one problem. */
        public Configuration configuration(Problem problem) {
            return ConfigurationJson.fromNode(configuration, problem);
        }

        /**
         * The logical cores of the machine the entry was measured on ({@code evidence.logicalCores}),
         * or 0 when the entry does not record them (its thread count then applies nowhere else).
         */
        public int logicalCores() {
            JsonNode cores = evidence == null ? null : evidence.get("logicalCores");
            return cores != null && cores.isInt() ? cores.intValue() : 0;
        }

        /** {@code cpu=<key>, jdk=<feature>}, or {@code single configuration} for an older file. */
        public String label() {
            return cpu == null ? "single configuration" : "cpu=" + cpu.text() + ", jdk=" + jdk;
        }
    }

    /**
     * The entry chosen for a CPU and JDK.
     *
     * @param entry the entry
     * @param exact whether it is this CPU's and this JDK's own entry
     * @param reason why this entry when it is not exact (e.g. "same vendor and vector width"), else null
     */
    public record Selection(Entry entry, boolean exact, String reason) {
    }

    private final String source;
    private final List<Entry> entries;
    private final boolean legacy;

    private Recommendations(String source, List<Entry> entries, boolean legacy) {
        this.source = source;
        this.entries = List.copyOf(entries);
        this.legacy = legacy;
    }

    /**
     * The file's recommendations.
     *
     * @throws IllegalArgumentException one line naming the file and the problem
     */
    public static Recommendations read(Path file) {
        return parse(ConfigurationJson.readText(file), file.toString());
    }

    /**
     * The recommendations in {@code text}; {@code source} names it in error messages.
     *
     * @throws IllegalArgumentException one line naming the source and the problem
     */
    public static Recommendations parse(String text, String source) {
        try {
            return fromNode(ConfigurationJson.tree(text), source);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("config file " + source + ": " + e.getMessage());
        }
    }

    private static Recommendations fromNode(JsonNode root, String source) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("expected a JSON object at the top level");
        }
        if (!root.has("formatVersion") && !root.has("entries")) {
            Entry single = new Entry(null, 0, root, root.get("evidence"));
            checkVariants(single);
            return new Recommendations(source, List.of(single), true);
        }
        for (Map.Entry<String, JsonNode> f : root.properties()) {
            if (!f.getKey().equals("formatVersion") && !f.getKey().equals("entries")) {
                throw new IllegalArgumentException("unknown key \"" + f.getKey() + "\"; valid keys: formatVersion, entries");
            }
        }
        JsonNode version = root.get("formatVersion");
        if (version == null || !version.isInt() || version.intValue() != FORMAT_VERSION) {
            throw new IllegalArgumentException("formatVersion " + version + " is not supported; valid: "
                    + FORMAT_VERSION + " (or a single configuration object without formatVersion)");
        }
        JsonNode list = root.get("entries");
        if (list == null || !list.isArray()) {
            throw new IllegalArgumentException("\"entries\" must be an array of {cpu, jdk, configuration, evidence}");
        }
        List<Entry> entries = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int index = 0;
        for (JsonNode e : list) {
            Entry entry = entry(e, index);
            if (!seen.add(entry.label())) {
                throw new IllegalArgumentException("entry " + index + " (" + entry.label() + ") is a duplicate: one entry"
                        + " per CPU key and JDK");
            }
            checkVariants(entry);
            entries.add(entry);
            index++;
        }
        return new Recommendations(source, entries, false);
    }

    private static Entry entry(JsonNode e, int index) {
        String at = "entry " + index;
        if (!e.isObject()) {
            throw new IllegalArgumentException(at + " is not an object");
        }
        for (Map.Entry<String, JsonNode> f : e.properties()) {
            if (!Set.of("cpu", "jdk", "configuration", "evidence").contains(f.getKey())) {
                throw new IllegalArgumentException(at + ": unknown key \"" + f.getKey()
                        + "\"; valid keys: cpu, jdk, configuration, evidence");
            }
        }
        JsonNode cpu = e.get("cpu");
        if (cpu == null || !cpu.isTextual()) {
            throw new IllegalArgumentException(at + ": \"cpu\" must be a CPU key string, got " + cpu);
        }
        CpuKey key;
        try {
            key = CpuKey.parse(cpu.asText());
        } catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException(at + ": " + ex.getMessage());
        }
        JsonNode jdk = e.get("jdk");
        if (jdk == null || !jdk.isInt() || jdk.intValue() < 8 || jdk.intValue() > 1000) {
            throw new IllegalArgumentException(at + " (cpu=" + key + "): \"jdk\" must be a JDK feature version"
                    + " such as 17 or 25, got " + jdk);
        }
        JsonNode config = e.get("configuration");
        if (config == null || !config.isObject()) {
            throw new IllegalArgumentException(at + " (cpu=" + key + ", jdk=" + jdk.intValue()
                    + "): \"configuration\" must be an object");
        }
        return new Entry(key, jdk.intValue(), config, e.get("evidence"));
    }

    /** Every stage id of every problem must be registered (available or not: another JVM may run it). */
    private static void checkVariants(Entry entry) {
        for (Problem problem : Problem.values()) {
            Configuration c;
            try {
                c = entry.configuration(problem);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where(entry) + e.getMessage());
            }
            if (c.distributionFor(problem) != null && DistributionVariant.forProblem(problem).stream()
                    .noneMatch(v -> v.id().equals(c.distributionFor(problem)))) {
                throw new IllegalArgumentException(where(entry) + "unknown " + problem.id() + " distribution variant '"
                        + c.distributionFor(problem) + "'; valid: " + String.join(", ",
                        DistributionVariant.forProblem(problem).stream().map(DistributionVariant::id).toList()));
            }
            known(entry, TransformVariant.class, "transform", c.transform());
            known(entry, MultiplierVariant.class, "multiplier", c.multiplier());
            known(entry, PowerVariant.class, "power", c.power());
            known(entry, CombineVariant.class, "combine", c.combine());
        }
    }

    private static <E extends Enum<E> & Variant> void known(Entry entry, Class<E> registry, String stage, String id) {
        // "none" (an unused stage, as a run reports it) is checked by the resolver against the combine
        if (id == null || (Configuration.NONE.equals(id) && !stage.equals("combine"))) {
            return;
        }
        for (E e : registry.getEnumConstants()) {
            if (e.id().equals(id)) {
                return;
            }
        }
        throw new IllegalArgumentException(where(entry) + "unknown " + stage + " variant '" + id + "'; valid: "
                + Registry.ids(registry));
    }

    private static String where(Entry entry) {
        return entry.cpu() == null ? "" : "entry " + entry.label() + ": ";
    }

    /** Where these were read from (a path, or a resource's description). */
    public String source() {
        return source;
    }

    public List<Entry> entries() {
        return entries;
    }

    /** Whether the file is in the older single-configuration format. */
    public boolean legacy() {
        return legacy;
    }

    /** The entry of exactly this CPU key and JDK, or null. */
    public Entry exact(String cpuKey, int jdk) {
        for (Entry e : entries) {
            if (e.cpu() != null && e.cpu().text().equals(cpuKey) && e.jdk() == jdk) {
                return e;
            }
        }
        return null;
    }

    /**
     * The entry for a CPU and JDK: its own; else the same CPU on the nearest JDK; else an entry of
     * the same vendor and usable vector width ({@link CpuKey#sameVendorAndWidth}). Never an entry
     * of another vendor or vector width: which lane multiply is fastest depends on both, so such an
     * entry would choose the slow kernels. Among several candidates the same JDK wins, then the
     * nearest JDK, then file order. An older single-configuration file's one entry applies to
     * everything (exact). Null when no entry qualifies.
     */
    public Selection select(CpuKey cpu, int jdk) {
        if (legacy) {
            return new Selection(entries.get(0), true, null);
        }
        Entry own = exact(cpu.text(), jdk);
        if (own != null) {
            return new Selection(own, true, null);
        }
        Comparator<Entry> byJdk = Comparator.comparingInt(e -> Math.abs(e.jdk() - jdk));
        Entry sameCpu = entries.stream().filter(e -> e.cpu().text().equals(cpu.text())).min(byJdk).orElse(null);
        // (the same key has the same vendor and width, limit included)
        if (sameCpu != null) {
            return new Selection(sameCpu, false, "the same CPU on another JDK");
        }
        Entry similar = entries.stream().filter(e -> e.cpu().sameVendorAndWidth(cpu)).min(byJdk).orElse(null);
        if (similar != null) {
            return new Selection(similar, false, "same vendor and vector width");
        }
        return null;
    }

    /** The file as JSON ({@code formatVersion} 2), entries in the given order. */
    public static ObjectNode toJson(List<Entry> entries) {
        ObjectNode root = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        root.put("formatVersion", FORMAT_VERSION);
        var list = root.putArray("entries");
        for (Entry e : entries) {
            ObjectNode o = list.addObject();
            o.put("cpu", e.cpu().text());
            o.put("jdk", e.jdk());
            o.set("configuration", e.configuration());
            if (e.evidence() != null) {
                o.set("evidence", e.evidence());
            }
        }
        return root;
    }
}
