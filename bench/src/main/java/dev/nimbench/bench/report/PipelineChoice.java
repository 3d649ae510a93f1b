package dev.nimbench.bench.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.bench.PipelineLabels;
import dev.nimbench.distribution.Problem;
import dev.nimbench.pipeline.Configuration;
import dev.nimbench.pipeline.ConfigurationResolver;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The fastest whole-pipeline configuration measured for a problem: what the recommendation
 * takes its combine, multiplier, thread count and distribution from, so that the recommended
 * configuration is the fastest one measured (stage winners alone can disagree with it: a fused
 * combine makes the separate transform and power stages moot, and its vector binomials need the
 * Montgomery multiplier). The label is resolved with the current defaults of core.
 *
 * @param label the pipeline benchmark's configuration label
 * @param threads its thread count
 * @param n its size
 * @param asRun the variants it ran, resolved from the label
 * @param millis its median sample, milliseconds
 */
record PipelineChoice(String label, int threads, long n, Configuration asRun, double millis) {

    /** The fastest pipeline measurement of {@code problem} at its largest n, or null when none resolves. */
    static PipelineChoice fastest(ResultFile file, Problem problem, ObjectNode ev) {
        List<Measurement> at = new ArrayList<>();
        long n = -1;
        for (Measurement m : file.measurements()) {
            if (Stages.PIPELINE.equals(m.stage()) && problem.id().equals(m.problem())) {
                n = Math.max(n, m.size());
            }
        }
        for (Measurement m : file.measurements()) {
            if (Stages.PIPELINE.equals(m.stage()) && problem.id().equals(m.problem()) && m.size() == n) {
                at.add(m);
            }
        }
        at.sort(Comparator.comparingDouble(YardstickSection::medianMillis));
        for (Measurement m : at) {
            int threads = parseThreads(m.params().get("threads"));
            try {
                Configuration config = PipelineLabels.parse(m.variant(), problem, threads);
                Configuration asRun = ConfigurationResolver.resolve(config, problem, problem.defaultModulus()).asRun();
                PipelineChoice c = new PipelineChoice(m.variant(), threads, n, asRun, YardstickSection.medianMillis(m));
                ev.put("label", c.label());
                ev.put("threads", threads);
                ev.put("n", n);
                ev.put("medianMillis", Math.round(c.millis() * 1000) / 1000.0);
                ev.put("configurationsCompared", at.size());
                if (at.size() > 1) {
                    Measurement second = at.get(at.get(0) == m ? 1 : 0);
                    ev.put("runnerUp", second.variant() + " [threads=" + second.params().get("threads") + "]");
                    ev.put("runnerUpMedianMillis", Math.round(YardstickSection.medianMillis(second) * 1000) / 1000.0);
                }
                ev.put("summary", "fastest " + problem.id() + " pipeline at n = " + Format.size(n) + ": "
                        + c.label() + " [threads=" + threads + "], median " + Format.sig(c.millis(), 4) + " ms of "
                        + at.size() + " configurations measured");
                return c;
            } catch (IllegalArgumentException e) {
                // A label the current registries cannot resolve (an older results file): try the next.
            }
        }
        return null;
    }

    private static int parseThreads(String s) {
        try {
            return s == null ? 1 : Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
