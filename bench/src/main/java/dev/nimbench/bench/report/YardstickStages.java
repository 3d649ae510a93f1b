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
 * The native yardstick's own stage figures, read from the newest {@code anchors-bench-*.txt} in
 * the results folder (the output of {@code anchors/run bench}, kept there by hand or by a run):
 * one line per measurement, {@code <label>  median <ms> ms (...)}. Only the labels of the three
 * stages the report compares are used ({@link #DISTRIBUTION}, {@link #TRANSFORM},
 * {@link #POWER}); a file without them, or no file, gives no figures and no report section.
 */
record YardstickStages(String file, Map<String, Double> medianMs) {

    /** The yardstick's best card-stacking distribution, n = 10^7, 2 threads. */
    static final String DISTRIBUTION = "dist v2 (AVX-512 tables+binomials) 2T";
    /** The yardstick's fastest WHT of 2^24 points, 2 threads. */
    static final String TRANSFORM = "(i-c) u32 AVX-512 2-pass, mod per butterfly 2T";
    /** The yardstick's power sum over 2^24 terms, s = 10^7, 2 threads. */
    static final String POWER = "pow AVX-512 Montgomery 8 chains 2T";

    private static final Pattern LINE = Pattern.compile("^\\s*(.+?)\\s+median\\s+([0-9]+(?:\\.[0-9]+)?) ms\\b.*$");
    private static final String PREFIX = "anchors-bench-";

    /** The newest file's figures, or null when there is no readable file with any of the labels. */
    static YardstickStages readNewest(Path resultsDir) {
        Path newest;
        try (Stream<Path> s = Files.list(resultsDir)) {
            newest = s.filter(p -> p.getFileName().toString().startsWith(PREFIX)
                    && p.getFileName().toString().endsWith(".txt")).max(Path::compareTo).orElse(null);
        } catch (IOException e) {
            return null;
        }
        if (newest == null) {
            return null;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(newest, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
        return parse(newest.getFileName().toString(), lines);
    }

    /** The figures of the known labels in {@code lines}; null when none is there. */
    static YardstickStages parse(String file, List<String> lines) {
        Map<String, Double> found = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                String label = m.group(1).trim();
                if (label.equals(DISTRIBUTION) || label.equals(TRANSFORM) || label.equals(POWER)) {
                    found.put(label, Double.parseDouble(m.group(2)));
                }
            }
        }
        return found.isEmpty() ? null : new YardstickStages(file, Map.copyOf(found));
    }
}
