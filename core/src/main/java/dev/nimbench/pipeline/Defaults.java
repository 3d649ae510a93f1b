package dev.nimbench.pipeline;

import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.CpuIdentity;
import java.util.List;
import java.util.Map;

/**
 * The default configuration: per stage, variant ids from fastest to slowest as measured (the
 * lead retunes these lists from the benchmark report). The first id that is registered, available
 * in this JVM and accepts the modulus is chosen; when none is, the registry's first available
 * constant (its baseline) is. Every id must be registered ({@code DefaultsTest} checks it), so
 * that renaming or removing a variant cannot silently drop it from the defaults.
 *
 * <p><b>The lists depend on the CPU and the JDK</b> ({@link Basis}, detected once per process:
 * {@link CpuIdentity#current()}'s vendor and {@code Runtime.version().feature()}), because the
 * stages that multiply in vector lanes are fastest in different forms (docs/lane-arithmetic.md):
 * <ul>
 *   <li><b>Intel</b>: {@code LongVector.mul} is {@code vpmullq}, 3 uops and about 15 cycles of
 *       latency. On JDK 24+ the masked Montgomery form compiles to {@code vpmuludq} (measured on
 *       an Intel Xeon, JDK 25: 7.9 ms against 10.7 for FMA and 16.1 for vpmullq); on older JDKs
 *       the double-lane FMA form is fastest (JDK 17: 11.7 against 16.9 masked, 18.9 vpmullq).</li>
 *   <li><b>AMD and every other CPU</b>: the lists measured on AMD EPYC (Zen 4 and Zen 5), where
 *       {@code vpmullq} is cheap and the plain Montgomery kernels stay first.</li>
 * </ul>
 * Measured per-CPU recommendations, where they exist, are applied on top of these built-in lists
 * by the configuration resolver's caller; these are the fallback.
 */
public final class Defaults {

    /** The first JDK whose C2 turns a LongVector multiply of 32-bit-masked operands into vpmuludq (JDK-8341137). */
    static final int VPMULUDQ_JDK = 24;

    /** What the built-in lists depend on: the CPU vendor and the JDK feature release. */
    record Basis(CpuIdentity.Vendor vendor, int jdkFeature) {

        /** This process's basis, detected once. */
        static Basis current() {
            return Holder.CURRENT;
        }

        /** Whether the Intel lists apply (the others use the AMD-measured ones). */
        boolean intel() {
            return vendor == CpuIdentity.Vendor.INTEL;
        }

        /** Whether C2 emits vpmuludq for the masked Montgomery kernels. */
        boolean vpmuludq() {
            return jdkFeature >= VPMULUDQ_JDK;
        }

        /** E.g. {@code built-in defaults for intel, JDK 25}. */
        String describe() {
            String cpu = intel() || vendor == CpuIdentity.Vendor.AMD ? vendor.id()
                    : vendor.id() + " (the lists measured on amd)";
            return "built-in defaults for " + cpu + ", JDK " + jdkFeature;
        }
    }

    private static final class Holder {
        static final Basis CURRENT = new Basis(CpuIdentity.current().vendor(), Runtime.version().feature());
    }

    static final List<String> TRANSFORM =
            List.of("vector-forkjoin", "forkjoin", "vector", "blocked", "lazy-long", "scalar-mod");
    static final List<String> MULTIPLIER = List.of("montgomery", "barrett", "plain");
    static final List<String> POWER = power(Basis.current());
    /** The combine is chosen by the modulus: wht needs it odd, repeated-squaring does not. */
    static final List<String> COMBINE_ODD = combineOdd(Basis.current());
    static final List<String> COMBINE_EVEN = List.of("repeated-squaring");

    private Defaults() {
    }

    /** Which built-in lists this process uses, e.g. {@code built-in defaults for amd, JDK 17} ({@code solve --json} prints it). */
    public static String describe() {
        return Basis.current().describe();
    }

