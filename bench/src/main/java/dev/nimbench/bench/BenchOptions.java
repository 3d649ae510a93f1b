package dev.nimbench.bench;

import dev.nimbench.config.Configuration;
import dev.nimbench.platform.CpuIdentity;
import dev.nimbench.platform.IsaLimit;
import dev.nimbench.distribution.Problem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.runner.options.ProfilerConfig;

/**
 * BenchMain's command line ({@code jmh:run} passes its {@code jmh.*} properties as these options).
 * Every error is an IllegalArgumentException with one line naming the option and the value.
 */
final class BenchOptions {

    Profile profile = Profile.DEFAULT;
    Pattern include;
    List<Long> sizes;
    Pattern variants;
    /** {@code --problem}: the problems whose distributions and pipelines run; null: every problem. */
    Set<Problem> problems;
    Integer forks;
    Integer warmupIterations;
    Integer iterations;
    final List<String> profilers = new ArrayList<>();
    Integer threads;
    Path results = Path.of("results");
    Path root = Path.of(".");
    /** The reports folder (flame graphs go below it); null: {@code <root>/reports}. */
    Path reports;
    /** Set by BenchMain when {@link #profilers} names async: the completed spec and where the graphs go. */
    FlameGraphs flameGraphs;
    String command;
    /** A yardstick executable, "none", or null for the default one beside the repository if present. */
    String yardstick;
    boolean dryRun;
    /** A narrower vector unit to simulate ({@code --isa}), or null. */
    IsaLimit isa;
    /** {@code true} (the newest interrupted run) or an interrupted run's file name; null: a new run. */
    String resume;
    /** {@code --budget}: the whole command's wall-time budget in minutes (0: none); null: the profile's. */
    Integer budgetMinutes;
    /** {@code --started}: when the command started (Maven passes its JVM's start), epoch milliseconds; null: now. */
    Long startedMillis;
    /** The options as given, for the metadata. */
    final Map<String, String> given = new LinkedHashMap<>();

