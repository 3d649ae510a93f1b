package dev.nimbench.platform;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The processor this JVM runs on, as the OS describes it, and its short stable <b>CPU key</b>.
 *
 * <p>Key scheme (documented in {@code docs/machines.md}): {@code <vendor>-<id>-<isa>}, all lower
 * case, where
 * <ul>
 *   <li>{@code vendor} is {@code intel}, {@code amd}, {@code arm} or {@code other};</li>
 *   <li>{@code id} is {@code f<family>m<model>} (decimal, from {@code /proc/cpuinfo}) on x86,
 *       {@code i<implementer>p<part>} (hex, without {@code 0x}) on ARM, else a slug of the model
 *       name (older result files that recorded only the model name get this form too, e.g.
 *       {@code amd-epyc-avx512});</li>
 *   <li>{@code isa} is the widest vector unit: {@code avx512} (avx512f), {@code avx2},
 *       {@code sse} (x86 without AVX2), {@code sve}, {@code neon} (asimd) or {@code scalar}.</li>
 * </ul>
 * The key leaves out stepping, frequency, core count and cache sizes on purpose: they are
 * recorded beside it, but two machines that differ only in them run the same kernels the same
 * way, and a key that changed with them would split one machine's runs.
 */
public final class CpuIdentity {

    /** Processor vendors the harness tells apart. */
    public enum Vendor {
        INTEL, AMD, ARM, OTHER;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final Pattern SLUG_JUNK = Pattern.compile("[^a-z0-9]+");
    /** Flags kept in {@link #vectorFlags()}: the ones that decide which kernels run well. */
    private static final Pattern VECTOR_FLAG =
            Pattern.compile("(sse.*|ssse3|avx.*|fma|bmi2|amx.*|asimd.*|sve.*|neon)");

    private final Vendor vendor;
    private final String modelName;
    private final Integer family;
    private final Integer model;
    private final Integer stepping;
    private final String armImplementer;
    private final String armPart;
    private final Set<String> vectorFlags;
    private final int logicalCores;
    private final boolean hypervisor;
    private final String cacheSize;
    private final Double mhz;
    /** Cache sizes per level from sysfs ({@code L1d}, {@code L1i}, {@code L2}, {@code L3}), empty when unknown. */
    private final Map<String, String> caches;
    /** A simulated narrower vector unit ({@code -Djmh.isa}), or null. */
    private final IsaLimit isaLimit;

    private CpuIdentity(Vendor vendor, String modelName, Integer family, Integer model, Integer stepping,
            String armImplementer, String armPart, Set<String> vectorFlags, int logicalCores, boolean hypervisor,
            String cacheSize, Double mhz) {
        this(vendor, modelName, family, model, stepping, armImplementer, armPart, vectorFlags, logicalCores,
                hypervisor, cacheSize, mhz, Map.of(), null);
    }

    private CpuIdentity(Vendor vendor, String modelName, Integer family, Integer model, Integer stepping,
            String armImplementer, String armPart, Set<String> vectorFlags, int logicalCores, boolean hypervisor,
            String cacheSize, Double mhz, Map<String, String> caches, IsaLimit isaLimit) {
        this.caches = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(caches));
        this.isaLimit = isaLimit;
        this.vendor = vendor;
        this.modelName = modelName;
        this.family = family;
        this.model = model;
        this.stepping = stepping;
        this.armImplementer = armImplementer;
        this.armPart = armPart;
        this.vectorFlags = Collections.unmodifiableSet(new TreeSet<>(vectorFlags));
        this.logicalCores = logicalCores;
        this.hypervisor = hypervisor;
        this.cacheSize = cacheSize;
        this.mhz = mhz;
    }

    private static final class Holder {
        static final CpuIdentity CURRENT = detect();
    }

    /** This machine's processor, read once ({@code /proc/cpuinfo} where the OS has it). */
    public static CpuIdentity current() {
        return Holder.CURRENT;
    }

    private static CpuIdentity detect() {
        int cores = Runtime.getRuntime().availableProcessors();
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (Files.isReadable(cpuinfo)) {
            try {
                return parseCpuinfo(Files.readString(cpuinfo, StandardCharsets.UTF_8), cores)
                        .withCaches(readCaches(Path.of("/sys/devices/system/cpu/cpu0/cache")));
            } catch (IOException | RuntimeException e) {
                // fall through: an unreadable cpuinfo leaves only the JVM's view
            }
        }
        String arch = System.getProperty("os.arch", "unknown");
        Vendor v = arch.startsWith("aarch64") || arch.startsWith("arm") ? Vendor.ARM : Vendor.OTHER;
        return new CpuIdentity(v, arch, null, null, null, null, null, Set.of(), cores, false, null, null);
    }

