package dev.nimbench.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.platform.CpuIdentity.Vendor;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The platform facts from HotSpot's flags, and the lane form decided from them, fed synthetic
 * flag sets (what {@code -XX:+PrintFlagsFinal} shows on each kind of machine and under each user
 * setting), so the decisions do not depend on the machine the test runs on.
 */
class PlatformTest {

    /** x86 HotSpot with C2: {@code UseAVX}, {@code UseFMA}, {@code MaxVectorSize} as given. */
    static Platform x86(Vendor vendor, int jdk, int useAvx, boolean useFma, int maxVectorSize) {
        Map<String, String> flags = new HashMap<>(c2());
        flags.put("UseAVX", String.valueOf(useAvx));
        flags.put("UseFMA", String.valueOf(useFma));
        flags.put("MaxVectorSize", String.valueOf(maxVectorSize));
        return Platform.fromFlags(flags, "amd64", vendor, jdk, 8, true);
    }

    static Map<String, String> c2() {
        return Map.of("UseCompiler", "true", "TieredCompilation", "true", "TieredStopAtLevel", "4");
    }

    static Platform neon(int jdk) {
        Map<String, String> flags = new HashMap<>(c2());
        flags.put("UseFMA", "true");
        flags.put("MaxVectorSize", "16");
        flags.put("UseSVE", "0");
        return Platform.fromFlags(flags, "aarch64", Vendor.ARM, jdk, 8, true);
    }

    static LaneForm lanes(Platform p) {
        return LaneForm.choose(p, null).form();
    }

    @Test
    void avx512IntelBeforeJdk24UsesFmaFromJdk24TheMaskedForm() {
        Platform jdk17 = x86(Vendor.INTEL, 17, 3, true, 64);
        assertThat(jdk17.vectorIsa()).isEqualTo("AVX-512");
        assertThat(jdk17.vectorBits()).isEqualTo(512);
        assertThat(jdk17.fastFma()).isTrue();
        assertThat(jdk17.fastLaneMultiply64()).as("vpmullq is slow on Intel").isFalse();
        assertThat(lanes(jdk17)).isEqualTo(LaneForm.FMA);
        assertThat(LaneForm.choose(jdk17, null).rule()).startsWith("lanes=fma: ").contains("AVX-512 (512-bit) on intel");
        assertThat(lanes(x86(Vendor.INTEL, 25, 3, true, 64))).isEqualTo(LaneForm.MASKED);
    }

    @Test
    void avx512AmdUsesThePlainVpmullqKernelsOnEveryJdk() {
        for (int jdk : new int[] {17, 25}) {
            Platform amd = x86(Vendor.AMD, jdk, 3, true, 64);
            assertThat(amd.fastLaneMultiply64()).isTrue();
            assertThat(lanes(amd)).isEqualTo(LaneForm.PLAIN);
        }
    }

    @Test
    void avx2UsesFmaBeforeJdk24AndTheMaskedFormFromJdk24WhateverTheVendor() {
        // JDK 17: results/20261201T071659Z-jdk17.json (vector-fma-forkjoin 7.43 ms, vector-montgomery-forkjoin 16.66 ms);
        // JDK 25 on AMD Zen 3: results/reload-amd-f25m1-avx2-20261203 (the masked kernels and distribution fastest)
        for (Vendor v : new Vendor[] {Vendor.INTEL, Vendor.AMD}) {
            for (int jdk : new int[] {17, 21, 23, 24, 25}) {
                Platform avx2 = x86(v, jdk, 2, true, 32);
                assertThat(avx2.vectorIsa()).isEqualTo("AVX2");
                assertThat(avx2.fastLaneMultiply64()).isFalse();
                assertThat(avx2.vectorRegisters()).isEqualTo(16);
                assertThat(lanes(avx2)).as(v + " JDK " + jdk).isEqualTo(jdk >= 24 ? LaneForm.MASKED : LaneForm.FMA);
            }
        }
        assertThat(LaneForm.choose(x86(Vendor.AMD, 25, 2, true, 32), null).rule())
                .startsWith("lanes=masked: AVX2 has no 64-bit lane multiply and JDK 25 >= 24");
    }

    @Test
    void vectorRegistersAre32WithAvx512AndOnAarch64Else16() {
        assertThat(x86(Vendor.INTEL, 17, 3, true, 64).vectorRegisters()).isEqualTo(32);
        assertThat(x86(Vendor.AMD, 25, 2, true, 32).vectorRegisters()).isEqualTo(16);
        assertThat(x86(Vendor.INTEL, 17, 0, false, 16).vectorRegisters()).isEqualTo(16);
        assertThat(neon(21).vectorRegisters()).isEqualTo(32);
    }

