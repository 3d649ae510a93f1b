package dev.nimbench.simd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The 128- and 256-bit paths (4 and 8 int lanes: fewer in-register levels, other shuffles)
 * checked on this machine whatever its preferred width: {@link NarrowSpeciesCheck} runs in a
 * child JVM with {@code -Dnimbench.vector.bits}, because the species is fixed once per JVM.
 */
class NarrowSpeciesTest {

    @ParameterizedTest
    @ValueSource(ints = {128, 256})
    void vectorKernelsAreExactAtNarrowerWidths(int bits) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(List.of(java, "--add-modules=jdk.incubator.vector",
                "-D" + Species.BITS_PROPERTY + "=" + bits,
                "-cp", System.getProperty("java.class.path"), NarrowSpeciesCheck.class.getName()));
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        int expectedBits = Math.min(bits, Species.SHAPE.vectorBitSize());
        assertThat(out).as(out).contains("OK " + expectedBits + " ");
        assertThat(p.exitValue()).as(out).isZero();
    }
}
