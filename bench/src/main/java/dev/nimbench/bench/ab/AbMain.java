package dev.nimbench.bench.ab;

import dev.nimbench.bench.ab.AbOrder.Side;
import dev.nimbench.bench.report.CompareMain;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The harness behind {@code jmh:ab}: baseline and candidate, two builds, measured on one machine
 * with their forks interleaved ({@link AbOrder}), then compared as {@code jmh:compare} compares two
 * runs ({@link CompareMain}, same statistics, same gate).
 *
 * <pre>
 * AbMain --baseline-jvm ARGFILE --baseline-root DIR --baseline-rev REV
 *        --candidate-jvm ARGFILE --candidate-root DIR --candidate-rev REV
 *        --java JAVA --rounds N --out DIR --compare-out DIR [--seed S] [--threshold PCT]
 *        [--include REGEX] [--variants REGEX] [--threads T] [--sizes LIST]
 * </pre>
 *
 * Each fork is one invocation of the side's own harness ({@code BenchMain} of that build: its
 * benchmarks, its reference checks) with one fork per benchmark and parameters, the default
 * profile, no yardstick, into {@code DIR/forks/<round>-<side>/}. Each side's forks are merged
 * ({@link AbMerge}) into {@code DIR/baseline-<rev>.json} and {@code DIR/candidate-<rev>.json}.
 *
 * <p>Exit status: CompareMain's (0 no significant regression over the threshold, 1 a regression,
 * 2 bad input or a refused gate); 2 also for bad options here; 4 a fork of the harness failed
 * (its exit status and folder named; nothing compared).
 */
public final class AbMain {

    /** Runs one fork of one side into its folder and returns the results file it wrote. */
    @FunctionalInterface
    public interface ForkRunner {
        Path run(Side side, int round, Path dir) throws IOException, InterruptedException;
    }

    private AbMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Map<String, String> o;
        try {
            o = options(args);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        ForkRunner harness = (side, round, dir) -> runHarness(o, side, round, dir, out);
        return run(o, harness, out, err);
    }

    /** The A/B run with {@code runner} making each fork (tests give synthetic forks). */
    static int run(Map<String, String> o, ForkRunner runner, PrintStream out, PrintStream err) {
        int rounds;
        long seed;
        try {
            rounds = Integer.parseInt(o.get("rounds"));
            seed = o.containsKey("seed") ? Long.parseLong(o.get("seed")) : new java.security.SecureRandom().nextLong();
        } catch (NumberFormatException e) {
            err.println("error: --rounds '" + o.get("rounds") + "' or --seed '" + o.get("seed") + "' is not an integer");
            return 2;
        }
        if (rounds < 2) {
            err.println("error: rounds (-Djmh.forks) = " + rounds + " is out of range; valid: an integer >= 2 (one fork"
                    + " a side per round; 4 or more for a verdict)");
            return 2;
        }
        Path dir = Path.of(o.get("out"));
        List<List<Side>> order = AbOrder.rounds(rounds, seed);
        out.println("nimbench ab: " + rounds + " rounds, seed " + seed + ", order " + AbOrder.describe(order)
                + " (A = baseline " + o.get("baseline-rev") + ", B = candidate " + o.get("candidate-rev") + ")");
        Map<Side, List<Path>> forks = new EnumMap<>(Side.class);
        long started = System.nanoTime();
        try {
            for (int r = 0; r < order.size(); r++) {
                for (Side side : order.get(r)) {
                    Path forkDir = dir.resolve("forks").resolve(String.format("%02d-%s", r + 1, side.id()));
                    Files.createDirectories(forkDir);
                    out.printf("nimbench ab: round %d of %d, %s, elapsed %ds%n", r + 1, rounds, side.id(),
                            (System.nanoTime() - started) / 1_000_000_000L);
                    forks.computeIfAbsent(side, k -> new ArrayList<>()).add(runner.run(side, r, forkDir));
                }
            }
            Map<String, Object> ab = new LinkedHashMap<>();
            ab.put("seed", seed);
            ab.put("rounds", rounds);
            ab.put("order", AbOrder.describe(order));
            ab.put("baseline", o.get("baseline-rev"));
            ab.put("candidate", o.get("candidate-rev"));
            ab.put("rule", "duet: both builds on one machine, rounds of one fork a side, in pairs A B / B A or B A / A B"
                    + " drawn from the seed (AbOrder); each fork one harness invocation, one fork per benchmark");
            Double mhz = medianMhz(forks);
            Map<Side, Path> merged = new EnumMap<>(Side.class);
            for (Side side : Side.values()) {
                Map<String, Object> mine = new LinkedHashMap<>(ab);
                mine.put("side", side.id());
                merged.put(side, AbMerge.write(dir, side.id() + "-" + o.get(side.id() + "-rev"), forks.get(side), mine, mhz));
            }
            out.printf("nimbench ab: %d forks a side measured in %ds; comparing%n", rounds,
                    (System.nanoTime() - started) / 1_000_000_000L);
            List<String> compare = new ArrayList<>(List.of("--baseline", merged.get(Side.BASELINE).toString(),
                    "--candidate", merged.get(Side.CANDIDATE).toString(), "--out", o.get("compare-out")));
            if (o.containsKey("threshold")) {
                compare.add("--threshold");
                compare.add(o.get("threshold"));
            }
            return CompareMain.run(compare.toArray(new String[0]), out, err);
        } catch (ForkFailedException e) {
            err.println("error: " + e.getMessage());
            return 4;
        } catch (IOException e) {
            err.println("error: " + dir + ": " + e.getMessage());
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("error: interrupted");
            return 4;
        }
    }

