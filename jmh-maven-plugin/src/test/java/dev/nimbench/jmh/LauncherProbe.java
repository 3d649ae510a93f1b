package dev.nimbench.jmh;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Stands in for Maven in {@link ProcessLifetimeTest}: runs {@link SpawningChild} through a
 * {@link JavaLauncher} (as {@code jmh:run} runs the harness) and waits. Arguments: the launcher's
 * grace period in milliseconds, then optionally "stubborn", which makes the child ignore SIGTERM
 * for a minute.
 */
public final class LauncherProbe {

    private LauncherProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> classPath = List.of(System.getProperty("java.class.path").split(File.pathSeparator));
        Path tmp = Files.createTempDirectory("launcher-probe");
        JavaLauncher launcher = new JavaLauncher(java, classPath, List.of(), tmp, Duration.ofMillis(Long.parseLong(args[0])));
        System.exit(launcher.run(SpawningChild.class.getName(), List.of(args).subList(1, args.length), tmp));
    }
}
