package dev.nimbench.bench.report;

import dev.nimbench.platform.CpuIdentity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * Whether two result files may be compared row by row: the revision, CPU, profile and thread
 * count of both sides, from their metadata. A different revision, CPU or profile is a warning
 * line (comparing them may be the point: before/after, machine A/B); a different thread count is
 * a refusal, since the parallel variants then measure different work and every ratio would
 * mislead.
 *
 * @param warnings one line per difference worth a warning
 * @param refusal why the comparison is refused, or null
 */
public record Comparability(List<String> warnings, String refusal) {

    /** Checks {@code baseline} against {@code candidate}. */
    public static Comparability of(ResultFile baseline, ResultFile candidate) {
        List<String> warnings = new ArrayList<>();
        differ(warnings, "git revision", revision(baseline), revision(candidate));
        // the CPU: CompareMain.cpuDifference, which keys older files as the report does (RunSelection)
        differ(warnings, "profile", profile(baseline), profile(candidate));
        String refusal = null;
        int tb = threads(baseline);
        int tc = threads(candidate);
        if (tb > 0 && tc > 0 && tb != tc) {
            refusal = "thread counts differ (" + baseline.name() + ": " + tb + ", " + candidate.name() + ": " + tc
                    + "); rerun one side with -Djmh.threads=" + tb + " to compare them";
        }
        return new Comparability(List.copyOf(warnings), refusal);
    }

    private static void differ(List<String> out, String what, String a, String b) {
        if (a != null && b != null && !a.equals(b)) {
            out.add("WARNING: the two sides differ in " + what + ": " + a + " against " + b);
        } else if (a == null ^ b == null) {
            out.add("WARNING: " + what + " is recorded for one side only (" + (a == null ? b : a) + ")");
        }
    }

    /** The git revision without the {@code -dirty} mark, or null. */
    static String revision(ResultFile f) {
        String r = f.meta().first("gitRevision");
        return r == null ? null : r.replace("-dirty", "");
    }

    /** The profile (default, quick), or null. */
    static String profile(ResultFile f) {
        return f.meta().first("profile");
    }

    /**
     * The CPU key of the metadata ({@code cpu.key}), or for older files the legacy key from the model
     * name and vector flags (as {@link CpuIdentity#fromLegacy} makes it); null when neither is there.
     */
    public static String cpuKey(ResultFile f) {
        String key = f.meta().first("cpu.key");
        if (key != null) {
            return key;
        }
        String model = f.meta().first("cpu.model");
        if (model == null) {
            return null;
        }
        String flags = Objects.requireNonNullElse(f.meta().first("cpu.vectorFlags"), "");
        return CpuIdentity.fromLegacy(model, new LinkedHashSet<>(Arrays.asList(flags.split("\\s+"))),
                f.meta().cores()).key();
    }

    /** The thread count the stage benchmarks were offered (meta {@code threads}), or -1. */
    public static int threads(ResultFile f) {
        String t = f.meta().first("threads");
        try {
            return t == null ? -1 : Integer.parseInt(t.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
