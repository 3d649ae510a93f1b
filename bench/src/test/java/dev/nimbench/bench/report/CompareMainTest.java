package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareMainTest {

    @TempDir
    Path tmp;

    private Fixtures.Run compare(String candidate, String... extra) {
        Path dir = Fixtures.copyAsForks("compare", tmp); // each iteration a fork: 5 forks a side
        String[] base = {"--baseline", dir.resolve("baseline.json").toString(), "--candidate",
            dir.resolve(candidate).toString(), "--out", tmp.resolve("out").toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return Fixtures.compare(args);
    }

    @Test
    void significantRegressionOverThresholdExits1AndNamesTheBenchmarks() {
        Fixtures.Run run = compare("regressed.json", "--threshold", "10");
        assertThat(run.status()).as(run.err()).isEqualTo(1);
        // blocked is 30% slower at each of the 3 sizes; vector 20% faster is no regression
        assertThat(run.out().lines().filter(l -> l.startsWith("REGRESSION"))).hasSize(3)
                .allMatch(l -> l.contains("variant=blocked") && l.contains("exceeds threshold 10%"));
        String svg = Fixtures.read(tmp.resolve("out/compare.svg"));
        assertThat(svg).startsWith("<svg ").contains(">significantly slower<", ">significantly faster<",
                ">TransformBench.transform [size=4096, variant=blocked]<").doesNotContainPattern("<path d=\"[^\"]* Q-?[0-9]");
        String md = Fixtures.read(tmp.resolve("out/compare.md"));
        assertThat(md).contains("# nimbench comparison", "![candidate / baseline ratio per benchmark with 95% intervals](compare.svg)",
                "geometric mean of ratios", "matched benchmarks: 15",
                "SLOWER", "faster", "p (Mann–Whitney, forks)", "p adjusted (BH)");
        // true factor 1.3: the 95% interval holds it; 5 vs 5 fully separated samples give the exact p 2/252
        assertThat(md).containsPattern("TransformBench\\.transform \\[size=4096, variant=blocked\\] \\|.*"
                + "\\| 5 / 5 \\| 1\\.[23]\\d\\d \\[1\\.[123]\\d\\d, 1\\.[34]\\d\\d\\] \\| 0\\.0079 \\| 0\\.0\\d+ \\| SLOWER \\|");
    }

    /**
     * A candidate row that did not settle in one fork is not compared, is listed with its reason
     * (not as "only in the baseline"), and fails a gate: a kernel that runs boxed or never settles
     * is the regression a gate exists to catch.
     */
    @Test
    void aCandidateRowNotAtSteadyStateIsListedWithItsReasonAndFailsTheGate() throws Exception {
        Path dir = Fixtures.copyAsForks("compare", tmp);
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode root = mapper.readTree(dir.resolve("baseline.json").toFile());
        com.fasterxml.jackson.databind.node.ObjectNode first = (com.fasterxml.jackson.databind.node.ObjectNode) root.get(0);
        com.fasterxml.jackson.databind.node.ObjectNode settled = mapper.createObjectNode();
        com.fasterxml.jackson.databind.node.ArrayNode forks = settled.putArray("rawData");
        int n = first.get("primaryMetric").get("rawData").size();
        for (int i = 0; i < n; i++) {
            forks.addArray().add(i == 0 ? 0.0 : 1.0); // the first fork hit its warm-up cap
        }
        settled.put("score", 1.0);
        first.putObject("secondaryMetrics").set(Profiling.SETTLED, settled);
        mapper.writeValue(dir.resolve("unsettled.json").toFile(), root);
        String[] args = {"--baseline", dir.resolve("baseline.json").toString(), "--candidate",
            dir.resolve("unsettled.json").toString(), "--out", tmp.resolve("out").toString()};

        Fixtures.Run ungated = Fixtures.compare(args);
        assertThat(ungated.status()).as(ungated.err()).isZero();
        String md = Fixtures.read(tmp.resolve("out/compare.md"));
        assertThat(md).contains("## Not compared: not at steady state",
                "candidate `TransformBench.transform [size=4096, variant=scalar-mod]`: 1 of 5 fork(s) did not settle")
                .doesNotContain("## Only in the baseline");

        String[] gated = java.util.Arrays.copyOf(args, args.length + 2);
        gated[args.length] = "--threshold";
        gated[args.length + 1] = "10";
        Fixtures.Run run = Fixtures.compare(gated);
        assertThat(run.status()).as(run.out()).isEqualTo(1);
        assertThat(run.out()).contains("NOT STEADY TransformBench.transform [size=4096, variant=scalar-mod]: 1 of 5");
        assertThat(run.err()).contains("gate failed: 1 benchmark(s) steady in the baseline");
    }

    @Test
    void regressionBelowThresholdOrWithoutThresholdExits0() {
        assertThat(compare("regressed.json", "--threshold", "50").status()).isZero();
        Fixtures.Run none = compare("regressed.json");
        assertThat(none.status()).isZero();
        assertThat(Fixtures.read(tmp.resolve("out/compare.md"))).contains("threshold: none");
    }

    @Test
    void identicalRunsHaveRatioOneAndNoRegression() {
        Fixtures.Run run = compare("baseline.json", "--threshold", "0");
        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("geometric mean ratio 1.000 ");
    }

    @Test
    void acrossJdksFoldersUseTheirNewestFile() {
        Path jdks = Fixtures.copy("jdks", tmp);
        Fixtures.Run run = Fixtures.compare("--baseline", jdks.resolve("20261129T100000Z-jdk17.json").toString(),
                "--candidate", jdks.toString(), "--out", tmp.resolve("out").toString());
        assertThat(run.status()).as(run.err()).isZero();
        String md = Fixtures.read(tmp.resolve("out/compare.md"));
        assertThat(md).contains("20261129T110000Z-jdk25.json", "25.0.1", "candidate faster");
    }

    @Test
    void theCommittedAaPairGivesNoVerdictAndPassesTheGate() {
        // Two default-profile runs of one revision (c0ebe65) on one machine, 20 minutes apart, one
        // fork per benchmark: on raw iterations they showed 34 "significant" changes over 5%. With
        // forks as the unit, one fork a side is untested: no verdict, and the gate passes.
        Path aa = Fixtures.copy("aa", tmp);
        Fixtures.Run run = Fixtures.compare("--baseline", aa.resolve("20261129T221905Z-jdk17.json").toString(),
                "--candidate", aa.resolve("20261129T223847Z-jdk17.json").toString(), "--threshold", "5",
                "--out", tmp.resolve("out").toString());
        assertThat(run.status()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("164 benchmarks (0 with enough forks to test)").doesNotContain("REGRESSION");
        String md = Fixtures.read(tmp.resolve("out/compare.md"));
        assertThat(md).contains("significant regressions over 5%: 0", "significant improvements over 5%: 0",
                "untested (too few forks)").doesNotContain("| SLOWER |", "| faster |");
    }

    @Test
    void differentThreadCountsAreRefusedAndOtherDifferencesWarned() {
        Synthetic a = new Synthetic(1);
        Synthetic b = new Synthetic(2);
        java.util.Map<String, String> p = java.util.Map.of("variant", "vector", "size", "1024");
        a.add("TransformBench.transform", p, a.forks(10, 5, 0.01, 0.01, 1));
        a.add("TransformBench.copyBaseline", p, a.forks(1, 5, 0.01, 0.01, 1));
        b.add("TransformBench.transform", p, b.forks(10, 5, 0.01, 0.01, 1));
        Path base = a.write(tmp.resolve("a"), "a", "abc", 2);
        Path two = b.write(tmp.resolve("b"), "b", "def", 2);
        Path one = b.write(tmp.resolve("c"), "c", "abc", 1);
        Fixtures.Run refused = Fixtures.compare("--baseline", base.toString(), "--candidate", one.toString(), "--out",
                tmp.resolve("out").toString());
        assertThat(refused.status()).isEqualTo(2);
        assertThat(refused.err().strip()).doesNotContain("\n").contains("thread counts differ", "2", "1");
        assertThat(tmp.resolve("out")).doesNotExist();
        Fixtures.Run warned = Fixtures.compare("--baseline", base.toString(), "--candidate", two.toString(), "--out",
                tmp.resolve("out").toString());
        assertThat(warned.status()).isZero();
        assertThat(warned.out()).contains("WARNING: the two sides differ in git revision: abc against def",
                "not compared: 1 benchmarks only in the baseline, 0 only in the candidate");
        assertThat(Fixtures.read(tmp.resolve("out/compare.md"))).contains("## Only in the baseline",
                "TransformBench.copyBaseline");
    }

    @Test
    void badInputExits2WithoutWriting() {
        Fixtures.Run run = compare("missing.json", "--threshold", "5");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err().strip()).doesNotContain("\n").contains("missing.json").contains("does not exist");
        assertThat(tmp.resolve("out")).doesNotExist();
        Fixtures.Run badThreshold = compare("regressed.json", "--threshold", "ten");
        assertThat(badThreshold.status()).isEqualTo(2);
        assertThat(badThreshold.err()).contains("--threshold 'ten'");
    }
}
