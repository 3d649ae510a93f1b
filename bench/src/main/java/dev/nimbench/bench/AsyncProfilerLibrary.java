package dev.nimbench.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Properties;

/**
 * The native library of async-profiler for this platform, taken from the
 * {@code tools.profiler:async-profiler} jar on bench's class path (a runtime dependency): the jar
 * holds {@code linux-x64/}, {@code linux-arm64/} and {@code macos/libasyncProfiler.so}. JMH's
 * {@code -prof async} needs a file, so the library is copied out once per version and platform.
 */
final class AsyncProfilerLibrary {

    /** The platforms the jar ships a library for, in its folder names. */
    static final String SHIPPED = "linux-x64, linux-arm64, macos";

    private static final String FILE = "libasyncProfiler.so";
    private static final String POM_PROPERTIES = "META-INF/maven/tools.profiler/async-profiler/pom.properties";

    private AsyncProfilerLibrary() {
    }

    /**
     * The jar's folder for an {@code os.name} and {@code os.arch}, or null when it ships none
     * (Windows, 32-bit, other Unixes). macOS has one universal library.
     */
    static String platform(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return "macos";
        }
        if (!os.startsWith("linux")) {
            return null;
        }
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            return "linux-x64";
        }
        if (arch.equals("aarch64") || arch.equals("arm64")) {
            return "linux-arm64";
        }
        return null;
    }

    /** This JVM's platform folder; IllegalArgumentException (one line naming the platform) when there is none. */
    static String requirePlatform() {
        String os = System.getProperty("os.name");
        String arch = System.getProperty("os.arch");
        String p = platform(os, arch);
        if (p == null) {
            throw new IllegalArgumentException("--prof async: async-profiler has no library for this platform ("
                    + os + " " + arch + "); it ships " + SHIPPED + ". Run without async, or with another JMH profiler");
        }
        return p;
    }

    /** The async-profiler version on the class path (its pom.properties), or {@code unknown}. */
    static String version() {
        try (InputStream in = resource(POM_PROPERTIES)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * Copies this platform's library to {@code cacheRoot/<version>/<platform>/libasyncProfiler.so}
     * unless an identical-size copy is there already, and returns its absolute path. The copy is
     * written beside the target and moved into place, so a concurrent run never loads half a file.
     */
    static Path extract(Path cacheRoot) {
        String platform = requirePlatform();
        String entry = platform + "/" + FILE;
        try (InputStream in = resource(entry)) {
            if (in == null) {
                throw new IllegalArgumentException("--prof async: " + entry + " is not on the class path; the bench module"
                        + " needs its tools.profiler:async-profiler dependency (run `mvn install` once)");
            }
            byte[] bytes = in.readAllBytes();
            Path dir = cacheRoot.resolve(version()).resolve(platform).toAbsolutePath().normalize();
            Path target = dir.resolve(FILE);
            if (Files.isRegularFile(target) && Files.size(target) == bytes.length) {
                return target;
            }
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + FILE, ".tmp");
            try {
                Files.write(tmp, bytes);
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
            return target;
        } catch (IOException e) {
            throw new IllegalArgumentException("--prof async: cannot extract " + entry + " to " + cacheRoot + ": "
                    + e.getMessage());
        }
    }

    /** The default cache: {@code <java.io.tmpdir>/nimbench-async-profiler-<user>}. */
    static Path defaultCache() {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        return Path.of(System.getProperty("java.io.tmpdir"), "nimbench-async-profiler-" + user);
    }

    private static InputStream resource(String name) {
        ClassLoader cl = AsyncProfilerLibrary.class.getClassLoader();
        return cl == null ? ClassLoader.getSystemResourceAsStream(name) : cl.getResourceAsStream(name);
    }
}
