package dev.nimbench.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Names and writes result files. A run's files are {@code <UTC timestamp>-jdk<feature>.json}
 * (JMH's JSON) and {@code <same>.meta.json}; a name that is taken gets a {@code -2}, {@code -3}...
 * suffix, so no file is ever overwritten. Each file is written to a temporary file in the same
 * directory and then linked (or atomically moved) into place: a reader sees the whole file or none.
 */
final class ResultFiles {

    static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    /** Writes file contents to a stream. */
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private ResultFiles() {
    }

    /** The base name (without {@code .json}) for a run started at {@code start} on JDK {@code feature}, not yet taken in dir. */
    static String freeBaseName(Path dir, Instant start, int feature) {
        String base = STAMP.format(start) + "-jdk" + feature;
        String name = base;
        for (int i = 2; Files.exists(dir.resolve(name + ".json")) || Files.exists(dir.resolve(name + ".meta.json")); i++) {
            name = base + "-" + i;
        }
        return name;
    }

    /**
     * rw-r--r--, like every other file of a clone: a temporary file is created 0600, and a result
     * file is meant to be committed and read by others.
     */
    static void readableByAll(Path file) throws IOException {
        if (Files.getFileStore(file).supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        }
    }

    /**
     * Writes {@code target} atomically and never over an existing file.
     *
     * @throws FileAlreadyExistsException when target exists (nothing is written then)
     */
    static void writeNew(Path target, Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                content.writeTo(out);
            }
            readableByAll(tmp);
            try {
                // A hard link appears atomically and fails if the name is taken: no overwrite race.
                Files.createLink(target, tmp);
            } catch (UnsupportedOperationException | IOException e) {
                if (e instanceof FileAlreadyExistsException) {
                    throw e;
                }
                if (Files.exists(target)) {
                    throw new FileAlreadyExistsException(target.toString());
                }
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
