package dev.nimbench.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps the machine that ran a benchmark out of what it writes to {@code results/}: every absolute
 * path becomes relative to the repository top ({@code /home/me/nimbench/results} ->
 * {@code results}, a yardstick beside the clone {@code /home/me/yardstick/run} ->
 * {@code ../yardstick/run}), and the JDK's home becomes {@code <jdk VENDOR VERSION>} (the metadata
 * names the JDK by vendor and version).
 */
final class RelativePaths {

    /** An absolute path token: starts with '/' after the start, a blank, '=', a quote or a colon. */
    private static final Pattern ABSOLUTE = Pattern.compile("(?<=^|[\\s=\"':])/[^\\s\"',;]*");

    private final Path root;
    private final String javaHome;
    private final String jdkName;

    RelativePaths(Path root, String javaHome, String jdkName) {
        this.root = root.toAbsolutePath().normalize();
        this.javaHome = javaHome;
        this.jdkName = jdkName;
    }

    /** For the repository at {@code root} and this JVM. */
    static RelativePaths of(Path root) {
        return new RelativePaths(root, Path.of(System.getProperty("java.home")).toAbsolutePath().normalize().toString(),
                "<jdk " + System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version") + ">");
    }

    /** {@code text} with the JDK home named and every other absolute path made relative to the root. */
    String scrub(String text) {
        if (text == null) {
            return null;
        }
        String t = javaHome.length() > 1 ? text.replace(javaHome, jdkName) : text;
        Matcher m = ABSOLUTE.matcher(t);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(relative(m.group())));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Every string inside a metadata value (maps, lists, strings; other values as they are) scrubbed. */
    Object scrubAll(Object value) {
        if (value instanceof String) {
            return scrub((String) value);
        }
        if (value instanceof java.util.Map) {
            java.util.Map<Object, Object> out = new java.util.LinkedHashMap<>();
            ((java.util.Map<?, ?>) value).forEach((k, v) -> out.put(k, scrubAll(v)));
            return out;
        }
        if (value instanceof java.util.Collection) {
            List<Object> out = new ArrayList<>();
            ((java.util.Collection<?>) value).forEach(v -> out.add(scrubAll(v)));
            return out;
        }
        return value;
    }

    List<String> scrub(List<String> texts) {
        List<String> out = new ArrayList<>();
        texts.forEach(t -> out.add(scrub(t)));
        return out;
    }

    private String relative(String absolute) {
        try {
            Path p = Path.of(absolute).normalize();
            String r = root.relativize(p).toString();
            return r.isEmpty() ? "." : r;
        } catch (IllegalArgumentException e) {
            return absolute;
        }
    }
}
