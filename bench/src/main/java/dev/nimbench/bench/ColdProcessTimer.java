package dev.nimbench.bench;

import dev.nimbench.bench.report.OneShotRecommendation;
import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.JitGuard;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whole-process wall time of {@code solve card-stacking 10^7 10^7}: JVM start, class loading
 * before {@code main}, the launcher script, the solve and the exit, which a JMH fork cannot see.
 * Every round runs every command once in a fresh random order (so a drift in machine load
 * spreads over all of them); the medians are over rounds. The commands run on this JVM
 * ({@code JAVA_HOME} is set to it for {@code bin/nimbench}); {@code bin/nimbench --train} runs
 * first, so the launcher's commands use its class archive as a user's would after training.
 */
final class ColdProcessTimer {

    /** Rounds: the one-shot target is a median of 5 cold runs. */
    static final int ROUNDS = 5;
    static final String N = "10000000";
    static final String S = "10000000";
    private static final Pattern ANSWER = Pattern.compile("= (\\d+)");
    private static final Pattern STAGE = Pattern.compile("(distribution|transform|power|total) ([0-9.]+)");

    /**
     * One command: label, whether it goes through the launcher, the arguments after
     * {@code solve card-stacking N S}, and {@code NIMBENCH_JAVA_OPTS} (the launcher adds them last, so
     * they override its own; empty: none).
     */
    record Command(String label, boolean launcher, List<String> solveArgs, String launcherExtra) {
        Command(String label, boolean launcher, List<String> solveArgs) {
            this(label, launcher, solveArgs, "");
        }
    }

    private final Path root;
    private final PrintStream log;

    ColdProcessTimer(Path root, PrintStream log) {
        this.root = root.toAbsolutePath().normalize();
        this.log = log;
    }

