package dev.nimbench.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** jmh:ab's checks on its input: a revision that does not exist, a dirty tree, no work tree at all. */
class GitTest {

    @TempDir
    Path tmp;

    private static void git(Path dir, String... args) throws Exception {
        String[] cmd = new String[args.length + 3];
        cmd[0] = "git";
        cmd[1] = "-C";
        cmd[2] = dir.toString();
        System.arraycopy(args, 0, cmd, 3, args.length);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor()).as(String.join(" ", cmd)).isZero();
    }

    private Path repo() throws Exception {
        Path r = Files.createDirectories(tmp.resolve("repo"));
        git(r, "init", "-q");
        git(r, "config", "user.email", "t@example.org");
        git(r, "config", "user.name", "t");
        Files.writeString(r.resolve("a.txt"), "1");
        git(r, "add", "a.txt");
        git(r, "commit", "-q", "-m", "one");
        return r;
    }

    @Test
    void aRevisionResolvesToItsCommitAndAnUnknownOneIsNamed() throws Exception {
        Git git = new Git(repo());
        git.requireWorkTree();
        assertThat(git.commit("jmh.baseline", "HEAD")).matches("[0-9a-f]{40}");
        assertThatThrownBy(() -> git.commit("jmh.baseline", "no-such-rev"))
                .isInstanceOf(MojoFailureException.class)
                .hasMessageStartingWith("jmh.baseline=no-such-rev is not a revision of ")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> git.commit("jmh.candidate", "--all"))
                .hasMessageStartingWith("jmh.candidate='--all' is not a git revision");
    }

    @Test
    void aBranchOfAFreshCloneResolvesThroughItsRemote() throws Exception {
        Path origin = repo();
        git(origin, "branch", "side");
        String side = new Git(origin).commit("jmh.baseline", "side");
        Path clone = tmp.resolve("clone");
        Process p = new ProcessBuilder("git", "clone", "-q", origin.toString(), clone.toString())
                .redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor()).isZero();
        assertThat(new Git(clone).commit("jmh.baseline", "side")).isEqualTo(side);
    }

    @Test
    void changesToTrackedFilesMakeTheTreeDirtyUntrackedOnesDoNot() throws Exception {
        Path r = repo();
        Git git = new Git(r);
        Files.writeString(r.resolve("new.txt"), "untracked");
        assertThat(git.dirty()).isFalse();
        Files.writeString(r.resolve("a.txt"), "2");
        assertThat(git.dirty()).isTrue();
    }

    @Test
    void aFolderOutsideAnyWorkTreeIsRefusedInOneLine() throws IOException {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        // GIT_CEILING_DIRECTORIES is not settable from here; the temp folder is outside any repository on CI.
        assertThatThrownBy(() -> new Git(plain).requireWorkTree())
                .isInstanceOf(MojoFailureException.class)
                .hasMessageStartingWith("jmh:ab needs a git work tree: " + plain + " is not one")
                .hasMessageNotContaining("\n");
    }
}
