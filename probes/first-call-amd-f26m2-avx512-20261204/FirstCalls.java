package dev.nimbench.bench;
import dev.nimbench.distribution.Problem;
import dev.nimbench.pipeline.Pipeline;
/** Times the first calls of one pipeline configuration, per stage: what a fork's warm-up starts with. */
public class FirstCalls {
    public static void main(String[] a) {
        Problem p = Problem.fromId(a[0]);
        int n = Integer.parseInt(a[1]);
        try (Pipeline pl = Pipeline.prepare(p, n, PipelineLabels.count(p), p.defaultModulus(), PipelineLabels.parse(a[2], p, Integer.parseInt(a[3])))) {
            for (int i = 0; i < Integer.parseInt(a[4]); i++) {
                long s = System.nanoTime();
                var r = pl.run();
                System.out.printf("call %d: %.0f ms %s%n", i, (System.nanoTime() - s) / 1e6, r.timingsMillis());
            }
        }
    }
}
