package dev.nimbench.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The warm-up rule on synthetic kernels with a synthetic clock: a kernel that runs slow (compiling,
 * allocating like boxed vectors) for its first calls and fast afterwards is declared settled only
 * after it has turned fast, never before; one that never turns fast is declared unsettled at the cap.
 */
class SteadyStateTest {

    /**
     * A fake JVM: each call advances the clock by its duration, and while the kernel is "cold"
     * (before call {@code fastFrom}) it allocates {@code coldBytes} and finishes a compilation of
     * {@link #compileMillisEach} ms every {@code compileEvery} calls.
     */
    static final class FakeKernel implements SteadyState.Probe, Runnable {
        final long fastFrom;
        final long slowNanos;
        final long fastNanos;
        final long coldBytes;
        final long compileEvery;
        /** JIT ms one compilation adds (30: a vector kernel's C2 compile, far over the tolerance of a 100 ms window). */
        long compileMillisEach = 30;
        long calls;
        long now;
        long compiled;
        long allocated;
        /** Calls made while still cold. */
        long coldCalls;

        FakeKernel(long fastFrom, long slowNanos, long fastNanos, long coldBytes, long compileEvery) {
            this.fastFrom = fastFrom;
            this.slowNanos = slowNanos;
            this.fastNanos = fastNanos;
            this.coldBytes = coldBytes;
            this.compileEvery = compileEvery;
        }

        boolean cold() {
            return calls < fastFrom;
        }

        @Override
        public void run() {
            if (cold()) {
                coldCalls++;
                now += slowNanos;
                allocated += coldBytes;
                if (compileEvery > 0 && calls % compileEvery == 0) {
                    compiled += compileMillisEach;
                }
            } else {
                now += fastNanos;
                allocated += 64;
            }
            calls++;
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public long compileMillis() {
            return compiled;
        }

        @Override
        public long allocatedBytes() {
            return allocated;
        }
    }

    private static final SteadyState.Rule RULE = new SteadyState.Rule(100, 3, 5_000, 16_384);

