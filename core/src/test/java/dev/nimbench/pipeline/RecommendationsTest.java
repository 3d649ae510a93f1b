package dev.nimbench.pipeline;

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
    void fallbackSameCpuOtherJdkThenSameVendorAndWidthThenAny() {
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

        // An ARM machine: nothing similar; any entry, preferring the same JDK.
        Recommendations.Selection arm = select("arm-i41pd40-sve", 25);
        assertThat(arm.entry().label()).isEqualTo("cpu=" + AMD + ", jdk=25");
        assertThat(arm.reason()).contains("no entry of the same vendor");
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

    @Test
    void configSourceNamesTheFileAndEntryAndWarnsOnFallback(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("rec.json");
        Files.writeString(f, FILE);
        ConfigSource own = ConfigSource.resolve(f, Problem.CARD_STACKING, AMD, 17);
        assertThat(own.description()).isEqualTo(f + " [cpu=" + AMD + ", jdk=17]");
        assertThat(own.warning()).isNull();
        assertThat(own.config().combine()).isEqualTo("fused-vector-dist-wht");
        ConfigSource other = ConfigSource.resolve(f, Problem.CARD_STACKING, "intel-f6m207-avx512", 17);
        assertThat(other.description()).isEqualTo(f + " [cpu=" + INTEL + ", jdk=17]");
        assertThat(other.warning()).contains("no entry for cpu=intel-f6m207-avx512, jdk=17")
                .contains("using the entry cpu=" + INTEL + ", jdk=17").doesNotContain("\n");
        Path empty = dir.resolve("empty.json");
        Files.writeString(empty, file());
        assertThatThrownBy(() -> ConfigSource.resolve(empty, Problem.CARD_STACKING, AMD, 17))
                .hasMessageContaining("has no entries");
    }

    @Test
    void withoutConfigOnlyAnExactMeasuredEntryReplacesTheDefaults(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("built-in.json");
        Files.writeString(f, FILE);
        String old = System.getProperty(ConfigSource.PROPERTY);
        try {
            System.setProperty(ConfigSource.PROPERTY, f.toString());
            ConfigSource amd = ConfigSource.resolve(null, Problem.DIVISOR_GAME, AMD, 25);
            assertThat(amd.description()).isEqualTo("measured: " + f + " [cpu=" + AMD + ", jdk=25]");
            assertThat(amd.config().combine()).isEqualTo("wht");
            assertThat(ConfigSource.resolve(null, Problem.DIVISOR_GAME, "intel-f6m207-avx512", 17).description())
                    .isEqualTo(ConfigSource.BUILT_IN_DEFAULTS);
            System.setProperty(ConfigSource.PROPERTY, "none");
            assertThat(ConfigSource.resolve(null, Problem.DIVISOR_GAME, AMD, 25)).isEqualTo(ConfigSource.defaults());
        } finally {
            if (old == null) {
                System.clearProperty(ConfigSource.PROPERTY);
            } else {
                System.setProperty(ConfigSource.PROPERTY, old);
            }
        }
    }
}
