package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JMH's gc profiler on every run, and the async profiler's set-up, without running JMH. */
class ProfilersTest {

    @TempDir
    Path dir;

    @Test
    void gcIsAddedUnlessTheUserNamedIt() {
        assertThat(Profilers.effective(List.of(), null)).containsExactly("gc");
        assertThat(Profilers.effective(List.of("stack"), null)).containsExactly("stack", "gc");
        assertThat(Profilers.effective(List.of("gc", "stack"), null)).containsExactly("gc", "stack");
        assertThat(Profilers.effective(List.of("stack", "gc:churn=true"), null)).containsExactly("stack", "gc:churn=true");
        assertThat(Profilers.name(" async:event=wall")).isEqualTo("async");
    }

    @Test
    void platformsTheJarShipsAndOnesItDoesNot() {
        assertThat(AsyncProfilerLibrary.platform("Linux", "amd64")).isEqualTo("linux-x64");
        assertThat(AsyncProfilerLibrary.platform("Linux", "aarch64")).isEqualTo("linux-arm64");
        assertThat(AsyncProfilerLibrary.platform("Mac OS X", "aarch64")).isEqualTo("macos");
        assertThat(AsyncProfilerLibrary.platform("Mac OS X", "x86_64")).isEqualTo("macos");
        assertThat(AsyncProfilerLibrary.platform("Windows 11", "amd64")).isNull();
        assertThat(AsyncProfilerLibrary.platform("Linux", "ppc64le")).isNull();
        assertThat(AsyncProfilerLibrary.platform("FreeBSD", "amd64")).isNull();
    }

    @Test
    void unsupportedPlatformFailsAtOnceNamingIt() {
        String os = System.getProperty("os.name");
        try {
            System.setProperty("os.name", "Windows 11");
            assertThatThrownBy(() -> BenchOptions.parse("--prof", "gc,async"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no library for this platform (Windows 11 " + System.getProperty("os.arch") + ")")
                    .hasMessageContaining(AsyncProfilerLibrary.SHIPPED)
                    .hasMessageNotContaining("\n");
        } finally {
            System.setProperty("os.name", os);
        }
    }

    @Test
    void extractsTheLibraryOfThisPlatformOnce() throws Exception {
        if (AsyncProfilerLibrary.platform(System.getProperty("os.name"), System.getProperty("os.arch")) == null) {
            return; // the test above covers platforms without a library
        }
        Path lib = AsyncProfilerLibrary.extract(dir);
        assertThat(lib).isRegularFile().hasFileName("libasyncProfiler.so");
        assertThat(Files.size(lib)).isGreaterThan(100_000);
        assertThat(lib.toString()).contains(AsyncProfilerLibrary.version()).doesNotContain("unknown");
        // A time no write can give the file: a rewrite, at any file-system time granularity, changes it.
        FileTime marked = FileTime.from(Instant.parse("2001-02-03T04:05:06Z"));
        Files.setLastModifiedTime(lib, marked);
        Object identity = Files.readAttributes(lib, BasicFileAttributes.class).fileKey();
        assertThat(AsyncProfilerLibrary.extract(dir)).isEqualTo(lib);
        assertThat(Files.getLastModifiedTime(lib)).as("reused, not rewritten").isEqualTo(marked);
        assertThat(Files.readAttributes(lib, BasicFileAttributes.class).fileKey()).as("not replaced").isEqualTo(identity);

        // The check can fail: a copy of another size (a truncated one) is replaced by the jar's.
        long size = Files.size(lib);
        Files.write(lib, new byte[] {1, 2, 3});
        Files.setLastModifiedTime(lib, marked);
        assertThat(AsyncProfilerLibrary.extract(dir)).isEqualTo(lib);
        assertThat(Files.size(lib)).isEqualTo(size);
        assertThat(Files.getLastModifiedTime(lib)).as("rewritten").isNotEqualTo(marked);
    }

    @Test
    void eventFallsBackWithOneNoteAndFailsWhenNoneStarts() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        assertThat(FlameGraphs.chooseEvent(e -> true, out)).isEqualTo("cpu");
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(FlameGraphs.chooseEvent(Set.of("itimer", "wall")::contains, out)).isEqualTo("itimer");
        assertThat(bytes.toString(StandardCharsets.UTF_8).lines()).hasSize(1).first().asString()
                .contains("cannot sample the cpu event").contains("itimer");
        assertThatThrownBy(() -> FlameGraphs.chooseEvent(e -> false, out)).hasMessageContaining("event=NAME");
    }

    @Test
    void theUsersAsyncOptionsAreKeptAndTheRestFilledIn() {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
        // libPath and event given: nothing is extracted or probed.
        FlameGraphs f = FlameGraphs.prepare("async:event=wall;libPath=/opt/ap/lib.so;interval=1ms", dir.resolve("reports"),
                "20261201T000000Z-jdk17", quiet);
        Map<String, String> o = FlameGraphs.options(f.spec());
        assertThat(f.spec()).startsWith("async:event=wall;");
        assertThat(o).containsEntry("event", "wall").containsEntry("libPath", "/opt/ap/lib.so").containsEntry("interval", "1ms")
                .containsEntry("output", "flamegraph").containsEntry("direction", "forward")
                .containsEntry("dir", dir.resolve("reports").resolve("flamegraphs").resolve("20261201T000000Z-jdk17").toString());
        assertThat(Profilers.effective(List.of("async:event=wall"), f)).containsExactly(f.spec(), "gc");
        assertThat(FlameGraphs.options("async")).isEmpty();
    }

    @Test
    void onThisMachineTheDefaultsResolveALibraryAndAnEvent() {
        if (AsyncProfilerLibrary.platform(System.getProperty("os.name"), System.getProperty("os.arch")) == null) {
            return;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FlameGraphs f = FlameGraphs.prepare("async", dir, "run", new PrintStream(bytes, true, StandardCharsets.UTF_8));
        Map<String, String> o = FlameGraphs.options(f.spec());
        assertThat(Path.of(o.get("libPath"))).isRegularFile();
        assertThat(FlameGraphs.EVENTS).contains(f.event());
        assertThat(o.get("event")).isEqualTo(f.event());
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("flame graphs: async-profiler", "event " + f.event());
    }
}
