package dev.nimbench.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.SteadyState;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Vector API distribution variant, warmed up on this JVM and CPU, allocates per call no more
 * than the benchmarks' boxing limit (16 KiB + 8 B per entry): compiled as intended its vectors
 * stay in registers, and boxed vectors cost about 100 bytes per vector operation. A regression
 * test: with a {@code convertShape(L2I, ...)} store in its factorial scans,
 * {@code vector-tail-sum-recurrence} allocated 490 KB per call at n = 10^4 and 4.8 MB at
 * n = 10^5 on JDK 17 with AVX2 (256-bit lanes), in every process, and never settled. Only the
 * allocation is asserted; how long the warm-up took is printed, not checked.
 *
 * <p><b>One JVM per variant</b>, as the benchmarks run one variant per fork and {@code solve} one
 * configuration per process: on a 512-bit machine, a process that has run the 512-bit kernels
 * and then runs {@code vector-tail-sum-recurrence-fma} (whose tables and binomials use fixed
 * 256-bit shapes) runs the second one boxed, 230-350 KB per call at n = 10^4 against 70 KB alone,
 * and the other way round (AMD Zen 5, JDK 17: the JDK's shared convenience methods such as
 * {@code LongVector.and(long)} and {@code add(Vector)} see both shapes;
 * docs/findings/05-mixed-vector-shapes-in-one-process.md). In one JVM with the rest of the suite
 * every variant here ran boxed on that machine.
 */
class VectorDistributionSteadyStateTest {

    private static final int MODULUS = 1_000_000_007;
    /** Warm-up cap, ms: a compiled kernel settles in 1-3 s here. */
    private static final long CAP_MILLIS = 6_000;

    static Stream<Arguments> vectorVariantsAndSizes() {
        return Arrays.stream(DistributionVariant.values())
                .filter(v -> v.problem() == Problem.CARD_STACKING && v.usesVectorApi())
                .flatMap(v -> Stream.of(10_000, 100_000).map(n -> Arguments.of(v, n)));
    }

    @ParameterizedTest(name = "{0} at n = {1}")
    @MethodSource("vectorVariantsAndSizes")
    void warmsUpWithoutBoxedVectors(DistributionVariant variant, int n) throws IOException, InterruptedException {
        assumeTrue(variant.isAvailable(), variant.id() + " needs the Vector API module");
        double limit = limit(n);
        String line = inFreshJvm(variant, n);
        System.out.println(line);
        // the child's last line: "<id> n = <n>: <bytes per call> B/call: <outcome>"
        String[] parts = line.split(": ", 3);
        assertThat(parts).as("the child JVM's line: %s", line).hasSize(3);
        double bytesPerCall = Double.parseDouble(parts[1].replace(" B/call", ""));
        assertThat(bytesPerCall)
                .as("%s at n = %d allocates like boxed vectors: %s (limit %.0f B/call)", variant.id(), n, parts[2], limit)
                .isLessThanOrEqualTo(limit);
    }

    private static double limit(int n) {
        return 16 * 1024 + 8.0 * n;
    }

    /** Runs {@link #main} in a JVM of its own, with this JVM's options and class path; returns its last line. */
    private static String inFreshJvm(DistributionVariant variant, int n) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (option.startsWith("-X") || option.startsWith("--add-modules")) {
                command.add(option);
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(VectorDistributionSteadyStateTest.class.getName());
        command.add(variant.name());
        command.add(Integer.toString(n));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the child JVM ends").isTrue();
        assertThat(p.exitValue()).as("the child JVM's exit status; its output:%n%s", out).isZero();
        String[] lines = out.strip().split("\n");
        return lines[lines.length - 1].strip();
    }

    /** The child: warms {@code args[0]} (a {@link DistributionVariant} constant) up at n = {@code args[1]}. */
    public static void main(String[] args) {
        DistributionVariant variant = DistributionVariant.valueOf(args[0]);
        int n = Integer.parseInt(args[1]);
        GrundyDistribution distribution = variant.create();
        int[] out = new int[distribution.size(n)];
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.values()[0].create(MODULUS), 2)) {
            SteadyState.Outcome outcome = SteadyState.reach(() -> distribution.histogram(n, out, ctx),
                    new SteadyState.Rule(100, 3, CAP_MILLIS, limit(n)));
            System.out.println(String.format(Locale.ROOT, "%s n = %d: %.0f B/call: %s", variant.id(), n,
                    outcome.bytesPerCall(), outcome.describe()));
        }
    }
}