    static Path javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** The one-shot solve options of the card-stacking candidate ({@link ColdStartPlan#oneShotLabel}) plus one thread. */
    static List<String> oneShotArgs() {
        return List.of(OneShotRecommendation.solveOptions(ColdStartPlan.oneShotLabel(Problem.CARD_STACKING), 1).split(" "));
    }

    static List<Command> commands() {
        List<String> oneShot = oneShotArgs();
        return List.of(
                new Command("java -jar, default variants", false, List.of()),
                // bin/nimbench's own choice for a single run: the one-shot defaults (-Dnimbench.oneShot=true).
                new Command("bin/nimbench, no options (one-shot defaults)", true, List.of()),
                new Command("bin/nimbench, default variants", true, List.of(), "-Dnimbench.oneShot=false"),
                new Command("bin/nimbench, one-shot", true, oneShot),
                new Command("bin/nimbench, one-shot, no pretenuring", true, oneShot, "-XX:PretenureSizeThreshold=0"));
    }

    /** The full command line of c. */
    List<String> commandLine(Command c) {
        List<String> cmd = new ArrayList<>();
        if (c.launcher()) {
            cmd.add(root.resolve("bin/nimbench").toString());
        } else {
            cmd.addAll(List.of(javaExecutable().toString(), "--add-modules", "jdk.incubator.vector")); // the README's J
            cmd.addAll(JitGuard.OPTIONS);
            cmd.addAll(List.of("-jar", root.resolve("core/target/nimbench.jar").toString()));
        }
        cmd.addAll(List.of("solve", "card-stacking", N, S));
        cmd.addAll(c.solveArgs());
        return cmd;
    }

    /**
     * Trains the launcher's archive, runs every command {@code rounds} times and returns what
     * goes into the metadata: per command its command line, every wall time, the process's own
     * stage total, medians, and wall minus stages (JVM start, class loading, launcher, exit).
     *
     * @throws IllegalStateException when a command fails or prints a wrong answer
     */
    Map<String, Object> run(int rounds) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("instance", "card-stacking " + N + " " + S);
        out.put("java", javaExecutable().toString());
        out.put("loadAverageBefore", loadAverage());
        String known = PipelineLabels.known(Problem.CARD_STACKING, Integer.parseInt(N)).toString();
        Run training = exec(List.of(root.resolve("bin/nimbench").toString(), "--train", N, S), "");
        if (training.exit != 0) {
            throw new IllegalStateException("bin/nimbench --train failed: " + training.output.strip());
        }
        out.put("launcherArchiveTrainingMs", training.wallMs);
        List<Command> commands = commands();
        Map<Command, List<Run>> runs = new LinkedHashMap<>();
        commands.forEach(c -> runs.put(c, new ArrayList<>()));
        Random order = new Random(rounds);
        for (int r = 1; r <= rounds; r++) {
            List<Command> shuffled = new ArrayList<>(commands);
            Collections.shuffle(shuffled, order);
            for (Command c : shuffled) {
                Run run = exec(commandLine(c), c.launcherExtra());
                Matcher a = ANSWER.matcher(run.output);
                if (run.exit != 0 || !a.find() || !a.group(1).equals(known)) {
                    throw new IllegalStateException("'" + c.label() + "' exited " + run.exit + " without the known answer "
                            + known + ": " + run.output.strip());
                }
                runs.get(c).add(run);
                log.printf("process round %d/%d  %-40s %6.0f ms%n", r, rounds, c.label(), run.wallMs);
            }
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<Command, List<Run>> e : runs.entrySet()) {
            double[] wall = e.getValue().stream().mapToDouble(Run::wallMs).toArray();
            double[] inProcess = e.getValue().stream().mapToDouble(r -> r.stages.getOrDefault("total", Double.NaN)).toArray();
            double[] outside = new double[wall.length];
            for (int i = 0; i < wall.length; i++) {
                outside[i] = wall[i] - inProcess[i];
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("label", e.getKey().label());
            row.put("command", String.join(" ", commandLine(e.getKey())));
            row.put("solveOptions", String.join(" ", e.getKey().solveArgs()));
            row.put("launcher", e.getKey().launcher());
            row.put("launcherExtraOptions", e.getKey().launcherExtra());
            row.put("wallMs", wall);
            row.put("inProcessMs", inProcess);
            row.put("medianWallMs", median(wall));
            row.put("medianInProcessMs", median(inProcess));
            row.put("medianOutsideMs", median(outside));
            Map<String, Double> stages = new LinkedHashMap<>();
            for (String s : List.of("distribution", "transform", "power")) {
                double[] v = e.getValue().stream().mapToDouble(r -> r.stages.getOrDefault(s, Double.NaN)).toArray();
                stages.put(s, median(v));
            }
            row.put("medianStageMs", stages);
            rows.add(row);
        }
        out.put("commands", rows);
        out.put("rounds", rounds);
        out.put("loadAverageAfter", loadAverage());
        return out;
    }

    /** The median; NaN when any value is NaN (a figure the process did not print). */
    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        if (v.length == 0 || Double.isNaN(v[v.length - 1])) {
            return Double.NaN;
        }
        int h = v.length / 2;
        return v.length % 2 == 1 ? v[h] : (v[h - 1] + v[h]) / 2;
    }

    private record Run(int exit, double wallMs, String output, Map<String, Double> stages) {
    }

    private Run exec(List<String> cmd, String launcherExtra) {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("NIMBENCH_JAVA_OPTS");
        if (!launcherExtra.isEmpty()) {
            pb.environment().put("NIMBENCH_JAVA_OPTS", launcherExtra);
        }
        pb.environment().remove("JDK_JAVA_OPTIONS");
        try {
            long t0 = System.nanoTime();
            Process p = pb.start();
            byte[] bytes = p.getInputStream().readAllBytes();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", cmd) + " did not finish within 5 minutes");
            }
            double ms = (System.nanoTime() - t0) / 1e6;
            String text = new String(bytes, StandardCharsets.UTF_8);
            Map<String, Double> stages = new LinkedHashMap<>();
            Matcher m = STAGE.matcher(text.substring(Math.max(0, text.indexOf("timings"))));
            while (m.find()) {
                stages.putIfAbsent(m.group(1), Double.parseDouble(m.group(2)));
            }
            return new Run(p.exitValue(), ms, text, stages);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + String.join(" ", cmd) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while timing " + String.join(" ", cmd));
        }
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return String.join(" ", java.util.Arrays.copyOf(f, Math.min(3, f.length)));
        } catch (IOException e) {
            return "unknown";
        }
    }
}
