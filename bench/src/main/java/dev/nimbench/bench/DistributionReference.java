package dev.nimbench.bench;

import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.distribution.Problem;
import dev.nimbench.exec.ExecutionContext;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Reference histograms for {@link DistributionBench}, as digests. The problem's baseline may be
 * far too slow at large n (brute force, per-k tail sums), so {@link BenchMain} computes the
 * reference while it calibrates sizes, with the first variant in registry order that handles that
 * n, cross-checks every other variant against it, and hands the digests to the forks in the system
 * property {@value #PROPERTY} ({@code problem@n=hex,...}). Without the property (unit tests, a
 * direct JMH run) the problem's baseline variant computes the reference.
 */
final class DistributionReference {

    static final String PROPERTY = "nimbench.reference.distribution";

    private DistributionReference() {
    }

    /** The reference digest of the histogram of {@code problem} at {@code n}. */
    static long expectedDigest(Problem problem, int n, ExecutionContext ctx) {
        OptionalLong given = fromProperty(System.getProperty(PROPERTY), problem, n);
        if (given.isPresent()) {
            return given.getAsLong();
        }
        return digest(BenchSupport.baseline(problem), n, ctx);
    }

    /** The digest of one variant's histogram at n. */
    static long digest(DistributionVariant variant, int n, ExecutionContext ctx) {
        GrundyDistribution d = variant.create();
        int[] out = new int[d.size(n)];
        d.histogram(n, out, ctx);
        return BenchSupport.digest(out, out.length);
    }

    static OptionalLong fromProperty(String value, Problem problem, int n) {
        if (value == null || value.isBlank()) {
            return OptionalLong.empty();
        }
        String key = key(problem, n);
        for (String entry : value.split(",")) {
            int eq = entry.indexOf('=');
            if (eq > 0 && entry.substring(0, eq).equals(key)) {
                return OptionalLong.of(Long.parseUnsignedLong(entry.substring(eq + 1), 16));
            }
        }
        return OptionalLong.empty();
    }

    /** The property value for these digests, keyed by {@link #key}. */
    static String format(Map<String, Long> digests) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Long> e : new TreeMap<>(digests).entrySet()) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(e.getKey()).append('=').append(Long.toHexString(e.getValue()));
        }
        return sb.toString();
    }

    static String key(Problem problem, Object nOrId) {
        return problem.id() + "@" + nOrId;
    }
}
