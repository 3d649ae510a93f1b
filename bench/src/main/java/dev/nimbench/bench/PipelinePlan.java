package dev.nimbench.bench;

import java.io.PrintStream;

/** Pipeline configurations to benchmark (filled in once the Pipeline API is in core). */
final class PipelinePlan {

    private PipelinePlan() {
    }

    static void add(BenchPlan plan, BenchOptions options, PrintStream log) {
        // placeholder until dev.nimbench.pipeline.Pipeline lands
    }
}
