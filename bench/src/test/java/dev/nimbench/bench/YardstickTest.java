package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.platform.IsaLimit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The yardstick beside a run: found beside the repository, run with the vector width of the run
 * (an AVX2-limited run gets the anchor's AVX2 build), and absent where no like-for-like build exists.
 * A stand-in script prints the build target it was given, as the native anchor's {@code run} reads it.
 */
class YardstickTest {

    @TempDir
    Path tmp;

    private Path repoWithAnchor() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        Path run = Files.createDirectories(tmp.resolve("shared/anchors")).resolve("run");
        Files.writeString(run, "#!/bin/sh\necho \"march ${ANCHOR_MARCH:-native} isa ${NIMBENCH_ISA:-none} $1 $2"
                + " median 12.5 ms (min 12.0)\"\n");
        Files.setPosixFilePermissions(run, PosixFilePermissions.fromString("rwxr-xr-x"));
        return repo;
    }

    @Test
    void anUnlimitedRunMeasuresTheAnchorAsBuiltForThisCpu() throws Exception {
        Yardstick y = Yardstick.resolve(null, repoWithAnchor(), 2, null);
        assertThat(y).isNotNull();
        assertThat(y.command()).endsWith("shared/anchors/run warm 2").doesNotContain("ANCHOR_MARCH");
        Map<String, Object> m = y.measure();
        assertThat(m).containsEntry("medianMs", 12.5);
        assertThat((String) m.get("output")).startsWith("march native isa none warm 2");
    }

    @Test
    void anAvx2LimitedRunMeasuresTheAnchorsAvx2Build() throws Exception {
        Yardstick y = Yardstick.resolve(null, repoWithAnchor(), 2, IsaLimit.AVX2);
        assertThat(y.command()).startsWith("ANCHOR_MARCH=x86-64-v3 NIMBENCH_ISA=avx2 ").endsWith("run warm 2");
        Map<String, Object> m = y.measure();
        assertThat(m).containsEntry("medianMs", 12.5);
        assertThat((String) m.get("output")).startsWith("march x86-64-v3 isa avx2 warm 2");
    }

    @Test
    void aLimitTheAnchorCannotBuildGetsNoDefaultYardstickAndSaysWhy() throws Exception {
        Path repo = repoWithAnchor();
        for (IsaLimit l : new IsaLimit[] {IsaLimit.SSE, IsaLimit.V128}) {
            assertThat(Yardstick.resolve(null, repo, 2, l)).as(l.id()).isNull();
            assertThat(Yardstick.unavailable(l)).contains(l.describe(), "-Djmh.yardstick=PATH");
        }
        assertThat(Yardstick.unavailable(null)).isNull();
        assertThat(Yardstick.unavailable(IsaLimit.AVX2)).isNull();
        // one given explicitly still runs, with the limit in its environment
        Path given = tmp.resolve("shared/anchors/run");
        Yardstick y = Yardstick.resolve(given.toString(), repo, 2, IsaLimit.SSE);
        assertThat((String) y.measure().get("output")).startsWith("march native isa sse");
    }

    @Test
    void noneDisablesItAndAPathThatIsNotExecutableIsOneLine() throws Exception {
        Path repo = repoWithAnchor();
        assertThat(Yardstick.resolve("none", repo, 2, null)).isNull();
        assertThat(Yardstick.resolve(null, Files.createDirectories(tmp.resolve("elsewhere/repo")), 2, null)).isNull();
        assertThatThrownBy(() -> Yardstick.resolve(tmp.resolve("missing").toString(), repo, 2, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not an executable file; valid:");
    }
}
