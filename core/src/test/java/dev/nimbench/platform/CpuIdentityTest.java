package dev.nimbench.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class CpuIdentityTest {

    static final String AMD = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 26\nmodel\t\t: 2\n"
            + "model name\t: AMD EPYC\nstepping\t: 1\ncpu MHz\t\t: 2596.124\ncache size\t: 1024 KB\n"
            + "flags\t\t: fpu sse sse2 ssse3 fma sse4_1 sse4_2 avx avx2 avx512f avx512dq avx512ifma hypervisor bmi2\n\n"
            + "processor\t: 1\nvendor_id\t: AuthenticAMD\ncpu family\t: 26\nmodel\t\t: 2\n";
    static final String INTEL = "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 143\n"
            + "model name\t: Intel(R) Xeon(R) Processor\nstepping\t: 8\ncpu MHz\t\t: 2000.000\n"
            + "flags\t\t: fpu sse sse2 avx avx2 fma avx512f avx512ifma amx_tile hypervisor\n\n";
    static final String INTEL_AVX2 = "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 158\n"
            + "model name\t: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\nstepping\t: 10\n"
            + "flags\t\t: fpu sse sse2 avx avx2 fma bmi2\n\n";
    static final String ARM = "processor\t: 0\nBogoMIPS\t: 243.75\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics asimddp sve\n"
            + "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x1\nCPU part\t: 0xd40\nCPU revision\t: 1\n\n"
            + "processor\t: 1\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\nCPU part\t: 0xd40\n\n";

    @Test
    void amdKeyFromFamilyModelAndWidestIsa() {
        CpuIdentity cpu = CpuIdentity.parseCpuinfo(AMD, 2);
        assertThat(cpu.key()).isEqualTo("amd-f26m2-avx512");
        assertThat(cpu.vendor()).isEqualTo(CpuIdentity.Vendor.AMD);
        assertThat(cpu.stepping()).isEqualTo(1);
        assertThat(cpu.hypervisor()).isTrue();
        assertThat(cpu.vectorFlags()).contains("avx512f", "avx512ifma", "fma").doesNotContain("fpu", "hypervisor");
        assertThat(cpu.describe()).containsEntry("key", "amd-f26m2-avx512").containsEntry("family", 26)
                .containsEntry("cacheSize", "1024 KB");
    }

    @Test
    void intelKeys() {
        assertThat(CpuIdentity.parseCpuinfo(INTEL, 2).key()).isEqualTo("intel-f6m143-avx512");
        CpuIdentity desktop = CpuIdentity.parseCpuinfo(INTEL_AVX2, 12);
        assertThat(desktop.key()).isEqualTo("intel-f6m158-avx2");
        assertThat(desktop.hypervisor()).isFalse();
    }

    @Test
    void armKeyFromImplementerAndPart() {
        CpuIdentity cpu = CpuIdentity.parseCpuinfo(ARM, 2);
        assertThat(cpu.vendor()).isEqualTo(CpuIdentity.Vendor.ARM);
        assertThat(cpu.key()).isEqualTo("arm-i41pd40-sve");
        assertThat(cpu.family()).isNull();
    }

    @Test
    void legacyFilesKeyedByModelNameSlug() {
        assertThat(CpuIdentity.fromLegacy("AMD EPYC", Set.of("avx2", "avx512f"), 2).key()).isEqualTo("amd-epyc-avx512");
        assertThat(CpuIdentity.fromLegacy("Intel(R) Xeon(R) Processor", Set.of("avx2", "avx512f"), 2).key())
                .isEqualTo("intel-xeon-avx512");
        assertThat(CpuIdentity.fromLegacy(null, null, 1).key()).isEqualTo("other-unknown-scalar");
    }

    @Test
    void currentMachineHasAKey() {
        assertThat(CpuIdentity.current().key()).matches("[a-z]+-[a-z0-9-]+-(avx512|avx2|sse|sve|neon|scalar)");
    }

    @Test
    void isaLimitGetsItsOwnKeySuffixAndLabel() {
        CpuIdentity cpu = CpuIdentity.parseCpuinfo(AMD, 2).withIsaLimit(IsaLimit.AVX2);
        assertThat(cpu.key()).isEqualTo("amd-f26m2-avx512@avx2");
        assertThat(cpu.describe()).containsEntry("label", "this CPU limited to AVX2").containsEntry("isaLimit", "avx2");
        CpuKey key = CpuKey.parse(cpu.key());
        assertThat(key.effectiveIsa()).isEqualTo("avx2");
        assertThat(key.sameVendorAndWidth(CpuKey.parse("amd-f23m49-avx2"))).isTrue();
        assertThat(CpuKey.parse("intel-f6m143-avx512@128").effectiveIsa()).isEqualTo("sse");
        assertThat(IsaLimit.SSE.jvmFlags()).containsExactly("-XX:UseAVX=0");
        assertThat(IsaLimit.V128.jvmFlags()).containsExactly("-XX:MaxVectorSize=16");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> IsaLimit.fromId("avx1"))
                .hasMessage("isa 'avx1' is not known; valid: avx2, sse, 128");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CpuIdentity.parseCpuinfo(ARM, 2)
                .withIsaLimit(IsaLimit.AVX2)).hasMessageContaining("needs an x86 CPU");
        assertThat(CpuIdentity.parseCpuinfo(ARM, 2).withIsaLimit(IsaLimit.V128).key()).isEqualTo("arm-i41pd40-sve@128");
    }

    @Test
    void everyKeyTheParserMakesIsWellFormed() {
        for (String text : new String[] {AMD, INTEL, INTEL_AVX2, ARM}) {
            assertThat(CpuKey.isValid(CpuIdentity.parseCpuinfo(text, 2).key())).isTrue();
        }
        assertThat(CpuKey.isValid(CpuIdentity.fromLegacy("AMD EPYC 9B14 96-Core Processor", Set.of(), 2).key())).isTrue();
        assertThat(CpuKey.isValid(CpuIdentity.current().key())).isTrue();
        assertThat(CpuKey.isValid("AMD EPYC")).isFalse();
        assertThat(CpuKey.isValid("amd-f26m2-avx1024")).isFalse();
    }

    @Test
    void cacheSizesFromSysfs(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String[][] caches = {{"1", "Data", "48K"}, {"1", "Instruction", "32K"}, {"2", "Unified", "1024K"}};
        for (int i = 0; i < caches.length; i++) {
            java.nio.file.Path index = java.nio.file.Files.createDirectories(dir.resolve("index" + i));
            java.nio.file.Files.writeString(index.resolve("level"), caches[i][0] + "\n");
            java.nio.file.Files.writeString(index.resolve("type"), caches[i][1] + "\n");
            java.nio.file.Files.writeString(index.resolve("size"), caches[i][2] + "\n");
        }
        assertThat(CpuIdentity.readCaches(dir)).containsEntry("L1d", "48K").containsEntry("L1i", "32K")
                .containsEntry("L2", "1024K").hasSize(3);
        assertThat(CpuIdentity.readCaches(dir.resolve("missing"))).isEmpty();
    }
}
