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
}