    @Test
    void sseOnlyHasNoFmaAndUsesTheMaskedForm() {
        // -XX:UseAVX=0 (or -Djmh.isa=sse): HotSpot turns UseFMA off, MaxVectorSize is 16
        Platform sse = x86(Vendor.INTEL, 17, 0, false, 16);
        assertThat(sse.vectorIsa()).isEqualTo("SSE");
        assertThat(sse.fastFma()).isFalse();
        assertThat(lanes(sse)).isEqualTo(LaneForm.MASKED);
        assertThat(LaneForm.choose(sse, null).allowFma()).isFalse();
    }

    @Test
    void noFmaNeverChoosesFmaEvenWhereItWouldBeFastest() {
        // -XX:-UseFMA on an AVX-512 Intel, JDK 17 (FMA would be first with it)
        Platform noFma = x86(Vendor.INTEL, 17, 3, false, 64);
        assertThat(lanes(noFma)).isEqualTo(LaneForm.MASKED);
        assertThat(LaneForm.choose(noFma, null).allowFma()).isFalse();
        assertThat(LaneForm.choose(noFma, null).rule()).contains("no hardware FMA");
        // AMD without FMA keeps its fast vpmullq
        assertThat(lanes(x86(Vendor.AMD, 17, 3, false, 64))).isEqualTo(LaneForm.PLAIN);
    }

    @Test
    void neonHasNoLaneMultiplyOf64BitsButHardwareFma() {
        Platform neon = neon(21);
        assertThat(neon.vectorIsa()).isEqualTo("NEON");
        assertThat(neon.x86()).isFalse();
        assertThat(neon.fastLaneMultiply64()).isFalse();
        assertThat(lanes(neon)).isEqualTo(LaneForm.FMA);
        assertThat(neon.describe()).containsEntry("UseSVE", 0).doesNotContainKey("UseAVX");
    }

    @Test
    void interpreterOrC1OnlyPutScalarVariantsFirst() {
        Map<String, String> xint = new HashMap<>(Map.of("UseCompiler", "false", "UseAVX", "3", "UseFMA", "true",
                "MaxVectorSize", "64"));
        Platform interpreted = Platform.fromFlags(xint, "amd64", Vendor.INTEL, 17, 2, true);
        assertThat(interpreted.jit()).isEqualTo("interpreter");
        assertThat(interpreted.compiledVectors()).isFalse();
        assertThat(interpreted.fastFma()).isFalse();
        LaneForm.Choice choice = LaneForm.choose(interpreted, null);
        assertThat(choice.compiledVectors()).isFalse();
        assertThat(choice.rule()).contains("scalar variants first");
        Map<String, String> c1 = new HashMap<>(Map.of("UseCompiler", "true", "TieredCompilation", "true",
                "TieredStopAtLevel", "1", "UseAVX", "3", "UseFMA", "true", "MaxVectorSize", "64"));
        assertThat(Platform.fromFlags(c1, "amd64", Vendor.AMD, 17, 2, true).jit()).isEqualTo("C1");
        assertThat(Platform.fromFlags(c1, "amd64", Vendor.AMD, 17, 2, true).compiledVectors()).isFalse();
        // no jdk.incubator.vector: the same
        assertThat(x86(Vendor.INTEL, 17, 3, true, 64).compiledVectors()).isTrue();
        assertThat(Platform.fromFlags(new HashMap<>(Map.of("UseAVX", "3", "UseFMA", "true", "MaxVectorSize", "64")),
                "amd64", Vendor.INTEL, 17, 2, false).compiledVectors()).isFalse();
    }

    @Test
    void thePropertyOverridesTheChoiceAndABadValueIsOneLine() {
        Platform intel = x86(Vendor.INTEL, 17, 3, true, 64);
        assertThat(LaneForm.choose(intel, "masked").form()).isEqualTo(LaneForm.MASKED);
        assertThat(LaneForm.choose(intel, "plain").rule()).contains("-Dnimbench.lanes=plain");
        // asked for explicitly, FMA is allowed even without hardware FMA
        assertThat(LaneForm.choose(x86(Vendor.INTEL, 17, 0, false, 16), "fma").allowFma()).isTrue();
        assertThatThrownBy(() -> LaneForm.choose(intel, "avx")).hasMessage(
                "-Dnimbench.lanes=avx is not known; valid: plain, masked, fma");
    }

