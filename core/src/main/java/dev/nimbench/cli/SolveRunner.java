package dev.nimbench.cli;

import dev.nimbench.distribution.Problem;
import dev.nimbench.exact.ExactPipeline;
import dev.nimbench.pipeline.Configuration;
import dev.nimbench.pipeline.ConfigSource;
import dev.nimbench.pipeline.Inputs;
import dev.nimbench.pipeline.Pipeline;
import dev.nimbench.pipeline.Prewarm;
import dev.nimbench.pipeline.Result;
import dev.nimbench.pipeline.Solver;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;

/** What {@code solve} does once picocli has parsed the command line. */
final class SolveRunner {

    private final CommandLine cli;

    SolveRunner(CommandLine cli) {
        this.cli = cli;
    }

    /**
     * Parses N and the count, builds the configuration ({@link ConfigSource}: the --config file's
     * entry for this CPU and JDK, the measured entry built into the jar, or the defaults; under
     * {@code bin/nimbench} a single run without --config the one-shot defaults; then the
     * command-line overrides),
     * prepares and runs the solver, prints the result; returns the exit code.
     *
     * @throws IllegalArgumentException for bad input (the caller's handler prints it, exit 2)
     */
    int solve(Problem problem, String nText, String countText, SolveOptions options) {
        int n = (int) Converters.parse("N", nText, problem.minN(), Inputs.MAX_N);
        long count = Converters.parse(problem.countName().toUpperCase(Locale.ROOT), countText, 0,
                Long.MAX_VALUE);
        long modulus = options.modulus != null ? options.modulus : problem.defaultModulus();
        // bin/nimbench: one process per answer, so a single run takes the configuration fastest cold.
        boolean oneShot = options.repeat == null && options.config == null && !options.exact
                && Boolean.getBoolean(ConfigSource.ONE_SHOT_PROPERTY);
        ConfigSource source = oneShot ? ConfigSource.oneShot(problem, modulus)
                : ConfigSource.resolve(options.config, problem, modulus);
        if (source.warning() != null) {
            cli.getErr().println("nimbench: " + source.warning());
        }
        Configuration config = configuration(problem, options, source.config());
        Integer repeat = options.repeat;
        try (Solver solver = prepare(problem, n, count, options, config)) {
            if (solver.resolved().warning() != null) {
                cli.getErr().println("nimbench: " + solver.resolved().warning());
            }
            Result result;
            // One cold run: its vector kernels are compiled on small arrays while the distribution runs.
            try (Prewarm warm = repeat == null && !options.noPrewarm && solver instanceof Pipeline p
                    ? p.prewarm() : null) {
                result = repeat == null ? solver.run() : solver.runRepeated(repeat);
            }
            if (options.json) {
                cli.getOut().println(JsonResultPrinter.json(result, repeat, source.description()));
            } else {
                cli.getOut().print(ResultPrinter.text(result, repeat));
            }
        } catch (OutOfMemoryError e) {
            throw new IllegalArgumentException(problem.id() + " n = " + n + " ran out of heap (maximum "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MiB); raise it with -Xmx");
        }
        cli.getOut().flush();
        return 0;
    }

    private static Solver prepare(Problem problem, int n, long count, SolveOptions options, Configuration config) {
        if (!options.exact) {
            long modulus = options.modulus != null ? options.modulus : problem.defaultModulus();
            return Pipeline.prepare(problem, n, count, modulus, config);
        }
        if (options.modulus != null) {
            throw new IllegalArgumentException("--exact and --modulus " + options.modulus
                    + " exclude each other; give one of them");
        }
        rejectWithExact("--transform", options.transform);
        rejectWithExact("--power", options.power);
        rejectWithExact("--combine", options.combine);
        rejectWithExact("--threads", options.threads);
        return ExactPipeline.prepare(problem, n, count, config);
    }

    /** An explicit stage option that exact mode would ignore is refused rather than silently dropped. */
    private static void rejectWithExact(String option, Object value) {
        if (value != null) {
            throw new IllegalArgumentException(option + " " + value + " has no effect with --exact, which runs its own"
                    + " BigInteger transform, power sum and combine on one thread; drop one of the two options");
        }
    }

    /** The configuration from its source (--config entry, measured, defaults) overridden by the command line. */
    private static Configuration configuration(Problem problem, SolveOptions options, Configuration config) {
        Configuration flags = new Configuration(Map.of(), options.transform, options.multiplier, options.power,
                options.combine, options.threads);
        if (options.distribution != null) {
            flags = flags.withDistribution(problem, options.distribution);
        }
        return config.overriddenBy(flags);
    }
}
