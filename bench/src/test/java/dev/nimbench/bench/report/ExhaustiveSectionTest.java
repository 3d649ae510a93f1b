package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The exhaustive page: the default profile's recommendation found in the exhaustive run by its
 * stages and set against that run's fastest row, with the verdict of the 3% rule; the exhaustive
 * run never becomes the machine's run of the report.
 */
class ExhaustiveSectionTest {

    private static final String SCALAR = "distribution=tail-sum-recurrence";
    private static final String BLOCKED = "transform=blocked";

    /** The default profile's run: the default kept (the candidate is slower). */
    private static ResultFile warm() {
        return DecisionRulesTest.file(
                DecisionRulesTest.pipeline("20261207T010000Z-jdk17.json", "default", 99, 100, 101, 100),
                DecisionRulesTest.pipeline("20261207T010000Z-jdk17.json", BLOCKED, 130, 131, 129, 130));
    }

    private static ResultFile exhaustive(double... scalarForks) {
        String run = "20261207T020000Z-jdk17.json";
        return new ResultFile(Path.of("exhaustive", run), List.of(
                DecisionRulesTest.pipeline(run, "default", 100, 101, 99, 100.5),
                DecisionRulesTest.pipeline(run, BLOCKED, 131, 130, 132, 131),
                DecisionRulesTest.pipeline(run, SCALAR, scalarForks)).stream().toList(),
                RunMeta.of(meta(run)));
    }

    /** What the labels ran, and the {@code -Djmh.variants} that narrowed the run. */
    private static com.fasterxml.jackson.databind.node.ObjectNode meta(String run) {
        com.fasterxml.jackson.databind.node.ObjectNode root = DecisionRulesTest.recordingNode(
                DecisionRulesTest.pipeline(run, "default", 1),
                DecisionRulesTest.pipeline(run, BLOCKED, 1),
                DecisionRulesTest.pipeline(run, SCALAR, 1));
        root.putObject("options").put("variants", "^default$|tail-sum|blocked");
        return root;
    }

    private static String page(ResultFile exhaustive) throws BadInputException {
        MachineRun run = MachineRun.of(Machine.of(warm()), List.of(warm()));
        return ExhaustiveSection.render(List.of(run), List.of(exhaustive)).toMarkdown();
    }

    @Test
    void aConfigurationClearlyFasterThanTheRecommendationIsCalledAMiss() throws BadInputException {
        String md = page(exhaustive(80, 81, 79, 80.5));

        assertThat(md).contains("3 configurations measured at n = 10M, 2 threads");
        assertThat(md).contains("narrowed to the labels matching `-Djmh.variants=^default$|tail-sum|blocked`");
        assertThat(md).contains("**Recommendation** (`20261207T010000Z-jdk17.json`)");
        assertThat(md).contains("rank 2 of 3");
        assertThat(md).contains("**further than 3%**");
        assertThat(md).contains("| 1 | `" + SCALAR + "`");
        assertThat(md).contains("(**the recommendation**)");
    }

    @Test
    void theRecommendationAsTheFastestRowIsSaidSo() throws BadInputException {
        String md = page(exhaustive(110, 111, 109, 110.5));

        assertThat(md).contains("rank 1 of 3").contains("it is the fastest row");
        assertThat(md).doesNotContain("further than");
    }

    @Test
    void noExhaustiveRunNoPageAndTheRunIsNeverTheMachinesRun() throws BadInputException {
        assertThat(ExhaustiveSection.render(List.of(), List.of())).isNull();

        Map<String, String> out = ReportRenderer.render(List.of(warm()), List.of(), null, List.of(),
                List.of(exhaustive(80, 81, 79, 80.5)));

        assertThat(out).containsKey(ExhaustiveSection.PAGE);
        assertThat(out.get(ReportRenderer.INDEX)).contains("[exhaustive search](exhaustive.md)");
        // the machine's page and recommendation come from the default profile's run
        assertThat(out.get(ReportRenderer.INDEX)).contains("20261207T010000Z-jdk17.json")
                .doesNotContain("20261207T020000Z-jdk17.json` (JDK");
        assertThat(ReportRenderer.render(List.of(warm()))).doesNotContainKey(ExhaustiveSection.PAGE);
    }
}
