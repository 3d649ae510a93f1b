package dev.nimbench.platform;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The JVM options every process that runs the vector kernels gets: {@code
 * -XX:PerMethodRecompilationCutoff=10000 -XX:PerMethodTrapLimit=10000} ({@link #OPTIONS}). Without
 * them some processes compile a Vector API kernel <b>boxed for their whole life</b> (3-15× slower,
 * gigabytes of garbage per call): about 1 in 20 on JDK 25 with the masked kernels, 4 in 27 on JDK 17
 * with the FMA pass 2 on one thread (Intel Xeon family 6 model 207) (docs/findings/01-jit-trap-limits.md; the log: docs/journal/performance-log.md, "2026-12-02, seventh session: why some
 * processes compile a kernel boxed"). How that happens, read from {@code -XX:+LogCompilation}:
 * <ol>
 *   <li>C2 parses about 400 nodes per inlined Vector API call. Past 18 000 nodes in one compile
 *       ({@code NodeCountInliningCutoff}, fixed in product builds) it stops inlining at parse time
 *       and inlines the remaining calls late. The chain kernels have 60-120 calls (eight chains
 *       hide the multiply latency), so their later calls are all inlined late.</li>
 *   <li>A call inlined late whose receiver was itself the result of a late call sees only the
 *       declared type ({@code LongVector}, {@code DoubleVector}), so C2 must speculate on the exact
 *       class from the type profile and guard it with an uncommon trap.</li>
 *   <li>C2 places no such trap once a limit is reached, keeps a virtual call instead, the result
 *       loses its exact type, and every later operation of the chain is left as a call with boxed
 *       vectors, for as long as that compiled code lives. JDK 25 hit the limit on deoptimisations
 *       of the shared Vector API methods ({@code LongVector.add}, {@code and}, {@code mul}: 220-280
 *       in one {@code solve} process against half of {@code PerMethodRecompilationCutoff}, 201);
 *       JDK 17 the class-check traps counted over the whole compile (100, {@code
 *       PerMethodTrapLimit}). Which process crosses them depends on the order of compiles and
 *       late inlines.</li>
 * </ol>
 * With both raised far above those counts C2 keeps speculating with traps (measured on the Intel
 * Xeon: JDK 25, masked kernels, 0 boxed processes in 110 against 11 in 195; JDK 17, the FMA pass 2
 * on one thread, 0 in 60 against 4 in 27). The per-bytecode limits still apply, so a call site
 * that really sees several classes stops speculating as before. {@code bin/nimbench}, every
 * benchmark fork, the tests and the README's {@code java} command set them; {@code solve} says so
 * in one line when a vector kernel runs in a JVM without them.
 */
public final class JitGuard {

    /** HotSpot's flags the guard raises, each to {@link #VALUE}. */
    public static final List<String> FLAGS = List.of("PerMethodRecompilationCutoff", "PerMethodTrapLimit");
    /** The value set: far above the 220-280 deoptimisations and 100 traps a solve process reaches. */
    public static final int VALUE = 10_000;
    /** The options, as they are passed to {@code java}. */
    public static final List<String> OPTIONS = FLAGS.stream().map(f -> "-XX:" + f + "=" + VALUE).toList();

    private JitGuard() {
    }

    /**
     * Whether these values of {@link #FLAGS} hold the guard: each flag present is {@link #VALUE}
     * or more, or negative (HotSpot's "infinite" for the cutoff). A flag absent (not HotSpot)
     * leaves nothing to warn about.
     */
    static boolean holds(Map<String, Integer> values) {
        return values.values().stream().allMatch(v -> v < 0 || v >= VALUE);
    }

    /** The one line {@code solve} prints when a vector kernel runs in a JVM with these values of {@link #FLAGS}. */
    public static String warning(Map<String, Integer> values) {
        String now = FLAGS.stream().filter(values::containsKey).map(f -> f + "=" + values.get(f))
                .collect(Collectors.joining(", "));
        return "this JVM runs with " + now + ": in some processes C2 then compiles a vector kernel boxed"
                + " (3-15x slower); start java with " + String.join(" ", OPTIONS)
                + " (bin/nimbench and the benchmarks do; docs/findings/01-jit-trap-limits.md)";
    }
}
