package dev.nimbench.bench.report;

import dev.nimbench.platform.CpuIdentity;
import dev.nimbench.platform.CpuKey;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The machine and JDK a results file was measured on: the report's unit of "one machine". Two
 * files of one {@code (cpuKey, jdk)} are runs of the same thing; files of different CPU keys are
 * never divided by each other's yardstick or baseline.
 *
 * @param cpuKey the CPU key ({@link CpuIdentity#key()}), from the meta file's {@code cpu.key}, or
 *     derived from an older meta file's model name and vector flags ({@link CpuIdentity#fromLegacy});
 *     {@link #UNRECORDED} when the file has no meta file
 * @param jdk the JDK feature version (17, 25)
 * @param model the CPU's model name as recorded ("" when unrecorded)
 * @param limitLabel "this CPU limited to AVX2" for an {@code -Djmh.isa} run, else null
 */
public record Machine(String cpuKey, int jdk, String model, String limitLabel) {

    /** The key of a results file without a meta file: the machine is not known. */
    public static final String UNRECORDED = "unrecorded";

    /**
     * The machine of a results file.
     *
     * @throws BadInputException naming the meta file when it records a malformed or unknown CPU
     */
    public static Machine of(ResultFile f) throws BadInputException {
        int jdk = jdkFeature(f);
        RunMeta meta = f.meta();
        if (meta.isEmpty()) {
            return new Machine(UNRECORDED, jdk, "", null);
        }
        java.nio.file.Path metaPath = ResultReader.metaPathOf(f.path());
        String key = meta.values().get("cpu.key");
        String model = meta.values().getOrDefault("cpu.model", "");
        if (key != null) {
            CpuKey parsed;
            try {
                parsed = CpuKey.parse(key);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(metaPath, "cpu.key: " + e.getMessage());
            }
            String vendor = meta.values().get("cpu.vendor");
            if (vendor != null && !vendor.equals(parsed.vendor())) {
                throw new BadInputException(metaPath, "cpu.vendor '" + vendor + "' does not match cpu.key '" + key
                        + "'; valid vendors: intel, amd, arm, other");
            }
            String label = parsed.limit() == null ? null : parsed.limit().describe();
            return new Machine(key, jdk, model, label);
        }
        boolean anyCpu = meta.values().keySet().stream().anyMatch(k -> k.equals("cpu") || k.startsWith("cpu."));
        if (!anyCpu) {
            return new Machine(UNRECORDED, jdk, "", null);
        }
        if (model.isBlank() || model.equalsIgnoreCase("unknown")) {
            throw new BadInputException(metaPath, "the CPU is unknown (no cpu.key and cpu.model '" + model
                    + "'); valid: a cpu.key like amd-f26m2-avx512 or the model name /proc/cpuinfo gives");
        }
        Set<String> flags = new LinkedHashSet<>(Arrays.asList(
                meta.values().getOrDefault("cpu.vectorFlags", "").split("\\s+")));
        flags.remove("");
        return new Machine(CpuIdentity.fromLegacy(model, flags, meta.cores()).key(), jdk, model, null);
    }

    private static int jdkFeature(ResultFile f) {
        String feature = f.meta().values().get("jdk.feature");
        return feature(feature != null ? feature : f.jdkVersion());
    }

    /** The feature release of a version text ({@code 17.0.15} -> 17, {@code 1.8.0} -> 8); 0 when none. */
    static int feature(String version) {
        String[] parts = version.trim().split("[^0-9]+");
        try {
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first; // 1.8.0 -> 8
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return 0;
        }
    }

    /** Whether the CPU is known (a results file with a meta file). */
    public boolean recorded() {
        return !UNRECORDED.equals(cpuKey);
    }

    /** Short column/heading name: {@code amd-f26m2-avx512, JDK 17}. */
    public String shortName() {
        return cpuKey + ", JDK " + jdk;
    }

    /**
     * Full name for headings and captions: {@code AMD EPYC (amd-f26m2-avx512), JDK 17}, with
     * "this CPU limited to AVX2" for a preview run; a file without metadata says so.
     */
    public String longName() {
        if (!recorded()) {
            return "machine not recorded (no meta file), JDK " + jdk;
        }
        return (model.isBlank() ? "" : model + " ") + "(`" + cpuKey + "`" + (limitLabel == null ? "" : ", "
                + limitLabel) + "), JDK " + jdk;
    }

    /** File-name-safe form of the CPU key. */
    public String slug() {
        return cpuKey.replaceAll("[^A-Za-z0-9._-]+", "-");
    }
}
