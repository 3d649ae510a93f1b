package dev.nimbench.bench;

import dev.nimbench.distribution.Problem;
import dev.nimbench.pipeline.Pipeline;
import dev.nimbench.pipeline.Prewarm;
import dev.nimbench.pipeline.Result;
import java.math.BigInteger;

/**
 * The training run of the cold-start AOT cache ({@link ColdStartPlan}): runs each
 * {@code problem label size threads} quadruple of its arguments once, as a cold fork would, and
 * checks the known answer. Exit 0 on success, 1 on a wrong answer, 2 on bad arguments.
 */
public final class ColdStartTraining {

    private ColdStartTraining() {
    }

    public static void main(String[] args) {
        if (args.length == 0 || args.length % 4 != 0) {
            System.err.println("error: arguments must be quadruples 'problem label size threads', got " + args.length);
            System.exit(2);
        }
        for (int i = 0; i < args.length; i += 4) {
            Problem p = Problem.fromId(args[i]);
            int n = Integer.parseInt(args[i + 2]);
            Result r;
            try (Pipeline pipeline = Pipeline.prepare(p, n, PipelineLabels.count(p), p.defaultModulus(),
                    PipelineLabels.parse(args[i + 1], p, Integer.parseInt(args[i + 3])));
                    Prewarm warm = pipeline.prewarm()) {
                r = pipeline.run();
            }
            BigInteger known = PipelineLabels.known(p, n);
            if (known != null && !known.equals(r.answer())) {
                System.err.println("error: " + p.id() + " '" + args[i + 1] + "' n = " + n + " gave " + r.answer()
                        + ", known " + known);
                System.exit(1);
            }
            System.out.println("trained " + p.id() + " '" + args[i + 1] + "' n = " + n + " threads " + args[i + 3]);
        }
    }
}
