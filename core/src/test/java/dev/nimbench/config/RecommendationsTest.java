package dev.nimbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.CpuKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecommendationsTest {

    static final String AMD = "amd-f26m2-avx512";
    static final String INTEL = "intel-f6m143-avx512";

    static String entry(String cpu, int jdk, String config) {
        return "{\"cpu\": \"" + cpu + "\", \"jdk\": " + jdk + ", \"configuration\": " + config
                + ", \"evidence\": {\"source\": \"x.json\"}}";
    }

    static String file(String... entries) {
        return "{\"formatVersion\": 2, \"entries\": [" + String.join(", ", entries) + "]}";
    }

    static final String FILE = file(
            entry(AMD, 17, "{\"combine\": \"fused-vector-dist-wht\", \"threads\": 2}"),
            entry(AMD, 25, "{\"combine\": \"wht\", \"threads\": 2}"),
            entry(INTEL, 17, "{\"combine\": {\"card-stacking\": \"fused-vector-wht\", \"divisor-game\": \"wht\"},"
                    + " \"power\": \"vector-montgomery\", \"threads\": 1}"),
            entry(AMD + "@avx2", 17, "{\"combine\": \"wht\", \"threads\": 1}"));

    private static Recommendations.Selection select(String cpu, int jdk) {
        return Recommendations.parse(FILE, "f.json").select(CpuKey.parse(cpu), jdk);
    }

    @Test
    void exactEntryForThisCpuAndJdk() {
        Recommendations.Selection s = select(AMD, 25);
        assertThat(s.exact()).isTrue();
        assertThat(s.entry().label()).isEqualTo("cpu=" + AMD + ", jdk=25");
        assertThat(s.entry().configuration(Problem.CARD_STACKING).combine()).isEqualTo("wht");
    }

    @Test
    void perProblemStageValuesAreReadForEachProblem() {
        Recommendations.Entry intel = select(INTEL, 17).entry();
        assertThat(intel.configuration(Problem.CARD_STACKING).combine()).isEqualTo("fused-vector-wht");
        assertThat(intel.configuration(Problem.DIVISOR_GAME).combine()).isEqualTo("wht");
        assertThat(intel.configuration(Problem.DIVISOR_GAME).power()).isEqualTo("vector-montgomery");
    }

    @Test
    void fallbackSameCpuOtherJdkThenSameVendorAndWidthNeverAnotherVendorOrWidth() {
        Recommendations.Selection otherJdk = select(INTEL, 25);
        assertThat(otherJdk.exact()).isFalse();
        assertThat(otherJdk.entry().label()).isEqualTo("cpu=" + INTEL + ", jdk=17");
        assertThat(otherJdk.reason()).contains("another JDK");

        // Another Intel AVX-512 model: the Intel entry, not the AMD one of the same JDK.
        Recommendations.Selection similar = select("intel-f6m207-avx512", 17);
        assertThat(similar.entry().cpu().text()).isEqualTo(INTEL);
        assertThat(similar.reason()).isEqualTo("same vendor and vector width");

        // An AMD AVX2 machine: the AMD run limited to AVX2 is the closest.
        Recommendations.Selection avx2 = select("amd-f23m49-avx2", 17);
        assertThat(avx2.entry().cpu().text()).isEqualTo(AMD + "@avx2");

        // An ARM machine, an Intel AVX2 one, an AMD SSE one: nothing of the same vendor and width, no entry.
        assertThat(select("arm-i41pd40-sve", 25)).isNull();
        assertThat(select("intel-f6m63-avx2", 17)).isNull();
        assertThat(select("amd-f21m2-sse", 17)).isNull();
        // Intel limited to AVX2 is not AMD limited to AVX2.
        assertThat(select("intel-f6m207-avx512@avx2", 17)).isNull();
    }

    @Test
    void olderSingleConfigurationFileAppliesEverywhere() {
        Recommendations r = Recommendations.parse("{\"combine\": \"wht\", \"threads\": 2, \"evidence\": {}}", "old.json");
        assertThat(r.legacy()).isTrue();
        Recommendations.Selection s = r.select(CpuKey.parse(INTEL), 25);
        assertThat(s.exact()).isTrue();
        assertThat(s.entry().configuration(Problem.CARD_STACKING).combine()).isEqualTo("wht");
        assertThat(r.exact(INTEL, 25)).isNull();
    }

    @Test
    void badFilesAreOneLineErrorsNamingTheFileAndEntry() {
        assertThatThrownBy(() -> Recommendations.parse(file(entry(AMD, 17, "{}"), entry(AMD, 17, "{}")), "dup.json"))
                .hasMessageContaining("dup.json").hasMessageContaining("duplicate")
                .hasMessageContaining("cpu=" + AMD + ", jdk=17");
        assertThatThrownBy(() -> Recommendations.parse(file(entry(AMD, 17, "{\"power\": \"nope\"}")), "v.json"))
                .hasMessageContaining("v.json").hasMessageContaining("unknown power variant 'nope'")
                .hasMessageContaining("cpu=" + AMD);
        assertThatThrownBy(() -> Recommendations.parse(file(entry(AMD, 17,
                "{\"distribution\": {\"divisor-game\": \"tau-recurrence\"}}")), "d.json"))
                .hasMessageContaining("unknown divisor-game distribution variant 'tau-recurrence'");
        assertThatThrownBy(() -> Recommendations.parse(file(entry("Intel Xeon", 17, "{}")), "k.json"))
                .hasMessageContaining("k.json").hasMessageContaining("CPU key 'Intel Xeon' is malformed");
        assertThatThrownBy(() -> Recommendations.parse(file(entry(AMD + "@avx1", 17, "{}")), "k.json"))
                .hasMessageContaining("isa 'avx1' is not known");
        assertThatThrownBy(() -> Recommendations.parse("{\"formatVersion\": 3, \"entries\": []}", "v3.json"))
                .hasMessageContaining("formatVersion 3 is not supported");
        assertThatThrownBy(() -> Recommendations.parse(file(entry(AMD, 17, "{\"combine\": {\"nim\": \"wht\"}}")), "p.json"))
                .hasMessageContaining("\"combine\"").hasMessageContaining("nim");
        for (String bad : new String[] {file(entry(AMD, 17, "{}")).replace("17", "\"17\""),
                "{\"formatVersion\": 2, \"entries\": [], \"x\": 1}", "[]"}) {
            assertThatThrownBy(() -> Recommendations.parse(bad, "b.json")).hasMessageStartingWith("config file b.json: ")
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void writtenFileReadsBack() {
        Map<Problem, Configuration> perProblem = new EnumMap<>(Problem.class);
        perProblem.put(Problem.CARD_STACKING, new Configuration(Map.of(Problem.CARD_STACKING, "tail-sum-recurrence"),
                null, "montgomery", null, "fused-vector-dist-wht", 2));
        perProblem.put(Problem.DIVISOR_GAME, new Configuration(Map.of(Problem.DIVISOR_GAME, "omega-sieve"),
                "vector-forkjoin", "montgomery", "vector-montgomery-forkjoin", "wht", 2));
        var config = ConfigurationJson.toJson(perProblem);
        assertThat(config.get("multiplier").isTextual()).isTrue();
        assertThat(config.get("threads").isInt()).isTrue();
        assertThat(config.get("combine").isObject()).isTrue();
        assertThat(config.has("transform") && config.get("transform").size() == 1).isTrue();
        String text = Recommendations.toJson(java.util.List.of(new Recommendations.Entry(CpuKey.parse(AMD), 17, config,
                null))).toString();
        Recommendations back = Recommendations.parse(text, "w.json");
        for (Problem p : Problem.values()) {
            Configuration read = back.exact(AMD, 17).configuration(p);
            Configuration expected = perProblem.get(p);
            // distribution is always the per-problem map of both problems; the other stages are per problem.
            assertThat(read.distributionFor(p)).isEqualTo(expected.distributionFor(p));
            assertThat(read.withDistribution(p, "x").overriddenBy(Configuration.defaults()).transform())
                    .isEqualTo(expected.transform());
            assertThat(java.util.List.of(String.valueOf(read.multiplier()), String.valueOf(read.power()),
                    read.combine(), read.threads().toString())).containsExactly(String.valueOf(expected.multiplier()),
                    String.valueOf(expected.power()), expected.combine(), expected.threads().toString());
        }
        // The older reader (no problem) refuses values that differ per problem instead of picking one.
        assertThatThrownBy(() -> ConfigurationJson.parse(config.toString())).hasMessageContaining("differs per problem");
    }

    private static ConfigSource only(java.util.List<ConfigSource> layers) {
        assertThat(layers).hasSize(1);
        return layers.get(0);
    }

    @Test
    void configSourceNamesTheFileAndEntryAndWarnsOnFallback(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("rec.json");
        Files.writeString(f, FILE);
        String old = System.getProperty(ConfigSource.PROPERTY);
        try {
            System.setProperty(ConfigSource.PROPERTY, "none");
            ConfigSource own = only(ConfigSource.layers(f, Problem.CARD_STACKING, AMD, 17, 4));
            assertThat(own.description()).isEqualTo(f + " [cpu=" + AMD + ", jdk=17]");
            assertThat(own.warning()).isNull();
            assertThat(own.config().combine()).isEqualTo("fused-vector-dist-wht");
            ConfigSource other = only(ConfigSource.layers(f, Problem.CARD_STACKING, "intel-f6m207-avx512", 17, 4));
            assertThat(other.description()).isEqualTo(f + " [cpu=" + INTEL + ", jdk=17]");
            assertThat(other.warning()).contains("no entry for cpu=intel-f6m207-avx512, jdk=17")
                    .contains("using the entry cpu=" + INTEL + ", jdk=17").doesNotContain("\n");
            // No entry of this vendor and width: nothing is applied, and the warning and description say so.
            ConfigSource arm = only(ConfigSource.layers(f, Problem.CARD_STACKING, "arm-i41pd40-sve", 17, 4));
            assertThat(arm.config()).isEqualTo(Configuration.defaults());
            assertThat(arm.description()).contains("no entry for this CPU: not applied");
            assertThat(arm.warning()).contains("never applied").contains("capability defaults").doesNotContain("\n");
            Path empty = dir.resolve("empty.json");
            Files.writeString(empty, file());
            assertThatThrownBy(() -> ConfigSource.layers(empty, Problem.CARD_STACKING, AMD, 17, 4))
                    .hasMessageContaining("has no entries");
        } finally {
            restore(old);
        }
    }

    @Test
    void anEntrysThreadsApplyOnlyOnAMachineWithItsCoreCount(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("cores.json");
        Files.writeString(f, file("{\"cpu\": \"" + AMD + "\", \"jdk\": 17, \"configuration\": {\"threads\": 2},"
                + " \"evidence\": {\"logicalCores\": 2}}", entry(AMD, 25, "{\"threads\": 2}")));
        String old = System.getProperty(ConfigSource.PROPERTY);
        try {
            System.setProperty(ConfigSource.PROPERTY, "none");
            assertThat(only(ConfigSource.layers(f, Problem.CARD_STACKING, AMD, 17, 2)).config().threads()).isEqualTo(2);
            assertThat(only(ConfigSource.layers(f, Problem.CARD_STACKING, AMD, 17, 64)).config().threads()).isNull();
            // An entry that does not record its machine's cores gives no thread count.
            assertThat(only(ConfigSource.layers(f, Problem.CARD_STACKING, AMD, 25, 2)).config().threads()).isNull();
        } finally {
            restore(old);
        }
    }

    @Test
    void withoutConfigOnlyAnExactMeasuredEntryIsALayer(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("built-in.json");
        Files.writeString(f, FILE);
        String old = System.getProperty(ConfigSource.PROPERTY);
        try {
            System.setProperty(ConfigSource.PROPERTY, f.toString());
            ConfigSource amd = only(ConfigSource.layers(null, Problem.DIVISOR_GAME, AMD, 25, 2));
            assertThat(amd.description()).isEqualTo("measured: " + f + " [cpu=" + AMD + ", jdk=25]");
            assertThat(amd.config().combine()).isEqualTo("wht");
            assertThat(ConfigSource.layers(null, Problem.DIVISOR_GAME, "intel-f6m207-avx512", 17, 2)).isEmpty();
            assertThat(ConfigSource.describe(java.util.List.of())).isEqualTo(ConfigSource.BUILT_IN_DEFAULTS);
            // --config first, the measured entry below it.
            var both = ConfigSource.layers(f, Problem.DIVISOR_GAME, AMD, 25, 2);
            assertThat(both).hasSize(2);
            assertThat(ConfigSource.describe(both)).isEqualTo(f + " [cpu=" + AMD + ", jdk=25] > measured: " + f
                    + " [cpu=" + AMD + ", jdk=25] > built-in defaults");
            System.setProperty(ConfigSource.PROPERTY, "none");
            assertThat(ConfigSource.layers(null, Problem.DIVISOR_GAME, AMD, 25, 2)).isEmpty();
        } finally {
            restore(old);
        }
    }

    private static void restore(String old) {
        if (old == null) {
            System.clearProperty(ConfigSource.PROPERTY);
        } else {
            System.setProperty(ConfigSource.PROPERTY, old);
        }
    }
}
