package dev.nimbench.jmh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;

/** The few git commands {@code jmh:ab} needs; every failure is one line naming the value. */
final class Git {

    private final Path root;

    Git(Path root) {
        this.root = root;
    }

    /** Checks that git runs and {@code root} is inside a work tree. */
    void requireWorkTree() throws MojoFailureException {
        Result r = run("rev-parse", "--is-inside-work-tree");
        if (r.rc != 0 || !r.out.equals("true")) {
            throw new MojoFailureException("jmh:ab needs a git work tree: " + root + " is not one (git: " + r.firstLine() + ")");
        }
    }

    /**
     * The full commit id of {@code rev} (a branch that exists only as {@code origin/<rev>}, as in a fresh clone, too).
     *
     * @param property the property that named it, for the error
     */
    String commit(String property, String rev) throws MojoFailureException {
        if (rev == null || rev.isBlank() || rev.startsWith("-")) {
            throw new MojoFailureException(property + "='" + rev + "' is not a git revision; valid: a commit, branch or tag of " + root);
        }
        Result r = run("rev-parse", "--verify", "--quiet", rev.trim() + "^{commit}");
        if (r.rc != 0 || r.out.isEmpty()) {
            // a fresh clone has a branch only as origin/<branch> until it is checked out
            r = run("rev-parse", "--verify", "--quiet", "refs/remotes/origin/" + rev.trim() + "^{commit}");
        }
        if (r.rc != 0 || r.out.isEmpty()) {
            throw new MojoFailureException(property + "=" + rev + " is not a revision of " + root
                    + "; valid: a commit, branch or tag (git log --oneline lists them)");
        }
        return r.out;
    }

    /** Whether tracked files have uncommitted changes (untracked files do not count). */
    boolean dirty() throws MojoFailureException {
        Result r = run("status", "--porcelain", "--untracked-files=no");
        if (r.rc != 0) {
            throw new MojoFailureException("git status failed in " + root + ": " + r.firstLine());
        }
        return !r.out.isEmpty();
    }

    /** A detached work tree of {@code commit} at {@code dir} (an old one there is removed first). */
    void addWorktree(Path dir, String commit) throws MojoFailureException {
        run("worktree", "remove", "--force", dir.toString());
        run("worktree", "prune");
        Result r = run("worktree", "add", "--detach", dir.toString(), commit);
        if (r.rc != 0) {
            throw new MojoFailureException("git worktree add " + dir + " " + commit + " failed: " + r.firstLine());
        }
    }

    /** Removes a work tree made by {@link #addWorktree}. */
    void removeWorktree(Path dir) throws MojoFailureException {
        run("worktree", "remove", "--force", dir.toString());
    }

    Result run(String... args) throws MojoFailureException {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", root.toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return new Result(p.waitFor(), out);
        } catch (IOException e) {
            throw new MojoFailureException("jmh:ab needs git on the PATH: cannot run git (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoFailureException("interrupted while running git " + String.join(" ", args));
        }
    }

    record Result(int rc, String out) {
        String firstLine() {
            return out.isEmpty() ? "exit " + rc : out.lines().findFirst().orElse("");
        }
    }
}
