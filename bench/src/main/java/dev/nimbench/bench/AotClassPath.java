package dev.nimbench.bench;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A JDK 25 AOT cache can only be made and used with a class path of jar files ("Cannot have
 * non-empty directory in paths"), but the harness runs from {@code bench/target/classes}. This
 * jars every directory entry of the class path into {@code dir} and writes a {@code java}
 * wrapper that, for the forks JMH starts, puts those jars in place of the directories (JMH's own
 * {@code -cp} comes last, so a JVM option cannot replace it). Same classes, same order.
 */
final class AotClassPath {

    final String classPath;
    final Path javaWrapper;

    private AotClassPath(String classPath, Path javaWrapper) {
        this.classPath = classPath;
        this.javaWrapper = javaWrapper;
    }

    static AotClassPath create(String classPath, Path java, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<String> entries = new ArrayList<>();
        int k = 0;
        for (String e : classPath.split(File.pathSeparator)) {
            Path p = Path.of(e);
            if (Files.isDirectory(p)) {
                Path jar = dir.resolve("classpath-" + (k++) + ".jar");
                jar(p, jar);
                entries.add(jar.toString());
            } else {
                entries.add(e);
            }
        }
        String jars = String.join(File.pathSeparator, entries);
        Path wrapper = dir.resolve("java");
        String script = "#!/bin/bash\n# Written by the cold-start harness (AotClassPath): java with the class path's directories\n"
                + "# replaced by jars of them, as an AOT cache needs.\nargs=()\nfor a in \"$@\"; do\n"
                + "  [[ $a == " + quote(classPath) + " ]] && a=" + quote(jars) + "\n"
                + "  args+=(\"$a\")\ndone\nexec " + quote(java.toString()) + " \"${args[@]}\"\n";
        Files.writeString(wrapper, script, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new AotClassPath(jars, wrapper);
    }

    /** One bash word in single quotes, whatever it holds. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private static void jar(Path dir, Path jar) throws IOException {
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o);
                Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                if (Files.isRegularFile(f)) {
                    j.putNextEntry(new JarEntry(dir.relativize(f).toString().replace('\\', '/')));
                    Files.copy(f, j);
                    j.closeEntry();
                }
            }
        }
    }
}