    /** One fork: the side's BenchMain in its own JVM (the side's class path and JVM options from its argument file). */
    private static Path runHarness(Map<String, String> o, Side side, int round, Path dir, PrintStream out)
            throws IOException, InterruptedException {
        List<String> cmd = harnessCommand(o, side, round, dir);
        Process p = new ProcessBuilder(cmd).directory(Path.of(o.get(side.id() + "-root")).toFile()).inheritIO().start();
        int rc;
        try {
            rc = p.waitFor();
        } finally {
            if (p.isAlive()) {
                p.destroy();
            }
        }
        if (rc != 0) {
            throw new ForkFailedException("the " + side.id() + " harness (" + o.get(side.id() + "-rev") + ") failed in round "
                    + (round + 1) + " (BenchMain exit " + rc + "); its output is above, its files in " + dir);
        }
        return newestResults(dir);
    }

    /** The command line of one fork: the side's harness, one fork per benchmark, the user's selection passed on. */
    static List<String> harnessCommand(Map<String, String> o, Side side, int round, Path dir) {
        List<String> cmd = new ArrayList<>(List.of(o.get("java"), "@" + o.get(side.id() + "-jvm"),
                "dev.nimbench.bench.BenchMain", "--profile", "default", "--forks", "1", "--yardstick", "none",
                "--include", o.getOrDefault("include", "PipelineBench"),
                "--results", dir.toString(), "--reports", dir.resolve("reports").toString(),
                "--root", o.get(side.id() + "-root"),
                "--command", "jmh:ab " + side.id() + " " + o.get(side.id() + "-rev") + " round " + (round + 1)));
        for (String opt : List.of("variants", "threads", "sizes")) {
            if (o.containsKey(opt)) {
                cmd.add("--" + opt);
                cmd.add(o.get(opt));
            }
        }
        return cmd;
    }

    /** The results file a harness wrote into {@code dir} (its only {@code *.json} that is not {@code *.meta.json}). */
    static Path newestResults(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> files = s.filter(f -> f.getFileName().toString().endsWith(".json")
                    && !f.getFileName().toString().endsWith(".meta.json")).sorted().toList();
            if (files.isEmpty()) {
                throw new ForkFailedException("no results file in " + dir);
            }
            return files.get(files.size() - 1);
        }
    }

    /** The median of the forks' recorded CPU clocks (both sides), or null when none is recorded. */
    private static Double medianMhz(Map<Side, List<Path>> forks) throws IOException {
        List<Double> all = new ArrayList<>();
        for (List<Path> fs : forks.values()) {
            for (Path f : fs) {
                Path meta = AbMerge.metaOf(f);
                if (Files.exists(meta)) {
                    var mhz = AbMerge.JSON.readTree(meta.toFile()).path("cpu").get("mhz");
                    if (mhz != null && mhz.isNumber()) {
                        all.add(mhz.asDouble());
                    }
                }
            }
        }
        if (all.isEmpty()) {
            return null;
        }
        all.sort(null);
        return all.get(all.size() / 2);
    }

    static Map<String, String> options(String[] args) {
        List<String> valid = List.of("baseline-jvm", "baseline-root", "baseline-rev", "candidate-jvm", "candidate-root",
                "candidate-rev", "java", "rounds", "out", "compare-out", "seed", "threshold", "include", "variants",
                "threads", "sizes");
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            String name = args[i].replaceFirst("^--", "");
            if (!valid.contains(name) || !args[i].startsWith("--")) {
                throw new IllegalArgumentException("unknown option " + args[i] + "; valid: --" + String.join(" --", valid));
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + args[i] + " needs a value");
            }
            o.put(name, args[i + 1]);
        }
        for (String required : List.of("baseline-rev", "candidate-rev", "rounds", "out", "compare-out")) {
            if (!o.containsKey(required)) {
                throw new IllegalArgumentException("option --" + required + " is required");
            }
        }
        return o;
    }

    /** A fork of the harness that failed: one line naming the side, the round and the exit status. */
    static final class ForkFailedException extends IOException {
        private static final long serialVersionUID = 1L;

        ForkFailedException(String message) {
            super(message);
        }
    }
}
