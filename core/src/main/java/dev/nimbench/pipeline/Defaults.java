package dev.nimbench.pipeline;

import dev.nimbench.distribution.Problem;
import java.util.List;

/**
 * The default configuration: per stage, variant ids from fastest to slowest as measured (the
 * lead retunes these lists from the benchmark report). The first id that is registered, available
 * in this JVM and accepts the modulus is chosen; when none is, the registry's first available
 * constant (its baseline) is. Every id must be registered ({@code DefaultsTest} checks it), so
 * that renaming or removing a variant cannot silently drop it from the defaults.
 */
final class Defaults {

    static final List<String> TRANSFORM =
            List.of("vector-forkjoin", "forkjoin", "vector", "blocked", "lazy-long", "scalar-mod");
    static final List<String> MULTIPLIER = List.of("montgomery", "barrett", "plain");
    static final List<String> POWER =
            List.of("vector-montgomery-forkjoin", "vector-montgomery", "forkjoin", "scalar");
    /** The combine is chosen by the modulus: wht needs it odd, repeated-squaring does not. */
    static final List<String> COMBINE_ODD =
            List.of("fused-vector-dist-wht", "wht", "fused-vector-wht", "repeated-squaring");
    static final List<String> COMBINE_EVEN = List.of("repeated-squaring");

    private Defaults() {
    }

    static List<String> distribution(Problem problem) {
        switch (problem) {
            case CARD_STACKING:
                return List.of("vector-tail-sum-recurrence", "tail-sum-recurrence", "tau-recurrence", "per-k-tail-sums");
            case DIVISOR_GAME:
                return List.of("omega-sieve", "signature-memo");
            default:
                throw new IllegalStateException("no defaults for " + problem);
        }
    }

    /** Default parallelism: every core this JVM sees, within {@link Configuration#MAX_THREADS}. */
    static int threads() {
        return Math.min(Runtime.getRuntime().availableProcessors(), Configuration.MAX_THREADS);
    }
}
