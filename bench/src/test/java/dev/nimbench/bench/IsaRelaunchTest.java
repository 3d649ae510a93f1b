package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.platform.IsaLimit;
import java.util.List;
import org.junit.jupiter.api.Test;

class IsaRelaunchTest {

    @Test
    void theRelaunchKeepsTheJvmOptionsAndArgumentsAndAddsTheLimitsFlags() {
        List<String> c = IsaRelaunch.command("/jdk/bin/java", List.of("--add-modules=jdk.incubator.vector", "-Xmx2g"),
                IsaLimit.AVX2, "a.jar:b.jar", new String[] {"--isa", "avx2", "--profile", "quick"});
        assertThat(c).containsExactly("/jdk/bin/java", "--add-modules=jdk.incubator.vector", "-Xmx2g", "-XX:UseAVX=2",
                "-D" + IsaRelaunch.RELAUNCHED + "=true", "-cp", "a.jar:b.jar", BenchMain.class.getName(),
                "--isa", "avx2", "--profile", "quick");
    }

    @Test
    void onlyAnIsaOptionThatParsesAsksForARelaunch() {
        assertThat(IsaRelaunch.requested(new String[] {"--profile", "quick"})).isNull();
        assertThat(IsaRelaunch.requested(new String[] {"--isa", "avx9"})).isNull(); // the harness reports it
        if (System.getProperty("os.arch", "").contains("64") && !System.getProperty("os.arch").startsWith("aarch")) {
            assertThat(IsaRelaunch.requested(new String[] {"--isa", "avx2"})).isEqualTo(IsaLimit.AVX2);
        }
    }

    @Test
    void aJvmWithoutLimitingFlagsIsNotLimited() {
        // The test JVM runs without -XX:UseAVX or MaxVectorSize flags (the build's surefire options)
        assertThat(IsaRelaunch.limitOfThisJvm()).isNull();
    }
}
