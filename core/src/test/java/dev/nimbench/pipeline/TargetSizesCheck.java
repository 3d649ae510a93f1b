package dev.nimbench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.CpuIdentity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Opt-in (tens of minutes of CPU; its name keeps it out of surefire's default includes, so
 * {@code mvn install} does not run it; CI runs the budgeted subset {@link TargetSizesTest}):
 * every configuration of the cross product ({@link CrossProductTest}, default modulus, collapsed
 * duplicates left out) at the target sizes. Every configuration the contract allows must give the
 * known answer ({@link TargetSizes#TARGETS}: C(10^7, 10^7) mod 1e9+7 = 132996198,
 * f(10^7, 10^12) mod 987654321 = 328104836), and every refusal must be one the contract predicts
 * ({@link CrossProductTest#predictedRefusal}), and the other way round.
 *
 * <p>Run with {@code mvn -pl core test -Dtest=TargetSizesCheck [-Dnimbench.targets=divisor-game]
 * [-Dnimbench.targets.parallel=4] [-Dnimbench.targets.log=FILE]}. It prints one line per
 * configuration and writes them, headed by the git revision, JDK and CPU key it ran on, to the log
 * (default {@code ../results/targets-<UTC time>.txt}, beside the benchmark results).
 */
class TargetSizesCheck {

    @Test
    void everyConfigurationGivesTheKnownAnswerOrTheRefusalTheContractPredicts() throws Exception {
        int parallel = Integer.getInteger("nimbench.targets.parallel", 1);
        Instant start = Instant.now();
        List<String> log = new ArrayList<>();
        log.add("# TargetSizesCheck at git revision " + TargetSizes.gitRevision() + ", started " + start + ", JDK "
                + Runtime.version() + ", CPU key " + CpuIdentity.current().key() + ", "
                + Runtime.getRuntime().availableProcessors() + " cores, " + parallel + " configuration(s) at a time");
        List<String> problems = new ArrayList<>();
        for (String id : System.getProperty("nimbench.targets", "card-stacking,divisor-game").split(",")) {
            Problem problem = Problem.fromId(id.trim());
            TargetSizes.Target target = TargetSizes.of(problem);
            List<CrossProductTest.Combo> combos = new ArrayList<>();
            for (CrossProductTest.Combo c : CrossProductTest.crossProduct()) {
                if (c.distribution().problem() == problem && c.modulus() == target.modulus()
                        && CrossProductTest.skipReason(c) != CrossProductTest.Skip.COLLAPSED) {
                    combos.add(c);
                }
            }
            ExecutorService pool = Executors.newFixedThreadPool(parallel);
            Map<String, TargetSizes.Outcome> outcomes = new TreeMap<>();
            try {
                List<Future<TargetSizes.Outcome>> futures = new ArrayList<>();
                for (CrossProductTest.Combo c : combos) {
                    futures.add(pool.submit(() -> TargetSizes.run(target, c)));
                }
                for (Future<TargetSizes.Outcome> f : futures) {
                    TargetSizes.Outcome o = f.get();
                    outcomes.put(o.combo().toString(), o);
                }
            } finally {
                pool.shutdown();
            }
            long answered = outcomes.values().stream().filter(o -> o.answer() != null).count();
            log.add("# " + target + ": " + outcomes.size() + " configurations, " + answered + " answered, "
                    + (outcomes.size() - answered) + " refused; known answer " + target.answer());
            for (TargetSizes.Outcome o : outcomes.values()) {
                log.add(o.line());
                problems.addAll(o.problems());
            }
        }
        log.add("# " + (problems.isEmpty() ? "PASS" : "FAIL: " + problems.size() + " problem(s)") + ", finished "
                + Instant.now());
        log.forEach(System.out::println);
        Path file = logFile(start);
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, log, StandardCharsets.UTF_8);
        System.out.println("log: " + file.toAbsolutePath().normalize());
        assertThat(problems).as("wrong answers, or refusals the contract does not predict (or the reverse)").isEmpty();
    }

    private static Path logFile(Instant start) throws IOException {
        String given = System.getProperty("nimbench.targets.log");
        if (given != null && !given.isBlank()) {
            return Path.of(given);
        }
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmm'Z'").withZone(ZoneOffset.UTC).format(start);
        return Path.of("..", "results", "targets-" + stamp + ".txt");
    }
}
