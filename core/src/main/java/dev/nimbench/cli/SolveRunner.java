package dev.nimbench.cli;

import dev.nimbench.combine.CombineVariant;
import dev.nimbench.config.ConfigSource;
import dev.nimbench.config.Configuration;
import dev.nimbench.config.ResolvedConfiguration;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.exact.ExactPipeline;
import dev.nimbench.pipeline.Inputs;
import dev.nimbench.pipeline.Pipeline;
import dev.nimbench.pipeline.Prewarm;
import dev.nimbench.pipeline.Repeats;
import dev.nimbench.pipeline.Result;
import dev.nimbench.pipeline.Solver;
import dev.nimbench.platform.JitGuard;
import dev.nimbench.platform.LaneForm;
import dev.nimbench.platform.Platform;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.registry.VectorSupport;
import dev.nimbench.transform.TransformVariant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;

/** What {@code solve} does once picocli has parsed the command line. */
final class SolveRunner {

    /**
     * Set to {@code true} by {@code bin/nimbench} when it starts a {@code solve} without
     * {@code --add-modules jdk.incubator.vector} (a JVM without the incubator module starts faster
     * and its AOT cache can hold the module graph and linked classes: docs/cold-start.md). Such a
     * run either needs no Vector API variant and runs quietly, or prints nothing and exits
     * {@link #EXIT_NEEDS_VECTOR_MODULE}, and the launcher starts it again with the module.
     */
    static final String VECTOR_MODULE_ON_DEMAND = "nimbench.vectorModuleOnDemand";
    /** The exit code that asks {@code bin/nimbench} to start the same command again with the Vector API module. */
    static final int EXIT_NEEDS_VECTOR_MODULE = 3;

    private final CommandLine cli;

    SolveRunner(CommandLine cli) {
        this.cli = cli;
    }

    /**
     * Parses N and the count, collects the user's flags and the layers below them
     * ({@link ConfigSource#layers}: the --config file's entry for this CPU and JDK, the measured
     * entry built into the jar; under {@code bin/nimbench}, a single run without --config takes
     * the one-shot layer instead, {@link ConfigSource#oneShot}), prepares the solver (which
     * resolves them once, flags first: {@link dev.nimbench.config.ConfigurationResolver}), runs
     * it and prints the result; returns the exit code.
     *
     * @throws IllegalArgumentException for bad input (the caller's handler prints it, exit 2)
     */
    int solve(Problem problem, String nText, String countText, SolveOptions options) {
        checkLanesProperty();
        int n = (int) Converters.parse("N", nText, problem.minN(), Inputs.MAX_N);
        long count = Converters.parse(problem.countName().toUpperCase(Locale.ROOT), countText, 0,
                Long.MAX_VALUE);
        // bin/nimbench: one process per answer, so a single run takes the configuration fastest cold.
        boolean oneShot = options.repeat == null && options.config == null && !options.exact
                && Boolean.getBoolean(ConfigSource.ONE_SHOT_PROPERTY);
        // Started without the Vector API module on purpose: only a one-shot run that names no vector variant stays.
        boolean onDemand = Boolean.getBoolean(VECTOR_MODULE_ON_DEMAND) && !VectorSupport.isPresent();
        if (onDemand && (!oneShot || namesVectorVariant(problem, options))) {
            return EXIT_NEEDS_VECTOR_MODULE;
        }
        List<ConfigSource> layers = options.exact ? List.of()
                : oneShot ? List.of(ConfigSource.oneShot(problem)) : ConfigSource.layers(options.config, problem);
        for (ConfigSource layer : layers) {
            if (layer.warning() != null) {
                cli.getErr().println("nimbench: " + layer.warning());
            }
        }
        Configuration flags = flags(problem, options);
        Integer repeat = options.repeat;
        try (Solver solver = prepare(problem, n, count, options, flags, layers)) {
            if (onDemand && solver.resolved().gaveWay()) {
                return EXIT_NEEDS_VECTOR_MODULE; // the one-shot configuration itself asked for a vector variant
            }
            if (solver.resolved().warning() != null && !onDemand) {
                cli.getErr().println("nimbench: " + solver.resolved().warning());
            }
            String guard = jitGuardWarning(Platform.current(), solver.resolved());
            if (guard != null) {
                cli.getErr().println("nimbench: " + guard);
            }
            Result result;
            // One cold run: its vector kernels are compiled on small arrays while the distribution runs.
            try (Prewarm warm = repeat == null && !options.noPrewarm && solver instanceof Pipeline p
                    ? p.prewarm() : null) {
                if (repeat == null) {
                    result = solver.run();
                } else {
                    Repeats.Repeated r = Repeats.run(solver, repeat);
                    if (!r.warmUp().settled()) {
                        cli.getErr().println("nimbench: warm-up " + r.warmUp().describe()
                                + ": the JIT was still compiling or the times still changing; the medians may include it");
                    }
                    result = r.medians();
                }
            }
            if (options.json) {
                cli.getOut().println(JsonResultPrinter.json(result, repeat, ConfigSource.describe(layers),
                        solver.resolved().sources()));
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

    private static Solver prepare(Problem problem, int n, long count, SolveOptions options, Configuration config,
            List<ConfigSource> layers) {
        if (!options.exact) {
            long modulus = options.modulus != null ? options.modulus : problem.defaultModulus();
            return Pipeline.prepare(problem, n, count, modulus, config, layers);
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

    /**
     * The one line for a run whose vector kernels are compiled by C2 without {@link JitGuard}'s
     * options, or null (scalar stages only, vectors not compiled, the guard set, not HotSpot).
     */
    static String jitGuardWarning(Platform platform, ResolvedConfiguration resolved) {
        if (platform.jitGuard() || !platform.compiledVectors() || !resolved.usesVectorApi()) {
            return null;
        }
        return JitGuard.warning(platform.jitGuardFlags());
    }

    /** Whether a stage option names a registered Vector API variant (unknown ids are left to the resolver's error). */
    private static boolean namesVectorVariant(Problem problem, SolveOptions options) {
        return DistributionVariant.forProblem(problem).stream()
                        .anyMatch(v -> v.id().equals(options.distribution) && v.usesVectorApi())
                || usesVectorApi(TransformVariant.class, options.transform)
                || usesVectorApi(PowerVariant.class, options.power)
                || usesVectorApi(CombineVariant.class, options.combine);
    }

    private static <E extends Enum<E> & Variant> boolean usesVectorApi(Class<E> registry, String id) {
        return Registry.all(registry).stream().anyMatch(v -> v.id().equals(id) && v.usesVectorApi());
    }

    /** A bad {@code -Dnimbench.lanes} is one line, exit 2, before the defaults read it. */
    static void checkLanesProperty() {
        String lanes = System.getProperty(LaneForm.PROPERTY);
        if (lanes != null && !lanes.isBlank()) {
            LaneForm.fromId(lanes);
        }
    }

    /** An explicit stage option that exact mode would ignore is refused rather than silently dropped. */
    private static void rejectWithExact(String option, Object value) {
        if (value != null) {
            throw new IllegalArgumentException(option + " " + value + " has no effect with --exact, which runs its own"
                    + " BigInteger transform, power sum and combine on one thread; drop one of the two options");
        }
    }

    /** The user's own choices: the only ones that may conflict with each other. */
    private static Configuration flags(Problem problem, SolveOptions options) {
        Configuration flags = new Configuration(Map.of(), options.transform, options.multiplier, options.power,
                options.combine, options.threads);
        return options.distribution == null ? flags : flags.withDistribution(problem, options.distribution);
    }
}
