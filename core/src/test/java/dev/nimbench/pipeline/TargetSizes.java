package dev.nimbench.pipeline;


import dev.nimbench.distribution.Problem;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The target sizes of SPEC §1 with their known answers, and one run of a configuration there,
 * judged against the answer and against the refusals the contract predicts
 * ({@link CrossProductTest#predictedRefusal}). Shared by the CI subset ({@link TargetSizesTest})
 * and the full opt-in check ({@link TargetSizesCheck}).
 */
final class TargetSizes {

    /**
     * One target: the instance and its known answer (card stacking: C(10^7, 10^7) mod 1e9+7;
     * divisor game: f(10^7, 10^12) mod 987654321; from the original write-ups, and given by every staged
     * configuration in the full check of 2026-11-29 and later).
     */
    record Target(Problem problem, int n, long count, BigInteger answer) {

        long modulus() {
            return problem.defaultModulus();
        }

        @Override
        public String toString() {
            return problem.id() + " n=" + n + " " + problem.countName() + "=" + count + " M=" + modulus();
        }
    }

    static final Map<Problem, Target> TARGETS = Map.of(
            Problem.CARD_STACKING, new Target(Problem.CARD_STACKING, 10_000_000, 10_000_000L, BigInteger.valueOf(132_996_198)),
            Problem.DIVISOR_GAME, new Target(Problem.DIVISOR_GAME, 10_000_000, 1_000_000_000_000L, BigInteger.valueOf(328_104_836)));

    /** What one configuration did at a target: an answer or a refusal, beside what the contract predicts. */
    record Outcome(Target target, CrossProductTest.Combo combo, String predictedRefusal, BigInteger answer,
            String refusal, double millis) {

        /** Every way this outcome breaks the contract or the known answer; empty when it is right. */
        List<String> problems() {
            List<String> out = new ArrayList<>();
            if (refusal != null && predictedRefusal == null) {
                out.add(combo + ": refused, but the contract predicts it runs: " + refusal);
            }
            if (refusal != null && refusal.contains("\n")) {
                out.add(combo + ": refusal is not one line: " + refusal);
            }
            if (refusal == null && predictedRefusal != null) {
                out.add(combo + ": ran, but the contract predicts a refusal (" + predictedRefusal + ")");
            }
            if (answer != null && !answer.equals(target.answer())) {
                out.add(combo + ": answer " + answer + ", known answer " + target.answer());
            }
            return out;
        }

        String line() {
            String what = refusal != null ? "refused (" + (predictedRefusal != null ? "predicted: " + predictedRefusal : "NOT predicted")
                    + "): " + refusal : "= " + answer + (answer.equals(target.answer()) ? " (known answer)" : " WRONG");
            return String.format(Locale.ROOT, "%s %s %s in %.0f ms", target.problem().id(), combo, what, millis);
        }
    }

    private TargetSizes() {
    }

    static Target of(Problem problem) {
        return TARGETS.get(problem);
    }

    /** Runs one configuration at the target (the combo's modulus must be the target's). */
    static Outcome run(Target t, CrossProductTest.Combo c) {
        if (c.modulus() != t.modulus() || c.distribution().problem() != t.problem()) {
            throw new IllegalArgumentException(c + " is not a configuration for " + t);
        }
        String predicted = CrossProductTest.predictedRefusal(c, t.n());
        long t0 = System.nanoTime();
        try (Pipeline p = Pipeline.prepare(t.problem(), t.n(), t.count(), t.modulus(), c.configuration())) {
            BigInteger answer = p.run().answer();
            return new Outcome(t, c, predicted, answer, null, (System.nanoTime() - t0) / 1e6);
        } catch (IllegalArgumentException e) {
            return new Outcome(t, c, predicted, null, String.valueOf(e.getMessage()), (System.nanoTime() - t0) / 1e6);
        }
    }

    /** {@code git rev-parse HEAD} with {@code -dirty} for modified tracked files; "unknown" without git. */
    static String gitRevision() {
        String rev = git("rev-parse", "HEAD");
        if (rev == null || rev.isEmpty()) {
            return "unknown";
        }
        String status = git("status", "--porcelain", "--untracked-files=no");
        return status != null && !status.isEmpty() ? rev + "-dirty" : rev;
    }

    private static String git(String... args) {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
