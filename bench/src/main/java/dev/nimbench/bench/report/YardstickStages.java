package dev.nimbench.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The native yardstick's own stage figures, read from the {@code anchors-bench-*.txt} of the
 * results folder taken nearest to a run ({@link #forRun}; the output of the yardstick's {@code bench} command,
 * kept there by hand or by a run): one line per measurement, {@code <label>  median <ms> ms (...)}. Only the labels of the three
 * stages the report compares are used ({@link #DISTRIBUTION}, {@link #TRANSFORM},
 * {@link #POWER}); a file without them, or no file, gives no figures and no report section.
 */
record YardstickStages(String file, Map<String, Double> medianMs, Map<String, Double> minMs, java.time.Instant taken,
        String cpuKey) {

    YardstickStages(String file, Map<String, Double> medianMs) {
        this(file, medianMs, Map.of(), takenFromName(file), null);
    }

    /**
     * A stage's median more than this factor above its own minimum was disturbed while it ran (a
     * quiet machine gives 1.01-1.07 here; a median of 43.3 ms against a minimum of 34.2 ms, 1.27,
     * read 32.7-33.7 ms in the same session's later runs): the report says so beside the ratio.
     */
    static final double UNSTEADY = 1.15;

    /** The stage's median over its minimum, or NaN when the file gives no minimum. */
    double spread(String label) {
        Double median = medianMs.get(label);
        Double min = minMs.get(label);
        return median == null || min == null || min <= 0 ? Double.NaN : median / min;
    }

    /** A line {@code cpu <key>} (or {@code cpu: <key>}) in the file names the machine it ran on. */
    private static final Pattern CPU_LINE = Pattern.compile("^\\s*cpu:?\\s+([a-z0-9@-]+)\\s*$");
    private static final Pattern STAMP = Pattern.compile("(\\d{8}T\\d{4})(\\d{2})?Z");
    /** How long after a run's end its yardstick stage figures may have been taken and still count as its session. */
    static final java.time.Duration SESSION_SLACK = java.time.Duration.ofMinutes(60);

    /** The time in a name like {@code anchors-bench-20261129T2250Z.txt}, or null. */
    static java.time.Instant takenFromName(String name) {
        Matcher m = STAMP.matcher(name);
        if (!m.find()) {
            return null;
        }
        String s = m.group(1) + (m.group(2) == null ? "00" : m.group(2));
        return java.time.LocalDateTime.parse(s, java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss"))
                .toInstant(java.time.ZoneOffset.UTC);
    }

    /** Every readable stage-figures file of the folder, oldest first. */
    static List<YardstickStages> readAll(Path resultsDir) {
        List<YardstickStages> out = new java.util.ArrayList<>();
        try (Stream<Path> s = Files.list(resultsDir)) {
            for (Path p : s.filter(p -> p.getFileName().toString().startsWith(PREFIX)
                    && p.getFileName().toString().endsWith(".txt")).sorted().toList()) {
                try {
                    YardstickStages y = parse(p.getFileName().toString(), Files.readAllLines(p, StandardCharsets.UTF_8));
                    if (y != null) {
                        out.add(y);
                    }
                } catch (IOException e) {
                    // unreadable: no figures from it
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        return out;
    }

    /**
     * The figures taken on this run's machine in its session: of the files whose CPU (when they
     * name one) is the run's and whose time lies between the run's start and
     * {@link #SESSION_SLACK} after its end, the one taken nearest to the run (its time's distance
     * from the run's interval; the newer of two at the same distance): a shared machine's speed
     * drifts within a session (the yardstick's own transform read 9.22 ms right after a run and
     * 7.19 ms 18 minutes later, AMD Zen 5, 2026-12-02), so the file beside the run describes the
     * machine it ran on. Null when there is none.
     */
    static YardstickStages forRun(List<YardstickStages> all, ResultFile f, Machine machine) {
        java.time.Instant start = instant(f.meta().values().get("timestamp"));
        java.time.Instant end = instant(f.meta().values().get("finished"));
        if (start == null) {
            return null;
        }
        java.time.Instant last = end != null ? end : start.plus(java.time.Duration.ofHours(3));
        java.time.Instant until = last.plus(SESSION_SLACK);
        YardstickStages found = null;
        java.time.Duration nearest = null;
        for (YardstickStages y : all) { // oldest first: a later file at the same distance replaces an earlier one
            if (y.taken() == null || y.taken().isBefore(start.minus(java.time.Duration.ofMinutes(1)))
                    || y.taken().isAfter(until)) {
                continue;
            }
            if (y.cpuKey() != null && !y.cpuKey().equals(machine.cpuKey())) {
                continue;
            }
            java.time.Duration distance = y.taken().isAfter(last) ? java.time.Duration.between(last, y.taken())
                    : y.taken().isBefore(start) ? java.time.Duration.between(y.taken(), start) : java.time.Duration.ZERO;
            if (nearest == null || distance.compareTo(nearest) <= 0) {
                found = y;
                nearest = distance;
            }
        }
        return found;
    }

    private static java.time.Instant instant(String text) {
        try {
            return text == null ? null : java.time.Instant.parse(text.trim());
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    /** The yardstick's best card-stacking distribution, n = 10^7, 2 threads. */
    static final String DISTRIBUTION = "dist v2 (AVX-512 tables+binomials) 2T";
    /** The yardstick's fastest WHT of 2^24 points, 2 threads. */
    static final String TRANSFORM = "(i-c) u32 AVX-512 2-pass, mod per butterfly 2T";
    /** The yardstick's power sum over 2^24 terms, s = 10^7, 2 threads. */
    static final String POWER = "pow AVX-512 Montgomery 8 chains 2T";

    private static final Pattern LINE = Pattern.compile("^\\s*(.+?)\\s+median\\s+([0-9]+(?:\\.[0-9]+)?) ms\\b(.*)$");
    private static final Pattern MIN = Pattern.compile("\\(min\\s+([0-9]+(?:\\.[0-9]+)?)");
    private static final String PREFIX = "anchors-bench-";

    /** The figures of the known labels in {@code lines}; null when none is there. */
    static YardstickStages parse(String file, List<String> lines) {
        Map<String, Double> found = new LinkedHashMap<>();
        Map<String, Double> mins = new LinkedHashMap<>();
        String cpu = null;
        for (String line : lines) {
            Matcher c = CPU_LINE.matcher(line);
            if (c.matches()) {
                cpu = c.group(1);
            }
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                String label = m.group(1).trim();
                if (label.equals(DISTRIBUTION) || label.equals(TRANSFORM) || label.equals(POWER)) {
                    found.put(label, Double.parseDouble(m.group(2)));
                    Matcher min = MIN.matcher(m.group(3));
                    if (min.find()) {
                        mins.put(label, Double.parseDouble(min.group(1)));
                    }
                }
            }
        }
        return found.isEmpty() ? null : new YardstickStages(file, Map.copyOf(found), Map.copyOf(mins), takenFromName(file), cpu);
    }
}