    /** The power-sum preference for a basis: the lane-multiply technique that is fastest there first. */
    static List<String> power(Basis basis) {
        if (basis.intel() && basis.vpmuludq()) {
            return List.of("vector-montgomery-masked-forkjoin", "vector-fma-forkjoin", "vector-montgomery-forkjoin",
                    "vector-montgomery-masked", "vector-fma", "vector-montgomery", "forkjoin", "scalar");
        }
        if (basis.intel()) {
            return List.of("vector-fma-forkjoin", "vector-montgomery-masked-forkjoin", "vector-montgomery-forkjoin",
                    "vector-fma", "vector-montgomery-masked", "vector-montgomery", "forkjoin", "scalar");
        }
        return List.of("vector-montgomery-forkjoin", "vector-montgomery", "vector-fma-forkjoin", "vector-fma",
                "vector-montgomery-masked-forkjoin", "vector-montgomery-masked", "forkjoin", "scalar");
    }

    /** The combine preference for an odd modulus and a basis. */
    static List<String> combineOdd(Basis basis) {
        if (basis.intel() && basis.vpmuludq()) {
            return List.of("fused-vector-dist-wht-masked", "wht", "fused-vector-wht-masked", "repeated-squaring");
        }
        if (basis.intel()) {
            return List.of("fused-vector-dist-wht-fma", "wht", "fused-vector-wht-fma", "repeated-squaring");
        }
        return List.of("fused-vector-dist-wht", "wht", "fused-vector-wht", "repeated-squaring");
    }

    /** The distribution preference of a problem for this process's basis. */
    static List<String> distribution(Problem problem) {
        return distribution(problem, Basis.current());
    }

    /**
     * The distribution preference of a problem for a basis: for card stacking on Intel with JDK 24+
     * the factorial scans and binomials in the vpmuludq shape first (the same reasoning as for the
     * power sum: vpmullq is what made {@code vector-tail-sum-recurrence} 2.6x the native yardstick
     * on an Intel Xeon); elsewhere the plain Montgomery lanes, 1.04-1.17x faster than the masked ones on
     * AMD Zen 5 (docs/lane-arithmetic.md).
     */
    static List<String> distribution(Problem problem, Basis basis) {
        switch (problem) {
            case CARD_STACKING:
                if (basis.intel() && basis.vpmuludq()) {
                    return List.of("vector-tail-sum-recurrence-masked", "vector-tail-sum-recurrence", "tail-sum-recurrence",
                            "tau-recurrence", "per-k-tail-sums");
                }
                return List.of("vector-tail-sum-recurrence", "vector-tail-sum-recurrence-masked", "tail-sum-recurrence",
                        "tau-recurrence", "per-k-tail-sums");
            case DIVISOR_GAME:
                return List.of("omega-sieve", "signature-memo");
            default:
                throw new IllegalStateException("no defaults for " + problem);
        }
    }

    /**
     * The one-shot configuration of a problem: what a single {@code solve} in a fresh JVM runs
     * fastest, as measured cold (docs/cold-start.md): one thread, the scalar distribution and
     * transform (C1 and the interpreter run them well while the JIT is still busy; the vector
     * forms run boxed until C2 has compiled them) and the vector power sum (pre-warmed). The
     * stages it leaves unset keep the built-in defaults.
     */
    public static Configuration oneShot(Problem problem) {
        Map<Problem, String> distribution = switch (problem) {
            case CARD_STACKING -> Map.of(problem, "tail-sum-recurrence");
            case DIVISOR_GAME -> Map.of();
        };
        return new Configuration(distribution, "blocked", null, null, "wht", 1);
    }

    /** Default parallelism: every core this JVM sees, within {@link Configuration#MAX_THREADS}. */
    static int threads() {
        return Math.min(Runtime.getRuntime().availableProcessors(), Configuration.MAX_THREADS);
    }
}