    @Test
    void aKernelThatCompilesAndAllocatesIsSettledOnlyAfterItTurnedFast() {
        // 2 s of slow calls (5 ms each, boxed: 2 MB per call, a compile every 50 calls), then 0.01 ms calls
        FakeKernel k = new FakeKernel(400, 5_000_000, 10_000, 2_000_000, 50);
        SteadyState.Outcome o = SteadyState.reach(k, RULE, k);
        assertThat(o.settled()).isTrue();
        assertThat(k.cold()).as("settled while still cold").isFalse();
        // three quiet windows of fast calls after the last slow one: at least 300 ms of fast calls
        assertThat(k.calls - k.fastFrom).isGreaterThanOrEqualTo(3 * 100_000_000L / 10_000 - 1);
        assertThat(o.millisPerCall()).isEqualTo(0.01, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(o.bytesPerCall()).isLessThan(16_384);
        assertThat(o.compileMillis()).isEqualTo(k.compiled);
    }

    @Test
    void boxedAllocationAloneKeepsTheKernelWarmingEvenWithoutCompiles() {
        // the JIT reports nothing (a compile in progress does not move the counter), the calls still box
        FakeKernel k = new FakeKernel(1_000, 1_000_000, 100_000, 500_000, 0);
        SteadyState.Outcome o = SteadyState.reach(k, RULE, k);
        assertThat(o.settled()).isTrue();
        assertThat(k.cold()).isFalse();
        assertThat(k.calls).isGreaterThan(1_000);
    }

    /** A probe that reports no compilation and no allocation: only the clock decides. */
    private static SteadyState.Probe clockOnly(long[] now) {
        return clockAndJit(now, new long[1]);
    }

    /** A probe that reads a clock and a JIT counter ({@code now[0]} ns, {@code compiled[0]} ms) and no allocation. */
    private static SteadyState.Probe clockAndJit(long[] now, long[] compiled) {
        return new SteadyState.Probe() {
            @Override
            public long nanoTime() {
                return now[0];
            }

            @Override
            public long compileMillis() {
                return compiled[0];
            }

            @Override
            public long allocatedBytes() {
                return 0;
            }
        };
    }

    @Test
    void aKernelTenTimesSlowerThanItsFastestWindowIsNotQuiet() {
        // 1 ms calls, then 10 ms calls from call 400: the rule cannot see the future
        long[] now = {0};
        long[] calls = {0};
        SteadyState.Outcome o = SteadyState.reach(() -> {
            now[0] += calls[0] < 400 ? 1_000_000 : 10_000_000;
            calls[0]++;
        }, new SteadyState.Rule(100, 3, 2_000, Double.POSITIVE_INFINITY), clockOnly(now));
        // three quiet windows of 1 ms calls after the first come first: settled at call 400
        assertThat(o.settled()).isTrue();
        assertThat(o.calls()).isEqualTo(400);
        assertThat(o.describe()).endsWith("4 windows: 0 compiling, 0 allocating, 0 slow)");
        // a window of 1 ms calls, a window of 10 ms calls, and so on: never three quiet windows in a row
        now[0] = 0;
        long[] c = {0};
        SteadyState.Outcome slow = SteadyState.reach(() -> {
            now[0] += c[0]++ % 110 < 100 ? 1_000_000 : 10_000_000;
        }, new SteadyState.Rule(100, 3, 2_000, Double.POSITIVE_INFINITY), clockOnly(now));
        assertThat(slow.settled()).isFalse();
        assertThat(slow.slowWindows()).isPositive();
    }

    @Test
    void stallsInEveryFewWindowsKeepTheKernelUnsettled() {
        // 1 ms calls with a 300 ms stall every 200 calls: never three steady windows in a row
        long[] now = {0};
        long[] calls = {0};
        SteadyState.Outcome o = SteadyState.reach(() -> {
            now[0] += 1_000_000 + (calls[0] % 200 == 199 ? 300_000_000 : 0);
            calls[0]++;
        }, RULE, clockOnly(now));
        assertThat(o.settled()).isFalse();
    }

    @Test
    void aKernelThatNeverSettlesIsReportedUnsettledAtTheCap() {
        FakeKernel k = new FakeKernel(Long.MAX_VALUE, 2_000_000, 2_000_000, 1_000_000, 10);
        SteadyState.Outcome o = SteadyState.reach(k, RULE, k);
        assertThat(o.settled()).isFalse();
        // the cap, 5 s, counts from the end of the first window (100 ms)
        assertThat(o.elapsedMillis()).isBetween(5_100.0, 5_200.0);
        assertThat(o.describe()).startsWith("NOT settled after 5.1 s");
    }

    @Test
    void aCallLongerThanTheWindowIsOneWindow() {
        FakeKernel k = new FakeKernel(0, 1, 700_000_000, 0, 0);
        SteadyState.Outcome o = SteadyState.reach(k, RULE, k);
        assertThat(o.settled()).isTrue();
        // the first window has none before it to compare with; the second covers the quiet span alone
        assertThat(o.calls()).isEqualTo(2);
    }

    @Test
    void theRealJvmSettlesASimpleLoop() {
        long[] sink = new long[1];
        SteadyState.Outcome o = SteadyState.reach(() -> {
            long s = 0;
            for (int i = 0; i < 10_000; i++) {
                s += (long) i * i;
            }
            sink[0] += s;
        }, new SteadyState.Rule(20, 2, 3_000, Double.POSITIVE_INFINITY));
        assertThat(o.calls()).isPositive();
        assertThat(sink[0]).isNotZero();
        assertThat(o.elapsedMillis()).isLessThan(3_500);
    }

    @Test
    void aCallLongerThanTheCapStillGetsTheWindowsTheRuleNeeds() {
        // 3 s calls, the first two compiling: past the 5 s cap after two windows, settled after the third
        FakeKernel k = new FakeKernel(2, 3_000_000_000L, 3_000_000_000L, 0, 1);
        k.compileMillisEach = 1_000;
        SteadyState.Outcome o = SteadyState.reach(k, RULE, k);
        assertThat(o.settled()).isTrue();
        assertThat(o.calls()).isEqualTo(3);
        // and one that keeps compiling is declared unsettled after quietWindows + 2 windows
        FakeKernel never = new FakeKernel(Long.MAX_VALUE, 3_000_000_000L, 3_000_000_000L, 0, 1);
        never.compileMillisEach = 1_000;
        SteadyState.Outcome n = SteadyState.reach(never, RULE, never);
        assertThat(n.settled()).isFalse();
        assertThat(n.calls()).isEqualTo(5);
    }

    /** Calls of 100 ms each, the JIT counter growing by {@code compileMillisPerCall} ms on every call. */
    private static SteadyState.Outcome hundredMillisCallsCompiling(long compileMillisPerCall) {
        long[] now = {0};
        long[] compiled = {0};
        return SteadyState.reach(() -> {
            now[0] += 100_000_000L;
            compiled[0] += compileMillisPerCall;
        }, RULE, clockAndJit(now, compiled));
    }

    @Test
    void aTrickleOfSmallCompilesAtAFlatTimePerCallIsSteady() {
        // 2 ms of JIT in every 100 ms window (rarely called methods, JDK internals): at most 5% of the window
        SteadyState.Outcome o = hundredMillisCallsCompiling(2);
        assertThat(o.settled()).isTrue();
        // the first window has nothing to compare with; three quiet ones follow
        assertThat(o.windows()).isEqualTo(4);
        assertThat(o.compiledWindows()).isZero();
        assertThat(o.compileMillis()).isEqualTo(8);
    }

    @Test
    void compilesOverTheToleranceKeepEveryWindowCompiling() {
        // 6 ms of JIT per 100 ms window, just over 5%, for ever: never quiet, unsettled at the cap
        SteadyState.Outcome o = hundredMillisCallsCompiling(6);
        assertThat(o.settled()).isFalse();
        assertThat(o.compiledWindows()).isEqualTo((int) o.windows());
        // the cap counts from the end of the first window
        assertThat(o.elapsedMillis()).isEqualTo(5_100.0);
    }

    @Test
    void aLongFirstCallDoesNotUseUpTheCap() {
        // a whole pipeline at production size: a first call of 6 s (interpreted, C1), then 50 ms calls
        // whose C2 compiles go on for 2 s more; the cap is 5 s: past it by the end of the first call,
        // settled once the compiles end, about 6 + 2 + 0.3 s after the start
        long[] now = {0};
        long[] compiled = {0};
        long[] calls = {0};
        SteadyState.Outcome o = SteadyState.reach(() -> {
            now[0] += calls[0]++ == 0 ? 6_000_000_000L : 50_000_000L;
            if (now[0] <= 8_000_000_000L) {
                compiled[0] += 10; // 10 ms per 50 ms call: 20% of every window, compiling
            }
        }, RULE, clockAndJit(now, compiled));
        assertThat(o.settled()).isTrue();
        assertThat(o.elapsedMillis()).isBetween(8_300.0, 8_500.0);
    }

    @Test
    void aBadRuleIsRefusedWithTheValue() {
        assertThatThrownBy(() -> new SteadyState.Rule(0, 3, 100, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("windowMillis > 0 (got 0)");
        assertThatThrownBy(() -> new SteadyState.Rule(100, 3, 50, 0)).hasMessageContaining("capMillis >= windowMillis (got 50)");
    }
}
