package dev.nimbench.config;

import dev.nimbench.platform.CpuIdentity.Vendor;
import dev.nimbench.platform.Platform;
import java.util.HashMap;
import java.util.Map;

/** Synthetic {@link Platform}s from HotSpot flag sets, for the tests of the defaults. */
final class PlatformFlags {

    private PlatformFlags() {
    }

    private static Map<String, String> c2() {
        return new HashMap<>(Map.of("UseCompiler", "true", "TieredCompilation", "true", "TieredStopAtLevel", "4"));
    }

    /** x86 with C2; {@code MaxVectorSize} follows {@code UseAVX} (64, 32, 16 bytes). */
    static Platform x86(Vendor vendor, int jdk, int useAvx, boolean useFma) {
        Map<String, String> flags = c2();
        flags.put("UseAVX", String.valueOf(useAvx));
        flags.put("UseFMA", String.valueOf(useFma));
        flags.put("MaxVectorSize", String.valueOf(useAvx >= 3 ? 64 : useAvx == 2 ? 32 : 16));
        return Platform.fromFlags(flags, "amd64", vendor, jdk, 8, true);
    }

    static Platform neon(int jdk) {
        Map<String, String> flags = c2();
        flags.put("UseFMA", "true");
        flags.put("MaxVectorSize", "16");
        flags.put("UseSVE", "0");
        return Platform.fromFlags(flags, "aarch64", Vendor.ARM, jdk, 8, true);
    }

    /** {@code -Xint} on an AVX-512 Intel. */
    static Platform interpreter() {
        Map<String, String> flags = new HashMap<>(Map.of("UseCompiler", "false", "UseAVX", "3", "UseFMA", "true",
                "MaxVectorSize", "64"));
        return Platform.fromFlags(flags, "amd64", Vendor.INTEL, 17, 2, true);
    }
}
