package dev.nimbench.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Bar charts (the pipeline's): every label readable in full, the SVG small and deterministic. */
class SvgChartsTest {

    private static final long N = 10_000_000L;
    /** The pipeline configurations of the committed card-stacking run, and a longer one. */
    private static final List<String[]> CONFIGURATIONS = List.of(
            new String[] {"default", "1"},
            new String[] {"distribution=tail-sum-recurrence", "1"},
            new String[] {"combine=wht,transform=scalar-mod", "1"},
            new String[] {"multiplier=plain", "1"},
            new String[] {"combine=wht,power=scalar", "1"},
            new String[] {"combine=wht", "1"},
            new String[] {"combine=fused-vector-wht", "1"},
            new String[] {"default", "2"},
            new String[] {"combine=wht", "2"},
            new String[] {"combine=fused-vector-wht", "2"},
            new String[] {"distribution=vector-tail-sum-recurrence,combine=wht,transform=vector-unblocked,"
                    + "power=vector-montgomery-forkjoin", "2"});

    private static Panel pipelinePanel() {
        List<Measurement> ms = new ArrayList<>();
        double ms1 = 1e-3;
        int i = 0;
        for (String[] c : CONFIGURATIONS) {
            Map<String, String> params = new TreeMap<>(Map.of(Measurement.PROBLEM, "card-stacking",
                    Measurement.SIZE, String.valueOf(N), Measurement.VARIANT, c[0], "threads", c[1]));
            double score = (80 + 37 * i++) * ms1;
            ms.add(new Measurement("fixture.json", "dev.nimbench.bench.PipelineBench.solve", "PipelineBench", "solve",
                    Stages.PIPELINE, params, "avgt", score, score * 0.95, score * 1.05,
                    new double[] {score, score, score}, new double[][] {{score, score, score}}, TimeScale.MILLISECONDS, "17.0.15", "OpenJDK 64-Bit Server VM"));
        }
        List<Panel> panels = Panel.of(ms);
        assertThat(panels).hasSize(1);
        return panels.get(0);
    }

    private static List<String> texts(String svg) {
        List<String> texts = new ArrayList<>();
        Matcher m = Pattern.compile(">([^<>]*)</text").matcher(svg.replace("\n", ""));
        while (m.find()) {
            texts.add(m.group(1));
        }
        return texts;
    }

    @Test
    void everyPipelineLabelIsDrawnInFullNeverCut() {
        Panel panel = pipelinePanel();
        String svg = SvgCharts.barChart(panel, N, "JDK 17.0.15, AMD EPYC");
        List<String> texts = texts(svg);
        assertThat(texts).noneMatch(t -> t.contains("\u2026") || t.contains("..."));
        for (Series s : panel.series()) {
            // every line of the wrapped label is one whole <text>, and the lines give back the label
            String[] lines = SvgCharts.wrapBarLabel(s.label()).split("\n");
            assertThat(texts).as(s.label()).contains(lines);
            assertThat(String.join(" ", lines).replace(", ", ",").replace("  ", " ")).isEqualTo(s.label());
            for (String line : lines) {
                assertThat(line.length()).as(line).isLessThanOrEqualTo(SvgCharts.BAR_LABEL_LINE);
            }
        }
    }

    @Test
    void theChartIsSmallAndDeterministic() {
        Panel panel = pipelinePanel();
        String a = SvgCharts.barChart(panel, N, "JDK 17.0.15, AMD EPYC");
        String b = SvgCharts.barChart(pipelinePanel(), N, "JDK 17.0.15, AMD EPYC");
        assertThat(a).isEqualTo(b);
        assertThat(a.length()).isLessThan(40_000);
        assertThat(SvgCharts.barHeight(panel, N)).isBetween(460, 900);
    }

    @Test
    void wrapping() {
        assertThat(SvgCharts.wrapBarLabel("default [threads=1]")).isEqualTo("default [threads=1]");
        assertThat(SvgCharts.wrapBarLabel("combine=wht,transform=scalar-mod [threads=1]"))
                .isEqualTo("combine=wht,transform=scalar-mod\n[threads=1]");
        assertThat(SvgCharts.wrapBarLabel("distribution=vector-tail-sum-recurrence,combine=wht"))
                .isEqualTo("distribution=vector-tail-sum-recurrence,\ncombine=wht");
    }
}
