package dev.nimbench.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Installs rendered files into an output folder without ever leaving a half-written file there:
 * everything is first written to a temporary folder beside it (same file system), then each file
 * is moved into place with an atomic rename that replaces the old one. Charts and machine and
 * stage pages from an earlier render that the new one no longer has are deleted afterwards. Called only after every input has
 * been read and every file rendered, so bad input never touches the folder.
 */
public final class OutputDir {

    /** Folder inside the output folder that holds the charts (its *.svg are all ours). */
    public static final String CHARTS = "charts";

    private OutputDir() {
    }

    public static void install(Path dir, Map<String, String> files) throws IOException {
        Path target = dir.toAbsolutePath().normalize();
        Path parent = target.getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempDirectory(parent, "." + target.getFileName() + ".tmp-");
        try {
            for (Map.Entry<String, String> e : files.entrySet()) {
                Path f = tmp.resolve(e.getKey());
                Files.createDirectories(f.getParent());
                Files.writeString(f, e.getValue(), StandardCharsets.UTF_8);
            }
            Files.createDirectories(target);
            for (String name : files.keySet()) {
                Path to = target.resolve(name);
                Files.createDirectories(to.getParent());
                move(tmp.resolve(name), to);
            }
            deleteStale(target.resolve(CHARTS), "*.svg", CHARTS + "/", files);
            deleteStale(target, "{machine,stage}-*.md", "", files);
        } finally {
            deleteTree(tmp);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes the files matching {@code glob} in {@code dir} that this render did not write (all ours by name). */
    private static void deleteStale(Path dir, String glob, String prefix, Map<String, String> files) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> stale = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, glob)) {
            for (Path p : ds) {
                if (!files.containsKey(prefix + p.getFileName())) {
                    stale.add(p);
                }
            }
        }
        for (Path p : stale) {
            Files.deleteIfExists(p);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
