package dev.nimbench.bench;

import dev.nimbench.platform.CpuIdentity;
import dev.nimbench.registry.VectorSupport;
import dev.nimbench.simd.Species;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * What a result file cannot say about itself (JMH's JSON has no time, host, CPU or revision):
 * collected once per run into the {@code .meta.json} beside it. Every probe degrades to
 * {@code "unknown"} rather than failing the run.
 */
final class RunMetadata {

    private RunMetadata() {
    }

    /** Machine, OS, JDK and Vector API facts; {@code cpu} as the benchmarks see it (an ISA limit included). */
    static Map<String, Object> machine(CpuIdentity cpu) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpu", cpu.describe());
        Map<String, Object> memory = new LinkedHashMap<>();
        memory.put("totalBytes", memTotalBytes(lines(Path.of("/proc/meminfo"))));
        memory.put("harnessMaxHeapBytes", Runtime.getRuntime().maxMemory());
        m.put("memory", memory);
        Map<String, Object> os = new LinkedHashMap<>();
        os.put("name", System.getProperty("os.name"));
        os.put("version", System.getProperty("os.version"));
        os.put("arch", System.getProperty("os.arch"));
        m.put("os", os);
        Map<String, Object> jdk = new LinkedHashMap<>();
        jdk.put("vendor", System.getProperty("java.vendor"));
        jdk.put("version", System.getProperty("java.runtime.version"));
        jdk.put("feature", Runtime.version().feature());
        jdk.put("vmName", System.getProperty("java.vm.name"));
        jdk.put("vmVersion", System.getProperty("java.vm.version"));
        // No "home": an absolute path of the machine that ran; vendor and version name the JDK.
        m.put("jdk", jdk);
        Map<String, Object> vector = new LinkedHashMap<>();
        vector.put("present", VectorSupport.isPresent());
        vector.put("preferredSpecies", VectorSupport.isPresent() ? Species.describe() : "absent");
        m.put("vectorApi", vector);
        return m;
    }

    /** The harness JVM's own command: java, its JVM options, main class and arguments. */
    static List<String> harnessCommand(String[] args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.add(BenchMain.class.getName());
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * {@code git rev-parse HEAD} in root, with {@code -dirty} when tracked files outside results/ and
     * reports/ are modified; "unknown" without git.
     */
    static String gitRevision(Path root) {
        String rev = git(root, "rev-parse", "HEAD");
        if (rev == null || rev.isEmpty()) {
            return "unknown";
        }
        // results/ and reports/ are the harness's own output (a run re-renders the tracked reports):
        // they do not make the measured code dirty
        String status = git(root, "status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)results",
                ":(exclude)reports");
        return status != null && !status.isEmpty() ? rev + "-dirty" : rev;
    }

    static List<String> vectorFlags(String flags) {
        TreeSet<String> out = new TreeSet<>();
        if (flags != null) {
            for (String f : flags.split("\\s+")) {
                if (f.startsWith("avx") || f.startsWith("sse") || f.equals("fma") || f.startsWith("amx")
                        || f.equals("asimd") || f.startsWith("sve") || f.equals("bmi2")) {
                    out.add(f);
                }
            }
        }
        return new ArrayList<>(out);
    }

    private static String git(Path root, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add("git");
        cmd.add("-C");
        cmd.add(root.toString());
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroy();
                return null;
            }
            return new String(out, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private static String field(List<String> lines, String name) {
        for (String line : lines) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return "unknown";
    }

    private static Object memTotalBytes(List<String> meminfo) {
        String v = field(meminfo, "MemTotal");
        try {
            return Long.parseLong(v.replace("kB", "").trim()) * 1024;
        } catch (NumberFormatException e) {
            return "unknown";
        }
    }
}
