package dev.nimbench.platform;

/**
 * The one JVM option every process that runs the vector kernels gets: {@value #OPTION}. Without it
 * about one process in twenty compiles a Vector API kernel <b>boxed for its whole life</b> (3-15×
 * slower, gigabytes of garbage per call; docs/performance.md, "2026-12-02, seventh session: why
 * some processes compile a kernel boxed"). How that happens, read from {@code -XX:+LogCompilation}:
 * <ol>
 *   <li>C2 parses about 400 nodes per inlined Vector API call. Past 18 000 nodes in one compile
 *       ({@code NodeCountInliningCutoff}, fixed in product builds) it stops inlining at parse time
 *       and inlines the remaining calls late. The chain kernels have 60-120 calls (eight chains
 *       hide the multiply latency), so their later calls are all inlined late.</li>
 *   <li>A call inlined late whose receiver was itself the result of a late call sees only the
 *       declared type ({@code LongVector}), so C2 must speculate on the exact class from the type
 *       profile and guard it with an uncommon trap.</li>
 *   <li>C2 stops placing such traps in a method once it has been deoptimised half of
 *       {@code PerMethodRecompilationCutoff} times (HotSpot's default 400, so 201). The Vector
 *       API's shared methods ({@code LongVector.add}, {@code and}, {@code mul}) are inlined into
 *       every kernel and collect every kernel's deoptimisations: 220-280 in one {@code solve}
 *       process. Whether the cascade starts depends on the order of the late inlines in that one
 *       compile; when it does, the guard keeps a virtual call, its result loses the exact type,
 *       every later operation in the chain is left as a call with boxed vectors
 *       ({@code unbox failed}), and the compiled code stays so.</li>
 * </ol>
 * Raising the cutoff far above those counts keeps C2 speculating (measured on the Intel Xeon,
 * JDK 25, {@code solve card-stacking 10000000 10000000 --repeat 5} with the masked kernels: 0 boxed
 * processes in 110 with it, 11 in 195 without). The trap limits per method and per bytecode
 * still apply, so a call site that really sees several classes stops speculating as before.
 * {@code bin/nimbench}, every benchmark fork, the tests and the README's {@code java} command set
 * it; {@code solve} says so in one line when a vector kernel runs in a JVM without it.
 */
public final class JitGuard {

    /** HotSpot's flag. */
    public static final String FLAG = "PerMethodRecompilationCutoff";
    /** The value set: far above the 220-280 deoptimisations a solve process's shared methods reach. */
    public static final int VALUE = 10_000;
    /** The option, as it is passed to {@code java}. */
    public static final String OPTION = "-XX:" + FLAG + "=" + VALUE;

    private JitGuard() {
    }

    /**
     * Whether a cutoff holds the guard: {@link #VALUE} or more, or -1 (HotSpot's "infinite").
     * {@code null} (not HotSpot: the flag is absent) holds nothing to warn about either: true.
     */
    static boolean holds(Integer cutoff) {
        return cutoff == null || cutoff < 0 || cutoff >= VALUE;
    }

    /** The one line {@code solve} prints when a vector kernel runs in a JVM whose cutoff is {@code cutoff}. */
    public static String warning(int cutoff) {
        return "this JVM runs with " + FLAG + "=" + cutoff + ": in about 1 process in 20 C2 then compiles a vector"
                + " kernel boxed (3-15x slower); start java with " + OPTION
                + " (bin/nimbench and the benchmarks do; docs/performance.md)";
    }
}