    @Test
    void theKeyOfTheCpuAsThisJvmUsesItCarriesTheFlagsLimit() {
        CpuIdentity xeon = CpuIdentity.parseCpuinfo("vendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 207\n"
                + "model name\t: Intel(R) Xeon(R) Processor\nflags\t\t: sse4_2 avx avx2 fma avx512f avx512dq\n\n", 2);
        assertThat(Platform.effectiveKey(xeon, x86(Vendor.INTEL, 17, 3, true, 64))).isEqualTo("intel-f6m207-avx512");
        assertThat(Platform.effectiveKey(xeon, x86(Vendor.INTEL, 17, 2, true, 32)))
                .isEqualTo("intel-f6m207-avx512@avx2");
        assertThat(Platform.effectiveKey(xeon, x86(Vendor.INTEL, 17, 0, false, 16)))
                .isEqualTo("intel-f6m207-avx512@sse");
        assertThat(Platform.effectiveKey(xeon, x86(Vendor.INTEL, 17, 3, true, 16)))
                .isEqualTo("intel-f6m207-avx512@128");
    }

    @Test
    void thisJvmsFlagsAreRead() {
        Platform here = Platform.current();
        assertThat(here.jdkFeature()).isEqualTo(Runtime.version().feature());
        assertThat(here.cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(here.jit()).isEqualTo("C2");
        assertThat(here.maxVectorSize()).isPositive();
        if (System.getProperty("os.arch").equals("amd64")) {
            assertThat(here.useAvx()).isNotNull();
        }
    }

    @Test
    void theJitGuardHoldsWhenEveryFlagIsAtTheValueOrNegativeAndNotAtHotSpotsDefaults() {
        Map<String, String> flags = new HashMap<>(c2());
        flags.put("PerMethodRecompilationCutoff", "400"); // HotSpot's defaults
        flags.put("PerMethodTrapLimit", "100");
        Platform plain = Platform.fromFlags(flags, "amd64", Vendor.INTEL, 25, 2, true);
        assertThat(plain.jitGuard()).isFalse();
        assertThat(plain.describe()).containsEntry("PerMethodRecompilationCutoff", 400)
                .containsEntry("PerMethodTrapLimit", 100).containsEntry("jitGuard", false);
        assertThat(JitGuard.warning(plain.jitGuardFlags()))
                .startsWith("this JVM runs with PerMethodRecompilationCutoff=400, PerMethodTrapLimit=100: ")
                .contains("start java with -XX:PerMethodRecompilationCutoff=10000 -XX:PerMethodTrapLimit=10000 ");
        flags.put("PerMethodRecompilationCutoff", String.valueOf(JitGuard.VALUE));
        assertThat(Platform.fromFlags(flags, "amd64", Vendor.INTEL, 25, 2, true).jitGuard())
                .as("one flag raised is not enough").isFalse();
        flags.put("PerMethodTrapLimit", String.valueOf(JitGuard.VALUE));
        assertThat(Platform.fromFlags(flags, "amd64", Vendor.INTEL, 25, 2, true).jitGuard()).isTrue();
        flags.put("PerMethodRecompilationCutoff", "-1"); // HotSpot's "infinite"
        assertThat(Platform.fromFlags(flags, "amd64", Vendor.INTEL, 25, 2, true).jitGuard()).isTrue();
        flags.put("PerMethodTrapLimit", "18446744073709551615"); // uintx's maximum: beyond int, still holds
        assertThat(Platform.fromFlags(flags, "amd64", Vendor.INTEL, 25, 2, true).jitGuard()).isTrue();
        flags.put("PerMethodTrapLimit", String.valueOf(JitGuard.VALUE - 1));
        assertThat(Platform.fromFlags(flags, "amd64", Vendor.INTEL, 25, 2, true).jitGuard()).isFalse();
        flags.remove("PerMethodRecompilationCutoff"); // not HotSpot: nothing to warn about
        flags.remove("PerMethodTrapLimit");
        Platform other = Platform.fromFlags(flags, "amd64", Vendor.INTEL, 25, 2, true);
        assertThat(other.jitGuard()).isTrue();
        assertThat(other.describe()).doesNotContainKeys("PerMethodRecompilationCutoff", "PerMethodTrapLimit");
        assertThat(JitGuard.OPTIONS).containsExactly("-XX:PerMethodRecompilationCutoff=10000", "-XX:PerMethodTrapLimit=10000");
    }

    @Test
    void thisTestJvmRunsWithTheGuardAsTheBuildSetsIt() {
        assertThat(Platform.current().jitGuardFlags()).as("surefire's argLine (pom.xml jit.guard.flags)")
                .containsExactly(Map.entry("PerMethodRecompilationCutoff", JitGuard.VALUE),
                        Map.entry("PerMethodTrapLimit", JitGuard.VALUE));
        assertThat(Platform.current().jitGuard()).isTrue();
    }
}
