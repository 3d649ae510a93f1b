package dev.nimbench.platform;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What this JVM will actually run vector code on, as HotSpot itself sees it, read once: the
 * flags through {@link HotSpotDiagnosticMXBean} ({@code UseAVX}, {@code UseFMA},
 * {@code MaxVectorSize}, {@code UseSVE} where present), whether C2 compiles (not {@code -Xint},
 * not C1 only), whether {@code jdk.incubator.vector} is in the boot layer, the JDK feature version
 * and the cores. The flags respect the user's {@code -XX:UseAVX=2}, {@code -XX:-UseFMA} or
 * {@code -XX:MaxVectorSize=16} and work on every OS. {@code /proc/cpuinfo}
 * ({@link CpuIdentity}) gives only the vendor here, and only where it matters: whether a 64-bit
 * lane multiply is fast. The defaults are decided from these facts by {@link LaneForm#choose}.
 *
 * @param arch {@code os.arch} ({@code amd64}, {@code aarch64}, ...)
 * @param vendor the CPU vendor ({@link CpuIdentity#vendor()})
 * @param jdkFeature {@code Runtime.version().feature()}
 * @param cores {@code Runtime.availableProcessors()}
 * @param vectorApi whether {@code jdk.incubator.vector} is in the boot layer
 * @param jit {@code C2}, {@code C1} (tiered compilation stopped below level 4), {@code interpreter}
 *     ({@code -Xint}) or {@code JVMCI} (another compiler)
 * @param useAvx HotSpot's {@code UseAVX} (x86: 0 SSE only, 1 AVX, 2 AVX2, 3 AVX-512), or null off x86
 * @param useFma HotSpot's {@code UseFMA}: hardware FMA present and enabled (false when the flag is absent)
 * @param maxVectorSize HotSpot's {@code MaxVectorSize} in bytes (C2's widest vector), or 0 when absent
 * @param useSve HotSpot's {@code UseSVE} (aarch64: 0 none, 1 SVE, 2 SVE2), or null elsewhere
 * @param jitGuardFlags the values of {@link JitGuard#FLAGS} that this JVM has (none: not HotSpot)
 */
public record Platform(String arch, CpuIdentity.Vendor vendor, int jdkFeature, int cores, boolean vectorApi,
        String jit, Integer useAvx, boolean useFma, int maxVectorSize, Integer useSve, Map<String, Integer> jitGuardFlags) {

    public Platform {
        jitGuardFlags = Collections.unmodifiableMap(new LinkedHashMap<>(jitGuardFlags));
    }

    private static final class Holder {
        static final Platform CURRENT = detect();
    }

    /** This JVM's platform, read once per process. */
    public static Platform current() {
        return Holder.CURRENT;
    }

    private static Platform detect() {
        Map<String, String> flags = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(List.of("UseAVX", "UseFMA", "MaxVectorSize", "UseSVE", "UseCompiler",
                "TieredCompilation", "TieredStopAtLevel", "UseJVMCICompiler"));
        names.addAll(JitGuard.FLAGS);
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            for (String name : names) {
                try {
                    VMOption option = hotspot.getVMOption(name);
                    flags.put(name, option.getValue());
                } catch (IllegalArgumentException absent) {
                    // not a flag of this JVM or this CPU architecture
                }
            }
        } catch (RuntimeException | LinkageError notHotSpot) {
            // another JVM: no flags; the facts below say "unknown" by their defaults
        }
        boolean vectorApi = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        return fromFlags(flags, System.getProperty("os.arch", "unknown"), CpuIdentity.current().vendor(),
                Runtime.version().feature(), Runtime.getRuntime().availableProcessors(), vectorApi);
    }

    /**
     * The platform these HotSpot flag values describe (tests feed synthetic sets: AVX-512 Intel,
     * AVX2, SSE, no FMA, NEON, {@code -Xint}, ...). A flag missing from {@code flags} is absent.
     */
    public static Platform fromFlags(Map<String, String> flags, String arch, CpuIdentity.Vendor vendor,
            int jdkFeature, int cores, boolean vectorApi) {
        String jit;
        if ("false".equals(flags.get("UseCompiler"))) {
            jit = "interpreter";
        } else if ("true".equals(flags.get("UseJVMCICompiler"))) {
            jit = "JVMCI";
        } else if (!"false".equals(flags.get("TieredCompilation")) && flags.containsKey("TieredStopAtLevel")
                && Integer.parseInt(flags.get("TieredStopAtLevel")) < 4) {
            jit = "C1";
        } else {
            jit = "C2";
        }
        return new Platform(arch, vendor, jdkFeature, cores, vectorApi, jit, intOrNull(flags.get("UseAVX")),
                "true".equals(flags.get("UseFMA")), flags.containsKey("MaxVectorSize")
                        ? Integer.parseInt(flags.get("MaxVectorSize")) : 0, intOrNull(flags.get("UseSVE")), guardFlags(flags));
    }

    private static Map<String, Integer> guardFlags(Map<String, String> flags) {
        Map<String, Integer> values = new LinkedHashMap<>();
        for (String name : JitGuard.FLAGS) {
            if (flags.containsKey(name)) {
                values.put(name, clampedInt(flags.get(name)));
            }
        }
        return values;
    }

    /** An {@code intx}/{@code uintx} flag's value as an int: beyond the int range, the nearest bound. */
    private static int clampedInt(String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException beyondInt) {
            return value.startsWith("-") ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        }
    }

    private static Integer intOrNull(String value) {
        return value == null ? null : Integer.valueOf(value);
    }

    /**
     * Whether C2 keeps speculating on the vector classes however many traps and deoptimisations
     * the process has had ({@link JitGuard}: each of its flags at {@link JitGuard#VALUE} or more);
     * true where the flags are absent (not HotSpot).
     */
    public boolean jitGuard() {
        return JitGuard.holds(jitGuardFlags);
    }

    /** Whether this is x86 (HotSpot has {@code UseAVX}). */
    public boolean x86() {
        return useAvx != null;
    }

    /** Whether this is 64-bit ARM. */
    public boolean aarch64() {
        return arch.toLowerCase(Locale.ROOT).startsWith("aarch64") || arch.toLowerCase(Locale.ROOT).startsWith("arm64");
    }

    /** C2's widest vector in bits ({@code MaxVectorSize}); 0 when unknown. */
    public int vectorBits() {
        return maxVectorSize * 8;
    }

    /**
     * Whether Vector API code is compiled to vector instructions here: the module is present, C2
     * compiles, and C2 has vectors of at least 128 bits. Otherwise every vector kernel runs as
     * interpreted or boxed Java, far slower than the scalar variants.
     */
    public boolean compiledVectors() {
        return vectorApi && jit.equals("C2") && vectorBits() >= 128;
    }

    /**
     * Whether {@code DoubleVector.fma} is one hardware instruction: {@code UseFMA} on (x86: FMA3
     * with AVX enabled; aarch64: always). Without it FMA falls back to a software
     * {@code Math.fma} per lane, orders of magnitude slower, so FMA kernels are never chosen.
     */
    public boolean fastFma() {
        return useFma && compiledVectors();
    }

    /**
     * Whether a 64-bit lane multiply ({@code LongVector.mul}) is fast: AVX-512 ({@code UseAVX=3}:
     * {@code vpmullq}, AVX-512DQ, which every CPU HotSpot enables AVX-512 on has but the Xeon Phi)
     * on AMD (Zen 4 and 5: 1 uop, 3 cycles). On Intel {@code vpmullq} is 3 uops and about 15
     * cycles; AVX2, SSE, NEON and SVE have no 64-bit lane multiply and emulate it.
     */
    public boolean fastLaneMultiply64() {
        return compiledVectors() && useAvx != null && useAvx >= 3 && vendor == CpuIdentity.Vendor.AMD;
    }

    /**
     * Vector registers the kernels' live vectors compete for: 16 on x86 without AVX-512
     * ({@code ymm0-15} / {@code xmm0-15}), 32 with AVX-512 ({@code zmm0-31}) and on aarch64
     * (NEON and SVE). A kernel whose chains, bases and constants need more than 16 spills on AVX2;
     * the defaults then prefer the variants shaped for 16 ({@code -reload}).
     */
    public int vectorRegisters() {
        if (useAvx != null) {
            return useAvx >= 3 ? 32 : 16;
        }
        return aarch64() ? 32 : 16;
    }

    /** E.g. {@code AVX-512}, {@code AVX2}, {@code SSE}, {@code NEON}, {@code SVE}: C2's vector ISA as the flags set it. */
    public String vectorIsa() {
        if (useAvx != null) {
            return useAvx >= 3 ? "AVX-512" : useAvx == 2 ? "AVX2" : useAvx == 1 ? "AVX" : "SSE";
        }
        if (useSve != null && useSve > 0) {
            return "SVE";
        }
        return aarch64() ? "NEON" : "unknown";
    }

    /**
     * The vector-unit limit these flags put on a CPU whose widest unit is {@code cpuIsa} (a CPU
     * key's isa part), or null when the JVM uses all of it: {@code -XX:UseAVX=2} (or
     * {@code MaxVectorSize=32}) on AVX-512 is {@link IsaLimit#AVX2}, {@code UseAVX} 0 or 1 on
     * AVX2 or AVX-512 is {@link IsaLimit#SSE}, {@code MaxVectorSize=16} elsewhere is
     * {@link IsaLimit#V128}. The key of this JVM's view of the CPU then carries the suffix
     * ({@code intel-f6m207-avx512@avx2}), so that no entry measured at another width applies.
     */
    public IsaLimit limitOn(String cpuIsa) {
        boolean wide = "avx512".equals(cpuIsa) || "avx2".equals(cpuIsa);
        if (useAvx != null && wide && useAvx <= 1) {
            return IsaLimit.SSE;
        }
        if ("avx512".equals(cpuIsa) && ((useAvx != null && useAvx == 2) || maxVectorSize == 32)) {
            return IsaLimit.AVX2;
        }
        if (maxVectorSize == 16 && (wide || "sve".equals(cpuIsa))) {
            return IsaLimit.V128;
        }
        return null;
    }

    /** The CPU key of this CPU as this JVM uses it: {@link CpuIdentity#key()} with {@link #limitOn}'s suffix. */
    public static String effectiveKey(CpuIdentity cpu, Platform platform) {
        IsaLimit limit = platform.limitOn(cpu.isa());
        if (limit == null || (limit.x86Only() && cpu.vendor() != CpuIdentity.Vendor.INTEL
                && cpu.vendor() != CpuIdentity.Vendor.AMD)) {
            return cpu.key();
        }
        return cpu.withIsaLimit(limit).key();
    }

    /** The facts as a map for {@code --json} and {@code nimbench platform}. */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("arch", arch);
        m.put("vendor", vendor.id());
        m.put("jdk", jdkFeature);
        m.put("cores", cores);
        m.put("jit", jit);
        m.put("vectorApi", vectorApi);
        m.put("vectorIsa", vectorIsa());
        m.put("vectorBits", vectorBits());
        if (useAvx != null) {
            m.put("UseAVX", useAvx);
        }
        m.put("UseFMA", useFma);
        m.put("MaxVectorSize", maxVectorSize);
        if (useSve != null) {
            m.put("UseSVE", useSve);
        }
        m.putAll(jitGuardFlags);
        m.put("jitGuard", jitGuard());
        m.put("compiledVectors", compiledVectors());
        m.put("fastFma", fastFma());
        m.put("fastLaneMultiply64", fastLaneMultiply64());
        return m;
    }
}
