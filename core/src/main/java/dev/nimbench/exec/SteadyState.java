package dev.nimbench.exec;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * Warm-up until the JVM has settled: calls a kernel in windows of at least {@link Rule#windowMillis}
 * until windows in a row covering {@link Rule#quietWindows} × {@code windowMillis} were <em>quiet</em>
 * (three windows of 100 ms, or one 2nd call of 700 ms), or the {@link Rule#capMillis cap} (counted after the first window) is reached. A window is quiet when
 * <ul>
 * <li>the JIT finished no more than {@link #COMPILE_TOLERANCE} of the window's length in compilations
 *     during it ({@link CompilationMXBean#getTotalCompilationTime()}: code still being compiled,
 *     deoptimised or recompiled is not steady state, while the trickle of 0-7 ms of small tier-3/4
 *     compiles that a whole pipeline keeps finishing for tens of seconds at a flat time per call is),
 * <li>the calls allocated at most {@link Rule#maxBytesPerCall} bytes each, summed over every live
 *     thread (a Vector API kernel that runs boxed vectors, in the interpreter, C1 or a C2 compile
 *     without its intrinsics, allocates about 100 bytes per vector operation), and
 * <li>its time per call is at most {@code 1 + }{@link #TIME_TOLERANCE} times the fastest window's
 *     (the first window, with none before it to compare with, is never quiet).
 * </ul>
 * A compilation in progress does not move the counter until it finishes, so the quiet span
 * ({@code quietWindows × windowMillis}) must be longer than a long C2 compile of a vector kernel
 * on a busy machine (about 0.4 s measured on 2 cores). Anchors: Barrett et al., <i>Virtual
 * Machine Warmup Blows Hot and Cold</i> (OOPSLA 2017), forks that never settle; Traini et al.,
 * <i>Towards effective assessment of steady state performance in Java software</i> (EMSE 2023)
 * and Laaber et al. (ESEC/FSE 2020), stopping warm-up once steady state is reached. A kernel that
 * has not settled by the cap is a finding ({@link Outcome#settled()} false), not an error. The cap
 * ends a warm-up only after {@code quietWindows + 2} windows, so that a kernel whose call outlasts
 * a window (seconds per call) still gets the windows the rule needs.
 */
public final class SteadyState {

    /**
     * A window whose time per call is more than {@code 1 +} this times the fastest window's is not
     * quiet: code running 10-1000× slower (interpreted, boxed, a deoptimised loop) is caught,
     * while the 2-3× swings of a machine shared with other processes are not mistaken for warm-up
     * (measured: 100 ms windows at load 15-20 on 2 cores). A change of compiled code always ends a
     * compilation, which the JIT criterion sees.
     */
    public static final double TIME_TOLERANCE = 2.0;

    /**
     * A window counts as compiling when the JIT time finished in it is more than this fraction of
     * the window's length. Measured (a card-stacking pipeline at n = 10^7, 2 threads, one call of
     * about 330 ms per window on the 2-core Intel Xeon family 6 model 207 at load 3-5, JDK 17 and 25,
     * 80 windows: results/settle-trace-20261201T1837Z/): after the
     * kernels' C2 compiles (40-450 ms each, the time per call dropping 17×) the JIT kept finishing
     * 0-7 ms in most windows up to 33 s, at a flat time per call, for rarely called methods and
     * JDK internals. Under the former rule (any growth) such a fork waited for three empty windows
     * in a row by chance and hit the cap (9 of 72 pipeline forks unsettled on JDK 25 in the quiet
     * default run {@code results/20261201T173543Z-jdk25.json}). A vector kernel's own C2 compile
     * (tens to hundreds of ms) is far above 5% of a 100 ms window.
     */
    public static final double COMPILE_TOLERANCE = 0.05;

    /**
     * When a kernel counts as settled.
     *
     * @param windowMillis least length of one window, ms (a window holds at least one call), &gt; 0
     * @param quietWindows quiet time in a row needed, in windows (quiet windows of any length in a row
     *     must cover {@code quietWindows × windowMillis}), &gt;= 1
     * @param capMillis warm-up time, counted from the end of the first window, after which the kernel is
     *     declared unsettled (once it has had {@code quietWindows + 2} windows), ms, &gt;= windowMillis. The
     *     first window is left out because its first call is warm-up whatever the rule: a whole pipeline
     *     at production size runs its first call mostly in the interpreter and C1 (5.5-6.7 s for card
     *     stacking at n = 10^7 against 45-60 ms once compiled, AMD Zen 5, JDK 17 and 25), and a cap that
     *     such a call can use up leaves no time for the quiet span
     * @param maxBytesPerCall most bytes a call may allocate in a quiet window (infinite: no limit)
     */
    public record Rule(long windowMillis, int quietWindows, long capMillis, double maxBytesPerCall) {
        public Rule {
            if (windowMillis <= 0 || quietWindows < 1 || capMillis < windowMillis || !(maxBytesPerCall >= 0)) {
                throw new IllegalArgumentException("steady-state rule needs windowMillis > 0 (got " + windowMillis
                        + "), quietWindows >= 1 (got " + quietWindows + "), capMillis >= windowMillis (got " + capMillis
                        + ") and maxBytesPerCall >= 0 (got " + maxBytesPerCall + ")");
            }
        }

        /** The same rule with another allocation limit. */
        public Rule withMaxBytesPerCall(double bytes) {
            return new Rule(windowMillis, quietWindows, capMillis, bytes);
        }
    }

    /**
     * What a warm-up found.
     *
     * @param settled whether the quiet span was seen before the cap
     * @param calls calls made
     * @param elapsedMillis time the warm-up took, ms
     * @param millisPerCall time per call in the last window, ms
     * @param bytesPerCall bytes allocated per call in the last window
     * @param compileMillis JIT compilation time that finished during the warm-up, ms
     * @param windows windows run
     * @param compiledWindows windows in which compilations over {@link #COMPILE_TOLERANCE} finished
     * @param allocatingWindows windows over the allocation limit
     * @param slowWindows windows after the first over the time tolerance
     */
    public record Outcome(boolean settled, long calls, double elapsedMillis, double millisPerCall, double bytesPerCall,
            long compileMillis, long windows, int compiledWindows, int allocatingWindows, int slowWindows) {

        /**
         * One line: {@code settled after 1.2 s (340 calls; last window 3.1 ms/call, 120 B/call; JIT 850 ms;
         * 12 windows: 8 compiling, 0 allocating, 1 slow)}.
         */
        public String describe() {
            return String.format(Locale.ROOT, "%s after %.1f s (%d calls; last window %.4g ms/call, %.0f B/call; JIT %d ms;"
                    + " %d windows: %d compiling, %d allocating, %d slow)", settled ? "settled" : "NOT settled",
                    elapsedMillis / 1000, calls, millisPerCall, bytesPerCall, compileMillis, windows, compiledWindows,
                    allocatingWindows, slowWindows);
        }
    }

    /** What a window reads: a clock, the JIT's total compilation time, the bytes allocated so far. */
    public interface Probe {
        long nanoTime();

        /** Total JIT compilation time so far, ms; never decreases. */
        long compileMillis();

        /** Bytes allocated so far by the threads that run the kernel (may undercount, never decreases much). */
        long allocatedBytes();
    }

    private SteadyState() {
    }

    /** Runs {@code call} until it settles under {@code rule} or the cap is reached, on this JVM's counters. */
    public static Outcome reach(Runnable call, Rule rule) {
        return reach(call, rule, JvmProbe.INSTANCE);
    }

    /** As {@link #reach(Runnable, Rule)}, reading {@code probe} (tests give a synthetic one). */
    public static Outcome reach(Runnable call, Rule rule, Probe probe) {
        long window = rule.windowMillis() * 1_000_000L;
        long cap = rule.capMillis() * 1_000_000L;
        long start = probe.nanoTime();
        long capStart = start; // the end of the first window (see Rule#capMillis)
        long compileStart = probe.compileMillis();
        long calls = 0;
        // quiet time in a row: quietWindows windows' worth, whatever the windows' length (one slow call may be one)
        long quietNanos = 0;
        long quietSpan = rule.quietWindows() * window;
        long windows = 0;
        int compiledWindows = 0;
        int allocatingWindows = 0;
        int slowWindows = 0;
        double fastest = Double.POSITIVE_INFINITY;
        while (true) {
            long t0 = probe.nanoTime();
            long c0 = probe.compileMillis();
            long a0 = probe.allocatedBytes();
            long k = 0;
            long now;
            do {
                call.run();
                k++;
                now = probe.nanoTime();
            } while (now - t0 < window);
            calls += k;
            double millisPerCall = (now - t0) / 1e6 / k;
            double bytesPerCall = Math.max(0, probe.allocatedBytes() - a0) / (double) k;
            boolean compiled = probe.compileMillis() - c0 > COMPILE_TOLERANCE * (now - t0) / 1e6;
            fastest = Math.min(fastest, millisPerCall);
            boolean steadyTime = windows > 0 && millisPerCall <= (1 + TIME_TOLERANCE) * fastest;
            boolean boxed = bytesPerCall > rule.maxBytesPerCall();
            compiledWindows += compiled ? 1 : 0;
            allocatingWindows += boxed ? 1 : 0;
            slowWindows += steadyTime || windows == 0 ? 0 : 1;
            quietNanos = !compiled && !boxed && steadyTime ? quietNanos + (now - t0) : 0;
            boolean settled = quietNanos >= quietSpan;
            windows++;
            if (windows == 1) {
                capStart = now;
            }
            if (settled || (now - capStart >= cap && windows >= rule.quietWindows() + 2)) {
                return new Outcome(settled, calls, (now - start) / 1e6, millisPerCall, bytesPerCall,
                        probe.compileMillis() - compileStart, windows, compiledWindows, allocatingWindows, slowWindows);
            }
        }
    }

    /**
     * This JVM: {@link System#nanoTime()}, the {@link CompilationMXBean} (0 when the JVM has no
     * JIT or does not time it: then only allocation and time decide), and HotSpot's per-thread
     * allocation counters summed over the live threads (a pool's workers included; 0 when the JVM
     * does not count them). A thread that ends between two readings takes its bytes with it: the
     * sum may undercount, never overcount, and a negative difference counts as 0.
     */
    private static final class JvmProbe implements Probe {

        static final JvmProbe INSTANCE = new JvmProbe();

        private final CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public long compileMillis() {
            return compiler != null && compiler.isCompilationTimeMonitoringSupported() ? compiler.getTotalCompilationTime()
                    : 0;
        }

        @Override
        public long allocatedBytes() {
            if (!(threads instanceof com.sun.management.ThreadMXBean hs) || !hs.isThreadAllocatedMemorySupported()
                    || !hs.isThreadAllocatedMemoryEnabled()) {
                return 0;
            }
            long sum = 0;
            for (long b : hs.getThreadAllocatedBytes(hs.getAllThreadIds())) {
                sum += Math.max(b, 0);
            }
            return sum;
        }
    }
}
