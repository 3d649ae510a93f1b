package dev.nimbench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.distribution.Problem;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Opt-in (minutes of CPU; its name keeps it out of surefire's default includes, so
 * {@code mvn install} does not run it): the acceptance check. Every configuration of the cross product
 * (default modulus, the same skip rule as {@link CrossProductTest}) that the pipeline accepts at
 * the target sizes gives the same answer: {@code C(10^7, 10^7) mod 1e9+7} and
 * {@code f(10^7, 10^12) mod 987654321}. Run with
 * {@code mvn -pl core test -Dtest=TargetSizesCheck [-Dnimbench.targets=divisor-game]
 * [-Dnimbench.targets.parallel=4]} (default: both problems, one configuration at a time); it
 * prints one line per configuration.
 */
class TargetSizesCheck {

    private static final Map<Problem, long[]> TARGETS = Map.of(
            Problem.CARD_STACKING, new long[] {10_000_000L, 10_000_000L},
            Problem.DIVISOR_GAME, new long[] {10_000_000L, 1_000_000_000_000L});

    @Test
    void everyConfigurationThatFitsGivesTheSameAnswer() throws Exception {
        int parallel = Integer.getInteger("nimbench.targets.parallel", 1);
        for (String id : System.getProperty("nimbench.targets", "card-stacking,divisor-game").split(",")) {
            Problem problem = Problem.fromId(id.trim());
            long[] target = TARGETS.get(problem);
            long modulus = problem.defaultModulus();
            List<CrossProductTest.Combo> combos = new ArrayList<>();
            for (CrossProductTest.Combo c : CrossProductTest.crossProduct()) {
                if (c.distribution().problem() == problem && c.modulus() == modulus
                        && CrossProductTest.skipReason(c) == null) {
                    combos.add(c);
                }
            }
            ExecutorService pool = Executors.newFixedThreadPool(parallel);
            Map<String, String> lines = new TreeMap<>();
            Map<BigInteger, List<String>> byAnswer = new TreeMap<>();
            try {
                List<Future<String[]>> futures = new ArrayList<>();
                for (CrossProductTest.Combo c : combos) {
                    futures.add(pool.submit(() -> runOne(problem, target, modulus, c)));
                }
                for (Future<String[]> f : futures) {
                    String[] r = f.get();
                    lines.put(r[0], r[1]);
                    if (r[2] != null) {
                        byAnswer.computeIfAbsent(new BigInteger(r[2]), a -> new ArrayList<>()).add(r[0]);
                    }
                }
            } finally {
                pool.shutdown();
            }
            lines.forEach((config, line) -> System.out.println(problem.id() + " " + config + " " + line));
            assertThat(byAnswer).as("%s: answers by configuration", problem.id()).hasSize(1);
        }
    }

    /** {config, "answer / time" or "refused: why", answer or null}. */
    private static String[] runOne(Problem problem, long[] target, long modulus, CrossProductTest.Combo c) {
        long t0 = System.nanoTime();
        try (Pipeline p = Pipeline.prepare(problem, (int) target[0], target[1], modulus, c.configuration())) {
            Result r = p.run();
            String line = String.format(Locale.ROOT, "= %s in %.0f ms", r.answer(), (System.nanoTime() - t0) / 1e6);
            return new String[] {c.toString(), line, r.answer().toString()};
        } catch (IllegalArgumentException e) {
            return new String[] {c.toString(), "refused: " + e.getMessage(), null};
        }
    }
}
