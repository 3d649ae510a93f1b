package dev.nimbench.config;

import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.LaneForm;
import dev.nimbench.platform.Platform;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The built-in defaults: per stage, variant ids from fastest to slowest as measured (the lead
 * retunes these lists from the benchmark report). The first id that is registered, available in
 * this JVM and fits is chosen; when none is, the registry's first available constant that fits
 * is. Every id must be registered ({@code DefaultsTest} checks it), so that renaming or removing a
 * variant cannot silently drop it from the defaults.
 *
 * <p><b>The lists follow the JVM's own view of the CPU</b> ({@link Platform}: HotSpot's flags, read
 * once), through the {@linkplain LaneForm lane form} chosen from its capabilities
 * (docs/lane-arithmetic.md):
 * <ul>
 *   <li>{@link LaneForm#PLAIN} (AVX-512 on AMD, where {@code vpmullq} is fast): the 64-bit lane
 *       Montgomery kernels first (measured on AMD EPYC Zen 4 and Zen 5), the form whose quotient
 *       comes from a 32-bit lane multiply ({@code -q32}) ahead of the plain one: power sum 2^24 on
 *       AMD Zen 5, 8 interleaved forks, 0.74x (JDK 17, p = 0.002) and 0.89x (JDK 25) of its time;
 *       the fused pipeline 0.95x / 0.91x, not significant (results/q32-amd-20261202T1050Z); and
 *       of the two, the one with sixteen chains in flight ({@code -q32-wide}) ahead of eight; on
 *       JDK 24+ its fused combine with the unsigned-minimum transform passes ({@code -umin}) first:
 *       card stacking at 10^7 on AMD Zen 5, JDK 25, faster in 6 of 6 interleaved process pairs
 *       (0.975) and in JMH forks (results/fused-umin-amd-20261203T0620Z);</li>
 *   <li>{@link LaneForm#MASKED} (AVX-512 on Intel and every AVX2 machine with JDK 24+: {@code vpmuludq}, measured on an
 *       Intel Xeon, JDK 25: 7.9 ms against 10.7 for FMA and 16.1 for vpmullq; and any machine with
 *       neither a fast 64-bit lane multiply nor hardware FMA): the masked kernels first, but for
 *       the fused combine with the distribution, whose pass 2 runs faster on the FMA kernel
 *       ({@link #combineOdd});</li>
 *   <li>{@link LaneForm#FMA} (no fast 64-bit lane multiply, hardware FMA: AVX-512 Intel before
 *       JDK 24, JDK 17: 11.7 ms against 16.9 masked and 18.9 vpmullq; every AVX2 machine before JDK 24, the
 *       Intel Xeon limited to AVX2, JDK 17: {@code vector-fma-forkjoin} 7.43 ms against 16.44
 *       masked and 16.66 plain; NEON and SVE): the FMA kernels first.</li>
 * </ul>
 * <b>Sixteen vector registers</b> ({@link Platform#vectorRegisters()}: x86 without AVX-512) change
 * the order within the masked and FMA forms: the power kernels shaped for them ({@code -reload}:
 * bases read again where they are multiplied, one branch per step) and their fused combines come
 * first, and the FMA distribution ({@code vector-tail-sum-recurrence-fma}, {@link #distribution})
 * leads on every JDK. Measured on AMD EPYC
 * family 25 model 1 (Zen 3, AVX2, {@code amd-f25m1-avx2}), 2 threads, card stacking at 10^7,
 * {@code solve --repeat 7}, one process per configuration, rounds interleaved
 * (results/reload-amd-f25m1-avx2-20261203): JDK 25, power 2^24 {@code vector-fma-reload-forkjoin}
 * 72 ms against 132 for {@code vector-fma-forkjoin}, {@code vector-montgomery-masked-reload-forkjoin}
 * 61-71 against 93 masked; the masked vector distribution 82 ms against 134 (plain) and 126
 * (scalar); the pipeline {@code fused-vector-dist-wht-masked-reload} with the masked distribution
 * 151 ms against 290 for the previous default. JDK 17: the scalar distribution 110 ms in JMH
 * against 206 for the vector one (results/20261203T124902Z-jdk17.json), and the pipeline
 * {@code fused-vector-dist-wht-fma-reload} with it 275 ms against 370; then the FMA distribution
 * took the default to 199.9 ms in JMH (results/20261203T171208Z-jdk17.json; 269.6 before).
 * FMA variants are left out of every list without hardware FMA ({@code -XX:-UseFMA},
 * {@code -XX:UseAVX=0}): there {@code DoubleVector.fma} is software, orders of magnitude slower.
 * Where vector code is not compiled to vector instructions ({@code -Xint}, C1 only, no
 * {@code jdk.incubator.vector}, vectors under 128 bits) the scalar variants come first. Measured
 * per-CPU recommendations, where they exist, are layers above these ({@link ConfigSource}).
 */
public final class Defaults {

    /** The first JDK whose C2 turns a LongVector multiply of 32-bit-masked operands into vpmuludq (JDK-8341137). */
    static final int VPMULUDQ_JDK = LaneForm.VPMULUDQ_JDK;

    /**
     * What the built-in lists depend on: the lane form chosen for this platform and the rule, and
     * the JDK feature release (a variant that needs a newer one is left out, not warned about).
     */
    record Basis(LaneForm.Choice choice, int jdk, boolean sixteenRegisters) {

        /** This process's basis, decided once. */
        static Basis current() {
            return Holder.CURRENT;
        }

        /** The basis of a platform, with the {@code -Dnimbench.lanes} override (null: none). */
        static Basis of(Platform platform, String override) {
            return new Basis(LaneForm.choose(platform, override), platform.jdkFeature(), platform.vectorRegisters() <= 16);
        }

        LaneForm form() {
            return choice.form();
        }

        /** E.g. {@code built-in defaults, lanes=fma: no fast 64-bit lane multiply ... (AVX-512 (512-bit) on intel, JDK 17, C2, hardware FMA)}. */
        String describe() {
            return "built-in defaults, " + choice.rule() + (sixteenRegisters && choice.compiledVectors()
                    ? "; 16 vector registers: the -reload kernels first" : "");
        }
    }

    private static final class Holder {
        static final Basis CURRENT = Basis.of(Platform.current(), System.getProperty(LaneForm.PROPERTY));
    }

    public static final List<String> MULTIPLIER = List.of("montgomery", "barrett", "plain");
    public static final List<String> TRANSFORM = transform(Basis.current());
    public static final List<String> POWER = power(Basis.current());
    /** The combine is chosen by the modulus: wht needs it odd, repeated-squaring does not. */
    public static final List<String> COMBINE_ODD = combineOdd(Basis.current());
    static final List<String> COMBINE_EVEN = List.of("repeated-squaring");

    private Defaults() {
    }

    /** Which built-in lists this process uses and why ({@code solve --json} prints it). */
    public static String describe() {
        return Basis.current().describe();
    }

    /** What a stage set by the built-in defaults names as its source, e.g. {@code built-in defaults, lanes=fma}. */
    static String source() {
        return "built-in defaults, lanes=" + Basis.current().form().id();
    }

    /** The lane form this process's defaults use, and the rule that chose it. */
    public static LaneForm.Choice lanes() {
        return Basis.current().choice();
    }

    static List<String> transform(Basis basis) {
        return adapt(basis, runnable(TransformVariant.class, basis,
                List.of("vector-forkjoin", "forkjoin", "vector", "autovec", "blocked", "lazy-long", "scalar-mod")),
                id -> vector(TransformVariant.class, id) || autoVectorized(id), id -> false);
    }

    /** The power-sum preference for a basis: the lane-multiply technique that is fastest there first. */
    static List<String> power(Basis basis) {
        List<String> list;
        switch (basis.form()) {
            case MASKED:
                list = basis.sixteenRegisters()
                        ? List.of("vector-montgomery-masked-reload-forkjoin", "vector-fma-reload-forkjoin",
                                "vector-montgomery-masked-forkjoin", "vector-fma-forkjoin", "vector-montgomery-forkjoin",
                                "vector-montgomery-q32-forkjoin", "vector-montgomery-q32-wide-forkjoin",
                                "vector-montgomery-masked-reload", "vector-fma-reload", "vector-montgomery-masked", "vector-fma",
                                "vector-montgomery", "vector-montgomery-q32", "vector-montgomery-q32-wide",
                                "autovec-montgomery-forkjoin", "autovec-montgomery", "forkjoin", "scalar")
                        : List.of("vector-montgomery-masked-forkjoin", "vector-fma-forkjoin", "vector-montgomery-masked-reload-forkjoin",
                                "vector-fma-reload-forkjoin", "vector-montgomery-forkjoin", "vector-montgomery-q32-forkjoin",
                                "vector-montgomery-q32-wide-forkjoin", "vector-montgomery-masked", "vector-fma",
                                "vector-montgomery-masked-reload", "vector-fma-reload", "vector-montgomery", "vector-montgomery-q32",
                                "vector-montgomery-q32-wide", "autovec-montgomery-forkjoin", "autovec-montgomery", "forkjoin", "scalar");
                break;
            case FMA:
                list = basis.sixteenRegisters()
                        ? List.of("vector-fma-reload-forkjoin", "vector-fma-forkjoin", "vector-montgomery-masked-reload-forkjoin",
                                "vector-montgomery-masked-forkjoin", "vector-montgomery-forkjoin", "vector-montgomery-q32-forkjoin",
                                "vector-montgomery-q32-wide-forkjoin", "vector-fma-reload", "vector-fma",
                                "vector-montgomery-masked-reload", "vector-montgomery-masked", "vector-montgomery",
                                "vector-montgomery-q32", "vector-montgomery-q32-wide", "autovec-montgomery-forkjoin",
                                "autovec-montgomery", "forkjoin", "scalar")
                        : List.of("vector-fma-forkjoin", "vector-fma-reload-forkjoin", "vector-montgomery-masked-forkjoin",
                                "vector-montgomery-masked-reload-forkjoin", "vector-montgomery-forkjoin",
                                "vector-montgomery-q32-forkjoin", "vector-montgomery-q32-wide-forkjoin", "vector-fma",
                                "vector-fma-reload", "vector-montgomery-masked", "vector-montgomery-masked-reload",
                                "vector-montgomery", "vector-montgomery-q32", "vector-montgomery-q32-wide",
                                "autovec-montgomery-forkjoin", "autovec-montgomery", "forkjoin", "scalar");
                break;
            default:
                list = List.of("vector-montgomery-q32-wide-forkjoin", "vector-montgomery-q32-forkjoin",
                        "vector-montgomery-forkjoin", "vector-montgomery-q32-wide", "vector-montgomery-q32",
                        "vector-montgomery", "vector-fma-forkjoin", "vector-fma", "vector-montgomery-masked-forkjoin",
                        "vector-montgomery-masked", "vector-fma-reload-forkjoin", "vector-fma-reload",
                        "vector-montgomery-masked-reload-forkjoin", "vector-montgomery-masked-reload",
                        "autovec-montgomery-forkjoin", "autovec-montgomery", "forkjoin", "scalar");
                break;
        }
        return adapt(basis, runnable(PowerVariant.class, basis, list), id -> vector(PowerVariant.class, id) || autoVectorized(id),
                id -> id.contains("fma"));
    }

    /**
     * The combine preference for an odd modulus and a basis. In the masked form (AVX-512 Intel,
     * JDK 24+) the fused combine with the distribution runs its pass 2 on the FMA kernel
     * ({@code fused-vector-dist-wht-fma}, the distribution staying masked): on the Intel Xeon,
     * JDK 25, card stacking at n = 10^7, 2 threads, its fork medians beat the masked default's in
     * all four default runs (118-145 ms against 143-206 at e62d611, 107-177 against 117-179 at
     * 709b825, 139-242 against 169-285 at c149abe, and bb2fd69's 0.898 [0.847, 0.992]); the
     * divisor game, which cannot fuse its distribution, keeps {@code wht} (no difference measured).
     * Without hardware FMA the FMA combine is left out and the masked one comes first.
     */
    static List<String> combineOdd(Basis basis) {
        List<String> list;
        switch (basis.form()) {
            case MASKED: // the FMA pass 2 first where it fuses the distribution: see combineOdd's comment
                list = basis.sixteenRegisters()
                        ? List.of("fused-vector-dist-wht-masked-reload", "fused-vector-dist-wht-fma-reload", "wht",
                                "fused-vector-dist-wht-fma", "fused-vector-dist-wht-masked", "fused-vector-wht-masked",
                                "repeated-squaring")
                        : List.of("fused-vector-dist-wht-fma", "fused-vector-dist-wht-masked", "wht", "fused-vector-wht-masked",
                                "repeated-squaring");
                break;
            case FMA:
                list = basis.sixteenRegisters()
                        ? List.of("fused-vector-dist-wht-fma-reload", "fused-vector-dist-wht-fma", "wht", "fused-vector-wht-fma",
                                "repeated-squaring")
                        : List.of("fused-vector-dist-wht-fma", "wht", "fused-vector-wht-fma", "repeated-squaring");
                break;
            default:
                list = List.of("fused-vector-dist-wht-q32-wide-umin", "fused-vector-dist-wht-q32-wide", "fused-vector-dist-wht-q32",
                        "fused-vector-dist-wht", "wht", "fused-vector-wht", "repeated-squaring");
                break;
        }
        return adapt(basis, runnable(CombineVariant.class, basis, list), id -> vector(CombineVariant.class, id),
                id -> id.contains("-fma"));
    }

    /** The distribution preference of a problem for this process's basis. */
    public static List<String> distribution(Problem problem) {
        return distribution(problem, Basis.current());
    }

    /**
     * The distribution preference of a problem for a basis. For card stacking with 16 vector
     * registers (AVX2) the FMA form first, on every JDK: its tables (one segment per double lane)
     * and binomials need neither a 64-bit lane multiply nor a cast that JDK 17 leaves uncompiled;
     * on AMD Zen 3, 2 threads, the JDK 17 default pipeline 199.9 ms against 269.6 (the scalar
     * distribution before: results/20261203T171208Z-jdk17.json, results/20261203T155151Z-jdk17.json);
     * on JDK 25 the same at 2 threads (166.3 against 168.7 ms, not significant) and 0.885x at 1
     * thread in interleaved forks (results/ab-20261203T170105Z/); the tables alone 20 ms against
     * 45 (results/fma-dist-amd-f25m1-avx2-20261203/). Elsewhere, in the masked form, the factorial
     * scans and binomials in the vpmuludq shape first (vpmullq is what made
     * {@code vector-tail-sum-recurrence} 2.6x the native yardstick on an Intel Xeon); else the
     * plain Montgomery lanes, 1.04-1.17x faster than the masked ones on AMD Zen 5
     * (docs/lane-arithmetic.md). Without FMA hardware the FMA form is left out.
     */
    static List<String> distribution(Problem problem, Basis basis) {
        switch (problem) {
            case CARD_STACKING:
                List<String> list = basis.sixteenRegisters() && basis.form() != LaneForm.MASKED
                        ? List.of("vector-tail-sum-recurrence-fma", "tail-sum-recurrence", "vector-tail-sum-recurrence",
                                "vector-tail-sum-recurrence-masked", "tau-recurrence", "per-k-tail-sums")
                        : basis.sixteenRegisters()
                        ? List.of("vector-tail-sum-recurrence-fma", "vector-tail-sum-recurrence-masked",
                                "vector-tail-sum-recurrence", "tail-sum-recurrence", "tau-recurrence", "per-k-tail-sums")
                        : basis.form() == LaneForm.MASKED
                        ? List.of("vector-tail-sum-recurrence-masked", "vector-tail-sum-recurrence", "tail-sum-recurrence",
                                "vector-tail-sum-recurrence-fma", "tau-recurrence", "per-k-tail-sums")
                        : List.of("vector-tail-sum-recurrence", "vector-tail-sum-recurrence-masked", "tail-sum-recurrence",
                                "vector-tail-sum-recurrence-fma", "tau-recurrence", "per-k-tail-sums");
                return adapt(basis, list, id -> DistributionVariant.forProblem(problem).stream()
                        .anyMatch(d -> d.id().equals(id) && d.usesVectorApi()), id -> id.endsWith("-fma"));
            case DIVISOR_GAME:
                return List.of("omega-sieve", "signature-memo");
            default:
                throw new IllegalStateException("no defaults for " + problem);
        }
    }

    /**
     * A measured list adapted to the basis: FMA variants dropped where they may not be chosen,
     * and the scalar variants moved before the vector ones (order kept within each) where vector
     * code is not compiled to vector instructions.
     */
    private static List<String> adapt(Basis basis, List<String> measured, Predicate<String> isVector,
            Predicate<String> isFma) {
        List<String> kept = new ArrayList<>();
        for (String id : measured) {
            if (basis.choice().allowFma() || !isFma.test(id)) {
                kept.add(id);
            }
        }
        if (basis.choice().compiledVectors()) {
            return List.copyOf(kept);
        }
        List<String> scalarFirst = new ArrayList<>(kept.stream().filter(isVector.negate()).toList());
        scalarFirst.addAll(kept.stream().filter(isVector).toList());
        return List.copyOf(scalarFirst);
    }

    /**
     * The {@code autovec} variants are plain Java that is vector code only once C2 has vectorized
     * it: where vectors are not compiled they rank with the Vector API variants, after the scalar ones.
     */
    private static boolean autoVectorized(String id) {
        return id.equals("autovec") || id.startsWith("autovec-");
    }

    /**
     * {@code ids} without the variants that need a newer JDK than the basis's (the unsigned-minimum
     * kernels: JDK 24): each list is written once, for every JDK, and a JDK 17 process does not
     * warn that it skipped the first entry.
     */
    private static <E extends Enum<E> & Variant> List<String> runnable(Class<E> registry, Basis basis, List<String> ids) {
        return ids.stream().filter(id -> {
            E e = variant(registry, id);
            return e == null || e.minimumJdk() <= basis.jdk();
        }).toList();
    }

    private static <E extends Enum<E> & Variant> boolean vector(Class<E> registry, String id) {
        E e = variant(registry, id);
        return e != null && e.usesVectorApi();
    }

    /** The registered variant with this id, or null (DefaultsTest checks that every listed id is registered). */
    private static <E extends Enum<E> & Variant> E variant(Class<E> registry, String id) {
        for (E e : registry.getEnumConstants()) {
            if (e.id().equals(id)) {
                return e;
            }
        }
        return null;
    }

    /**
     * The one-shot configuration of a problem: what a single {@code solve} in a fresh JVM runs
     * fastest, as measured cold (docs/cold-start.md): one thread, the scalar distribution (C1 and
     * the interpreter run it well while the JIT is still busy; the vector form runs boxed until C2
     * has compiled it), and the transform and power sum in plain loops that C2 vectorizes after
     * one short compile ({@code autovec}, {@code autovec-montgomery}: no boxed phase, and no
     * pre-warm of a Vector API kernel competing with the distribution for the second core).
     * 2026-12-02, AMD Zen 5, JDK 25, interleaved cold processes: the autovec power sum 1.28 s
     * median against 1.91 s with the pre-warmed vector one (five each, loaded host), then the
     * autovec transform 1.02 s against 1.09 s with the blocked one (five each).
     * The stages it leaves unset keep the built-in defaults.
     */
    public static Configuration oneShot(Problem problem) {
        Map<Problem, String> distribution = switch (problem) {
            case CARD_STACKING -> Map.of(problem, "tail-sum-recurrence");
            case DIVISOR_GAME -> Map.of();
        };
        return new Configuration(distribution, "autovec", null, "autovec-montgomery", "wht", 1);
    }

    /** Default parallelism: every core this JVM sees, within {@link Configuration#MAX_THREADS}. */
    public static int threads() {
        return Math.min(Runtime.getRuntime().availableProcessors(), Configuration.MAX_THREADS);
    }
}