    static BenchOptions parse(String... args) {
        BenchOptions o = new BenchOptions();
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (name.equals("--dry-run")) {
                o.dryRun = true;
                o.given.put("dry-run", "true");
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + name + " needs a value");
            }
            String value = args[++i];
            o.given.put(name.replaceFirst("^--", ""), value);
            switch (name) {
                case "--profile": o.profile = Profile.fromId(value); break;
                case "--include": o.include = regex(name, value); break;
                case "--variants": o.variants = regex(name, value); break;
                case "--problem": o.problems = problems(name, value); break;
                case "--sizes": o.sizes = sizes(value); break;
                case "--forks": o.forks = positive(name, value, 0); break;
                case "--warmup-iterations": o.warmupIterations = positive(name, value, 0); break;
                case "--iterations": o.iterations = positive(name, value, 1); break;
                case "--threads": o.threads = threads(name, value); break;
                case "--prof":
                    for (String p : value.split(",")) {
                        if (!p.isBlank()) {
                            o.profilers.add(p.trim());
                        }
                    }
                    break;
                case "--results": o.results = Path.of(value); break;
                case "--root": o.root = Path.of(value); break;
                case "--reports": o.reports = Path.of(value); break;
                case "--command": o.command = value; break;
                case "--yardstick": o.yardstick = value; break;
                case "--isa": o.isa = isa(value); break;
                case "--resume": o.resume = value.isBlank() ? "true" : value.trim(); break;
                case "--budget": o.budgetMinutes = budget(name, value); break;
                case "--started": o.startedMillis = started(name, value); break;
                default:
                    throw new IllegalArgumentException("unknown option " + name + "; valid: --profile --include --variants --problem"
                            + " --sizes --forks --warmup-iterations --iterations --prof --threads --results --root"
                            + " --reports --command --yardstick --isa --resume --budget --started --dry-run");
            }
        }
        if (o.forks != null && o.forks < 1) {
            // Forks = 0 would run every variant in this JVM, where they distort each other.
            throw new IllegalArgumentException("--forks = " + o.forks + " is out of range; valid: >= 1 (variants must not share a JVM)");
        }
        o.profilers.forEach(BenchOptions::checkProfiler);
        return o;
    }

    /**
     * JMH checks profilers only when a group starts, after the calibration, and then fails every
     * group alike; an unknown or unusable one is bad input, found here before anything runs.
     */
    private static void checkProfiler(String spec) {
        if (FlameGraphs.isAsync(spec)) {
            if (!FlameGraphs.options(spec).containsKey("libPath")) {
                AsyncProfilerLibrary.requirePlatform(); // the library and event are resolved by BenchMain
            }
            return;
        }
        int colon = spec.indexOf(':');
        String name = colon > 0 ? spec.substring(0, colon) : spec;
        try {
            ProfilerFactory.getProfilerOrException(new ProfilerConfig(name, colon > 0 ? spec.substring(colon + 1) : ""));
        } catch (ProfilerException e) {
            throw new IllegalArgumentException("--prof '" + spec + "' is not usable here (" + oneLine(e.getMessage())
                    + "); valid: a JMH profiler this machine supports, e.g. gc or stack (listed by JMH's -lprof)");
        }
    }

    private static String oneLine(String message) {
        return String.valueOf(message).replaceAll("\\s*\\R\\s*", " ").trim();
    }

    private static IsaLimit isa(String value) {
        IsaLimit limit;
        try {
            limit = IsaLimit.fromId(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--isa (-Djmh.isa) '" + value + "' is not known; valid: " + IsaLimit.ids());
        }
        CpuIdentity.current().withIsaLimit(limit); // refuses -XX:UseAVX on a CPU that is not x86
        return limit;
    }

    /** The budget in minutes: {@code --budget}, else the profile's (0: none). */
    int budget() {
        return budgetMinutes != null ? budgetMinutes : profile.budgetMinutes();
    }

    /** Most minutes a budget may name: a day. */
    static final int MAX_BUDGET_MINUTES = 24 * 60;

    private static int budget(String name, String value) {
        int m;
        try {
            m = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            m = -1;
        }
        if (m < 0 || m > MAX_BUDGET_MINUTES) {
            throw new IllegalArgumentException(name + " (-Djmh.budget) = '" + value + "' is out of range; valid: whole"
                    + " minutes 0 .. " + MAX_BUDGET_MINUTES + " (0: no budget)");
        }
        return m;
    }

    /** A start time in epoch milliseconds, within the last day and not in the future (a minute's slack). */
    private static long started(String name, String value) {
        long now = System.currentTimeMillis();
        long t;
        try {
            t = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            t = -1;
        }
        if (t < now - 86_400_000L || t > now + 60_000L) {
            throw new IllegalArgumentException(name + " = '" + value + "' is out of range; valid: epoch milliseconds"
                    + " within the last day (" + (now - 86_400_000L) + " .. " + now + ")");
        }
        return t;
    }

    /** This machine's CPU as the benchmarks see it: limited by {@code --isa} when given. */
    CpuIdentity cpu() {
        return CpuIdentity.current().withIsaLimit(isa);
    }

    /** The reports folder: {@code --reports}, else {@code <root>/reports}. */
    Path reportsDir() {
        return reports != null ? reports : root.resolve("reports");
    }

    /** Whether this benchmark (package.Class.method) matches {@code --include} (find semantics). */
    boolean includes(String benchmark) {
        if (profile.pipelineOnly() && !benchmark.startsWith(RunGroup.PACKAGE + ".PipelineBench.")) {
            return false;
        }
        return include == null || include.matcher(benchmark).find();
    }

    /** Whether {@code --problem} selects {@code problem} (no {@code --problem}: every problem). */
    boolean includesProblem(Problem problem) {
        return problems == null || problems.contains(problem);
    }

    /** {@code --problem card-stacking,divisor-game}: problem ids, comma-separated. */
    private static Set<Problem> problems(String name, String value) {
        Set<Problem> out = java.util.EnumSet.noneOf(Problem.class);
        for (String id : value.split(",")) {
            try {
                out.add(Problem.fromId(id.trim()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + " (-Djmh.problem): " + e.getMessage() + " (comma-separated)");
            }
        }
        return out;
    }

    /** Whether this variant id or configuration label matches {@code --variants} (find semantics). */
    boolean includesVariant(String id) {
        return variants == null || variants.matcher(id).find();
    }

    private static Pattern regex(String name, String value) {
        try {
            return Pattern.compile(value);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(name + " '" + value + "' is not a valid regex: " + e.getDescription());
        }
    }

    /** A thread count within the range every configuration accepts (checked here, not in the fork). */
    private static int threads(String name, String value) {
        int t = positive(name, value, 1);
        if (t > Configuration.MAX_THREADS) {
            throw new IllegalArgumentException(name + " = '" + value + "' is out of range; valid: 1 <= threads <= "
                    + Configuration.MAX_THREADS);
        }
        return t;
    }

    private static int positive(String name, String value, int min) {
        try {
            int v = Integer.parseInt(value.trim());
            if (v < min) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " = '" + value + "' is out of range; valid: an integer >= " + min);
        }
    }

    /** Comma-separated sizes: {@code 1024}, {@code 2^20}, {@code 10^7}, {@code 1e7}, {@code 1_000}. */
    static List<Long> sizes(String text) {
        List<Long> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String s = part.trim().replace("_", "");
            if (s.isEmpty()) {
                continue;
            }
            out.add(size(s));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--sizes '" + text + "' names no size; e.g. 1024,2^20,1e7");
        }
        return out;
    }

    private static long size(String s) {
        try {
            long v;
            int caret = s.indexOf('^');
            int e = s.toLowerCase().indexOf('e');
            if (caret > 0) {
                v = pow(Long.parseLong(s.substring(0, caret)), Integer.parseInt(s.substring(caret + 1)));
            } else if (e > 0) {
                v = Long.parseLong(s.substring(0, e)) * pow(10, Integer.parseInt(s.substring(e + 1)));
            } else {
                v = Long.parseLong(s);
            }
            if (v < 1 || v > Integer.MAX_VALUE) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException | ArithmeticException ex) {
            throw new IllegalArgumentException("--sizes value '" + s + "' is out of range; valid: an integer in [1, 2^31), "
                    + "written like 1024, 2^20, 10^7 or 1e7");
        }
    }

    private static long pow(long base, int exp) {
        if (exp < 0) {
            throw new ArithmeticException();
        }
        long r = 1;
        for (int i = 0; i < exp; i++) {
            r = Math.multiplyExact(r, base);
        }
        return r;
    }
}
