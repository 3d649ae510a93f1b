package dev.nimbench.bench;

import dev.nimbench.distribution.Problem;
import dev.nimbench.exec.SteadyState;
import dev.nimbench.pipeline.Pipeline;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/** Prints every window of a pipeline warm-up: ms/call and JIT ms finished in the window. */
public class SettleTrace {
    public static void main(String[] a) {
        Problem p = Problem.fromId(a[0]);
        int n = Integer.parseInt(a[1]);
        Pipeline pl = Pipeline.prepare(p, n, PipelineLabels.count(p), p.defaultModulus(), PipelineLabels.parse(a[2], p, Integer.parseInt(a[3])));
        CompilationMXBean c = ManagementFactory.getCompilationMXBean();
        long t0 = System.nanoTime();
        StringBuilder sb = new StringBuilder();
        for (int w = 0; w < Integer.parseInt(a[4]); w++) {
            long s = System.nanoTime(); long c0 = c.getTotalCompilationTime(); int k = 0;
            do { pl.run(); k++; } while (System.nanoTime() - s < 100_000_000L);
            long e = System.nanoTime();
            sb.append(String.format("%.1fs:%.0fms/%d:+%d ", (e - t0) / 1e9, (e - s) / 1e6 / k, k, c.getTotalCompilationTime() - c0));
        }
        System.out.println(sb);
        pl.close();
    }
}