    /**
     * Parses the text of {@code /proc/cpuinfo} (x86 or ARM); {@code logicalCores} is recorded as
     * given. Only the first processor's block is read: the machines this harness targets are
     * not heterogeneous.
     */
    public static CpuIdentity parseCpuinfo(String text, int logicalCores) {
        String vendorId = null;
        String modelName = null;
        Integer family = null;
        Integer model = null;
        Integer stepping = null;
        String implementer = null;
        String part = null;
        String flags = "";
        String cacheSize = null;
        Double mhz = null;
        boolean seenFirst = false;
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                if (line.isBlank() && seenFirst && vendorId != null) {
                    break; // end of the first processor block (x86); ARM keeps going for "Hardware"
                }
                continue;
            }
            String key = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            seenFirst = true;
            switch (key) {
                case "vendor_id":
                    vendorId = vendorId == null ? value : vendorId;
                    break;
                case "model name":
                    modelName = modelName == null ? value : modelName;
                    break;
                case "cpu family":
                    family = family == null ? parseIntOrNull(value) : family;
                    break;
                case "model":
                    model = model == null ? parseIntOrNull(value) : model;
                    break;
                case "stepping":
                    stepping = stepping == null ? parseIntOrNull(value) : stepping;
                    break;
                case "cpu implementer":
                    implementer = implementer == null ? hex(value) : implementer;
                    break;
                case "cpu part":
                    part = part == null ? hex(value) : part;
                    break;
                case "flags":
                case "features":
                    flags = flags.isEmpty() ? value : flags;
                    break;
                case "cache size":
                    cacheSize = cacheSize == null ? value : cacheSize;
                    break;
                case "cpu mhz":
                    mhz = mhz == null ? parseDoubleOrNull(value) : mhz;
                    break;
                default:
                    break;
            }
        }
        List<String> all = Arrays.asList(flags.toLowerCase(Locale.ROOT).split("\\s+"));
        Set<String> vector = new TreeSet<>();
        for (String f : all) {
            if (VECTOR_FLAG.matcher(f).matches()) {
                vector.add(f);
            }
        }
        Vendor vendor = vendorOf(vendorId, modelName, implementer);
        if (modelName == null && vendor == Vendor.ARM) {
            modelName = "ARM implementer 0x" + implementer + " part 0x" + part;
        }
        boolean hypervisor = all.contains("hypervisor");
        return new CpuIdentity(vendor, modelName == null ? "unknown" : modelName, family, model, stepping,
                implementer, part, vector, logicalCores, hypervisor, cacheSize, mhz);
    }

    /**
     * What an older result file recorded (model name and vector flags only): the identity with no
     * family/model, whose key uses a slug of the model name.
     */
    public static CpuIdentity fromLegacy(String modelName, Set<String> vectorFlags, int logicalCores) {
        String name = modelName == null || modelName.isBlank() ? "unknown" : modelName;
        return new CpuIdentity(vendorOf(null, name, null), name, null, null, null, null, null,
                vectorFlags == null ? Set.of() : vectorFlags, logicalCores, false, null, null);
    }

    /** A recorded identity (from a result file's metadata); {@code null} for absent numbers. */
    public static CpuIdentity of(Vendor vendor, String modelName, Integer family, Integer model, Integer stepping,
            Set<String> vectorFlags, int logicalCores, boolean hypervisor) {
        return new CpuIdentity(vendor, modelName, family, model, stepping, null, null, vectorFlags, logicalCores,
                hypervisor, null, null);
    }

    private static Vendor vendorOf(String vendorId, String modelName, String implementer) {
        String v = vendorId == null ? "" : vendorId;
        String m = modelName == null ? "" : modelName.toLowerCase(Locale.ROOT);
        if (v.equals("GenuineIntel") || m.contains("intel")) {
            return Vendor.INTEL;
        }
        if (v.equals("AuthenticAMD") || m.startsWith("amd") || m.contains(" amd ")) {
            return Vendor.AMD;
        }
        if (implementer != null) {
            return Vendor.ARM;
        }
        return Vendor.OTHER;
    }

    /** The widest vector unit the flags announce: avx512, avx2, sse, sve, neon or scalar. */
    public String isa() {
        if (vectorFlags.contains("avx512f")) {
            return "avx512";
        }
        if (vectorFlags.contains("avx2")) {
            return "avx2";
        }
        if (vectorFlags.stream().anyMatch(f -> f.startsWith("sse"))) {
            return "sse";
        }
        if (vectorFlags.contains("sve")) {
            return "sve";
        }
        if (vectorFlags.contains("asimd") || vectorFlags.contains("neon")) {
            return "neon";
        }
        return "scalar";
    }

    /** The CPU key: {@code <vendor>-<id>-<isa>}, see the class comment. */
    public String key() {
        String id;
        if (family != null && model != null) {
            id = "f" + family + "m" + model;
        } else if (armImplementer != null && armPart != null) {
            id = "i" + armImplementer + "p" + armPart;
        } else {
            id = slug(modelName, vendor);
        }
        return vendor.id() + "-" + id + "-" + isa() + (isaLimit == null ? "" : "@" + isaLimit.id());
    }

    /**
     * This CPU with its vector unit limited by HotSpot flags (an {@code -Djmh.isa} preview run):
     * same identity, key suffixed {@code @<limit>}.
     *
     * @throws IllegalArgumentException when the limit's flags do not exist on this CPU's JVM
     *     ({@code -XX:UseAVX} on a non-x86 CPU)
     */
    public CpuIdentity withIsaLimit(IsaLimit limit) {
        if (limit != null && limit.x86Only() && vendor != Vendor.INTEL && vendor != Vendor.AMD) {
            throw new IllegalArgumentException("isa '" + limit.id() + "' needs an x86 CPU (HotSpot's -XX:UseAVX);"
                    + " this CPU is " + key() + "; valid here: " + IsaLimit.V128.id());
        }
        return new CpuIdentity(vendor, modelName, family, model, stepping, armImplementer, armPart, vectorFlags,
                logicalCores, hypervisor, cacheSize, mhz, caches, limit);
    }

    /** The vector-unit limit of a preview run, or null for the CPU as it is. */
    public IsaLimit isaLimit() {
        return isaLimit;
    }

    /** Cache sizes per level ({@code L1d}, {@code L1i}, {@code L2}, {@code L3}) as sysfs gives them, e.g. {@code 48K}. */
    public Map<String, String> caches() {
        return caches;
    }

    CpuIdentity withCaches(Map<String, String> found) {
        return new CpuIdentity(vendor, modelName, family, model, stepping, armImplementer, armPart, vectorFlags,
                logicalCores, hypervisor, cacheSize, mhz, found, isaLimit);
    }

    /**
     * Cache sizes of one CPU from a sysfs folder like {@code /sys/devices/system/cpu/cpu0/cache}
     * ({@code index<i>/level}, {@code type}, {@code size}); empty when it cannot be read.
     */
    static Map<String, String> readCaches(Path dir) {
        Map<String, String> out = new java.util.TreeMap<>();
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            for (Path index : s.filter(p -> p.getFileName().toString().startsWith("index")).sorted().toList()) {
                String level = Files.readString(index.resolve("level")).trim();
                String type = Files.readString(index.resolve("type")).trim();
                String size = Files.readString(index.resolve("size")).trim();
                String suffix = type.equals("Data") ? "d" : type.equals("Instruction") ? "i" : "";
                out.put("L" + level + suffix, size);
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return out;
    }

    private static String slug(String modelName, Vendor vendor) {
        String s = SLUG_JUNK.matcher(modelName.toLowerCase(Locale.ROOT)).replaceAll("-");
        s = s.replaceAll("^-+|-+$", "");
        for (String noise : new String[] {"r", "tm", "processor", "cpu", vendor.id()}) {
            s = s.replaceAll("(^|-)" + noise + "(?=-|$)", "");
        }
        s = s.replaceAll("-+", "-").replaceAll("^-+|-+$", "");
        return s.isEmpty() ? "unknown" : s;
    }

    private static Integer parseIntOrNull(String s) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Double parseDoubleOrNull(String s) {
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String hex(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        return t.startsWith("0x") ? t.substring(2) : t;
    }

    public Vendor vendor() {
        return vendor;
    }

    public String modelName() {
        return modelName;
    }

    /** x86 family, or null where the OS does not give one. */
    public Integer family() {
        return family;
    }

    /** x86 model, or null. */
    public Integer model() {
        return model;
    }

    /** x86 stepping, or null. */
    public Integer stepping() {
        return stepping;
    }

    /** The vector-related flags (sse*, avx*, fma, bmi2, amx*, asimd*, sve*), sorted. */
    public Set<String> vectorFlags() {
        return vectorFlags;
    }

    public int logicalCores() {
        return logicalCores;
    }

    /** True when the OS says it runs under a hypervisor (x86 flag {@code hypervisor}). */
    public boolean hypervisor() {
        return hypervisor;
    }

    /** {@code /proc/cpuinfo}'s "cache size" (the last-level or L2 size, as the kernel reports it), or null. */
    public String cacheSize() {
        return cacheSize;
    }

    /** The clock the OS reported when read (MHz), or null. */
    public Double mhz() {
        return mhz;
    }

    /** The fields as a map, for metadata files (absent values left out). */
    public Map<String, Object> describe() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("key", key());
        m.put("vendor", vendor.id());
        m.put("model", modelName);
        if (family != null) {
            m.put("family", family);
        }
        if (model != null) {
            m.put("modelNumber", model);
        }
        if (stepping != null) {
            m.put("stepping", stepping);
        }
        if (armImplementer != null) {
            m.put("armImplementer", armImplementer);
            m.put("armPart", armPart);
        }
        m.put("isa", isa());
        m.put("vectorFlags", List.copyOf(vectorFlags));
        m.put("logicalCores", logicalCores);
        m.put("hypervisor", hypervisor);
        if (cacheSize != null) {
            m.put("cacheSize", cacheSize);
        }
        if (mhz != null) {
            m.put("mhz", mhz);
        }
        if (!caches.isEmpty()) {
            m.put("caches", caches);
        }
        if (isaLimit != null) {
            m.put("isaLimit", isaLimit.id());
            m.put("label", isaLimit.describe());
            m.put("jvmFlags", isaLimit.jvmFlags());
        }
        return m;
    }

    @Override
    public String toString() {
        return key() + " (" + modelName + ")";
    }
}
