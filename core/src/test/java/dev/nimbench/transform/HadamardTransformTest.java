package dev.nimbench.transform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.testkit.NewerJdk;
import dev.nimbench.testkit.ReferenceMultiplier;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every transform variant against the naive O(P^2) transform, round trips, and the edges. */
class HadamardTransformTest {

    /** Primes, the composite divisor-game modulus, the extremes of [2, 2^31), and even moduli. */
    static final int[] MODULI = {1_000_000_007, 987_654_321, 3, Integer.MAX_VALUE, 2, 1 << 30, 1_000_000_006,
        Integer.MAX_VALUE - 1};
    /** Naive reference for L up to here (L = 12: 2^24 terms per input); above, scalar-mod is the reference. */
    static final int NAIVE_MAX_LOG = 12;
    static final int MAX_LOG = 14;
    static final List<String> KINDS = List.of("random", "zeros", "max", "spike-first", "spike-last", "spike-mid");

    /** Expected transforms by "M/L/kind", shared by all variants (the naive one is the slow part). */
    private static final Map<String, int[]> EXPECTED = new ConcurrentHashMap<>();
    /** Sampled entries from the definition by "M/L", shared by all variants. */
    private static final Map<String, int[]> SAMPLED = new ConcurrentHashMap<>();
    private static ExecutionContext[] contexts;

    @BeforeAll
    static void createContexts() {
        contexts = new ExecutionContext[MODULI.length];
        for (int i = 0; i < MODULI.length; i++) {
            contexts[i] = ReferenceMultiplier.context(MODULI[i], 3); // 3 threads: uneven chunks
        }
    }

    @AfterAll
    static void closeContexts() {
        for (ExecutionContext c : contexts) {
            c.close();
        }
    }

    /**
     * Every variant this JVM can run: all of them, except one that needs a newer JDK
     * ({@link TransformVariant#minimumJdk()}), which {@link #aVariantThatNeedsANewerJdkSaysSoAndDoesNotRun}
     * checks instead. Run the suite on JDK 25 too ({@code JAVA_HOME=... mvn ...}) to test those.
     */
    static Stream<TransformVariant> runnableHere() {
        return Stream.of(TransformVariant.values()).filter(TransformVariant::isAvailable);
    }

    /**
     * The cache-blocked vector variants this JVM can run (the ones measured at the target size);
     * the scalar ones take seconds each at 2^24 and are checked up to 2^21.
     */
    static Stream<TransformVariant> blockedVectorRunnableHere() {
        return runnableHere().filter(v -> v.usesVectorApi() && v != TransformVariant.VECTOR_UNBLOCKED);
    }

    @ParameterizedTest
    @EnumSource(TransformVariant.class)
    void aVariantThatNeedsANewerJdkSaysSoAndDoesNotRun(TransformVariant variant) {
        NewerJdk.saysSoAndDoesNotRun(variant, variant::create);
    }

    static int[] input(int m, int log, String kind) {
        int n = 1 << log;
        int[] a = new int[n];
        switch (kind) {
            case "random":
                SplittableRandom rnd = new SplittableRandom(31L * m + log);
                for (int i = 0; i < n; i++) {
                    a[i] = rnd.nextInt(m);
                }
                break;
            case "zeros":
                break;
            case "max":
                Arrays.fill(a, m - 1);
                break;
            case "spike-first":
                a[0] = m - 1;
                break;
            case "spike-last":
                a[n - 1] = m - 1;
                break;
            case "spike-mid":
                a[n / 2] = 1;
                a[n / 3] = m - 1;
                break;
            default:
                throw new IllegalArgumentException(kind);
        }
        return a;
    }

    /** sum_j (-1)^popcount(i & j) a[j], exact in long (|sum| < 2^(31+L)), then mod M. */
    static int[] naive(int[] a, int m) {
        int n = a.length;
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            long sum = 0;
            for (int j = 0; j < n; j++) {
                sum += (Integer.bitCount(i & j) & 1) == 0 ? a[j] : -a[j];
            }
            out[i] = (int) Math.floorMod(sum, (long) m);
        }
        return out;
    }

    static int[] expected(int mi, int log, String kind) {
        return EXPECTED.computeIfAbsent(MODULI[mi] + "/" + log + "/" + kind, key -> {
            int[] a = input(MODULI[mi], log, kind);
            if (log <= NAIVE_MAX_LOG) {
                return naive(a, MODULI[mi]);
            }
            TransformVariant.SCALAR_MOD.create().transform(a, contexts[mi]);
            return a;
        });
    }

    @ParameterizedTest
    @MethodSource("runnableHere")
    void equalsNaiveTransformForEveryLengthModulusAndInputKind(TransformVariant variant) {
        HadamardTransform t = variant.create();
        for (int mi = 0; mi < MODULI.length; mi++) {
            for (int log = 0; log <= MAX_LOG; log++) {
                for (String kind : KINDS) {
                    int[] a = input(MODULI[mi], log, kind);
                    t.transform(a, contexts[mi]);
                    int[] want = expected(mi, log, kind);
                    if (!Arrays.equals(a, want)) {
                        assertThat(a).as("%s M=%d L=%d %s", variant.id(), MODULI[mi], log, kind).containsExactly(want);
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("runnableHere")
    void transformTwiceIsLengthTimesInput(TransformVariant variant) {
        HadamardTransform t = variant.create();
        for (int mi = 0; mi < MODULI.length; mi++) {
            int m = MODULI[mi];
            for (int log = 0; log <= MAX_LOG; log++) {
                int[] a = input(m, log, "random");
                int[] twice = a.clone();
                t.transform(twice, contexts[mi]);
                t.transform(twice, contexts[mi]);
                long p = (1L << log) % m;
                for (int i = 0; i < a.length; i++) {
                    a[i] = (int) (p * a[i] % m);
                }
                assertThat(twice).as("%s M=%d L=%d", variant.id(), m, log).containsExactly(a);
            }
        }
    }

    /**
     * Sizes where the one-thread blocked forms have 2, 8 and 16 rows, so pass 2 (the strips) runs,
     * for 16 rows with the levels fused into the gather and the scatter. Beside lazy-long (a
     * production variant), two references that share no code with any variant: entries from the
     * definition on a sample, and the round trip H·H = P·I.
     */
    @ParameterizedTest
    @MethodSource("runnableHere")
    void largeSizesWithBothMemoryPassesEqualTheLongTransform(TransformVariant variant) {
        HadamardTransform t = variant.create();
        HadamardTransform reference = new LazyLongHadamardTransform();
        for (int log : new int[] {TwoPassPlan.LOG_L2_BLOCK + 1, TwoPassPlan.LOG_L2_BLOCK + 3, TwoPassPlan.LOG_L2_BLOCK + 4}) {
            for (int mi : new int[] {0, 3}) {
                int[] a = input(MODULI[mi], log, "random");
                int[] input = a.clone();
                int[] want = a.clone();
                reference.transform(want, contexts[mi]);
                t.transform(a, contexts[mi]);
                assertThat(Arrays.equals(a, want)).as("%s M=%d L=%d", variant.id(), MODULI[mi], log).isTrue();
                // Independent of every production transform: sampled entries from the definition,
                // and H·H = P·I on the whole vector.
                int p = 1 << log;
                int[] samples = sampleIndices(p);
                int m = MODULI[mi];
                int[] expected = SAMPLED.computeIfAbsent(m + "/" + log, k -> {
                    int[] e = new int[samples.length];
                    for (int j = 0; j < samples.length; j++) {
                        e[j] = definitionEntry(input, samples[j], m);
                    }
                    return e;
                });
                for (int j = 0; j < samples.length; j++) {
                    assertThat(a[samples[j]]).as("%s M=%d L=%d entry %d", variant.id(), MODULI[mi], log, samples[j])
                            .isEqualTo(expected[j]);
                }
                t.transform(a, contexts[mi]);
                long pm = p % MODULI[mi];
                for (int i = 0; i < p; i++) {
                    if (a[i] != (int) (pm * input[i] % MODULI[mi])) {
                        throw new AssertionError(variant.id() + " M=" + MODULI[mi] + " L=" + log
                                + ": H(H a) != P a at index " + i);
                    }
                }
            }
        }
    }

    /**
     * The target size 2^24 with M = 2^31 - 1 (the largest modulus, a prime) and 1e9+7, on one and
     * on three threads: 128 rows of 2^17, so pass 2 runs every row level through the gather, the
     * buffer and the scatter. Checked against the definition on sampled entries and by the round
     * trip H·H = P·I (no production transform involved).
     */
    @ParameterizedTest
    @MethodSource("blockedVectorRunnableHere")
    void targetSizeTwoToThe24EqualsTheDefinition(TransformVariant variant) {
        int log = 24;
        int p = 1 << log;
        HadamardTransform t = variant.create();
        for (int mi : new int[] {3, 0}) {
            int m = MODULI[mi];
            int[] input = input(m, log, "random");
            input[0] = m - 1;
            input[p - 1] = m - 1;
            for (ExecutionContext ctx : new ExecutionContext[] {ReferenceMultiplier.context(m, 1), contexts[mi]}) {
                int[] a = input.clone();
                t.transform(a, ctx);
                int[] samples = sampleIndices(p);
                for (int sample : samples) {
                    assertThat(a[sample]).as("%s M=%d L=24 entry %d", variant.id(), m, sample)
                            .isEqualTo(definitionEntry(input, sample, m));
                }
                t.transform(a, ctx);
                long pm = p % m;
                for (int i = 0; i < p; i++) {
                    if (a[i] != (int) (pm * input[i] % m)) {
                        throw new AssertionError(variant.id() + " M=" + m + " L=24 threads=" + ctx.threads()
                                + ": H(H a) != P a at index " + i);
                    }
                }
                if (ctx != contexts[mi]) {
                    ctx.close();
                }
            }
        }
    }

    /**
     * Many threads ask the parallel forms for many rows (4 per thread), so medium sizes run pass 2
     * with 64 and more rows: the radix-8 gather and scatter, with and without middle levels.
     */
    @ParameterizedTest
    @MethodSource("runnableHere")
    void manyRowsEqualTheLongTransform(TransformVariant variant) {
        HadamardTransform t = variant.create();
        HadamardTransform reference = new LazyLongHadamardTransform();
        for (int threads : new int[] {16, 32, 64}) {
            for (int mi : new int[] {3, 1}) {
                try (ExecutionContext ctx = ReferenceMultiplier.context(MODULI[mi], threads)) {
                    for (int log = TwoPassPlan.MIN_PARALLEL_LOG; log <= 18; log++) {
                        for (String kind : new String[] {"random", "max"}) {
                            int[] a = input(MODULI[mi], log, kind);
                            int[] want = a.clone();
                            reference.transform(want, ctx);
                            t.transform(a, ctx);
                            assertThat(Arrays.equals(a, want)).as("%s M=%d L=%d threads=%d %s", variant.id(), MODULI[mi],
                                    log, threads, kind).isTrue();
                        }
                    }
                }
            }
        }
    }

    /**
     * One entry of the transform from the definition, {@code sum_i (-1)^popcount(i & t) a[i] mod M}
     * (SPEC §2): O(P) for one entry, so affordable on samples at sizes where the naive transform is not.
     * Exact in a long: |sum| < P * 2^31 <= 2^52 for P <= 2^21.
     */
    private static int[] sampleIndices(int p) {
        SplittableRandom rnd = new SplittableRandom(p);
        return new int[] {0, 1, p / 2, p - 1, rnd.nextInt(p), rnd.nextInt(p), rnd.nextInt(p)};
    }

    static int definitionEntry(int[] a, int t, int m) {
        long sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += (Integer.bitCount(i & t) & 1) == 0 ? a[i] : -a[i];
        }
        return (int) Math.floorMod(sum, (long) m);
    }

    @ParameterizedTest
    @MethodSource("runnableHere")
    void oneInstanceIsReusableAcrossSizesAndThreadCounts(TransformVariant variant) {
        HadamardTransform t = variant.create();
        int m = MODULI[0];
        for (int threads : new int[] {1, 2, 5, 16}) {
            try (ExecutionContext ctx = ReferenceMultiplier.context(m, threads)) {
                for (int log : new int[] {12, 3, 14, 0, 9, 13, 14}) {
                    int[] a = input(m, log, "random");
                    t.transform(a, ctx);
                    assertThat(a).as("%s L=%d threads=%d", variant.id(), log, threads).containsExactly(expected(0, log, "random"));
                }
            }
        }
    }

    /**
     * A range inside a larger array: the same residues as the whole-array transform at every
     * offset (the cache-line one, {@link CacheLineOffset#INTS}, odd ones, one past a vector), on
     * one and three threads, for sizes with one block, with pass 2, and below a vector; the
     * entries around the range are not touched.
     */
    @ParameterizedTest
    @MethodSource("runnableHere")
    void aRangeAtAnyOffsetEqualsTheWholeArrayTransformAndLeavesTheRestAlone(TransformVariant variant) {
        HadamardTransform t = variant.create();
        int m = MODULI[0];
        int[] offsets = {CacheLineOffset.INTS, 1, 5, 17, 31};
        for (int log : new int[] {0, 3, 7, NAIVE_MAX_LOG, TwoPassPlan.LOG_L2_BLOCK + 4}) {
            int p = 1 << log;
            int[] data = input(m, log, "random");
            int[] want = data.clone();
            new LazyLongHadamardTransform().transform(want, contexts[0]);
            if (log <= NAIVE_MAX_LOG) {
                assertThat(want).as("reference L=%d", log).containsExactly(expected(0, log, "random"));
            }
            for (int threads : new int[] {1, 3}) {
                try (ExecutionContext ctx = ReferenceMultiplier.context(m, threads)) {
                    for (int off : offsets) {
                        int[] a = new int[off + p + 9];
                        Arrays.fill(a, -7); // not a residue: any write outside the range shows
                        System.arraycopy(data, 0, a, off, p);
                        t.transform(a, off, p, ctx);
                        assertThat(Arrays.equals(a, off, off + p, want, 0, p))
                                .as("%s L=%d offset %d threads %d", variant.id(), log, off, threads).isTrue();
                        for (int i = 0; i < a.length; i++) {
                            if ((i < off || i >= off + p) && a[i] != -7) {
                                throw new AssertionError(variant.id() + " L=" + log + " offset " + off
                                        + ": entry " + i + " outside the range was written");
                            }
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("runnableHere")
    void refusesRangesOutsideTheArray(TransformVariant variant) {
        HadamardTransform t = variant.create();
        assertThatThrownBy(() -> t.transform(new int[20], 5, 16, contexts[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[5, 21)").hasMessageContaining("0 <= offset <= 4");
        assertThatThrownBy(() -> t.transform(new int[20], -1, 16, contexts[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 <= offset <= 4");
        assertThatThrownBy(() -> t.transform(new int[8], 0, 16, contexts[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("16 exceeds the array's 8 entries");
        assertThatThrownBy(() -> t.transform(new int[20], 0, 12, contexts[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("power of two");
    }

    @Test
    void theCacheLineOffsetPutsALargeArraysDataOnACacheLine() {
        // HotSpot's int[] layout: element 0 at the base offset; INTS more elements reach a line.
        assertThat(CacheLineOffset.INTS).isBetween(0, 15);
        assertThat((CacheLineOffset.BASE_BYTES + 4 * CacheLineOffset.INTS) % CacheLineOffset.LINE_BYTES).isZero();
        assertThat(CacheLineOffset.allocate(1 << 20)).hasSize(CacheLineOffset.INTS + (1 << 20));
    }

    @ParameterizedTest
    @MethodSource("runnableHere")
    void refusesLengthsThatAreNotPowersOfTwo(TransformVariant variant) {
        HadamardTransform t = variant.create();
        for (int n : new int[] {0, 3, 6, 12, 1000}) {
            assertThatThrownBy(() -> t.transform(new int[n], contexts[0]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("got " + n)
                    .hasMessageContaining("power of two");
            assertThatThrownBy(() -> t.workingBytes(n)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @ParameterizedTest
    @MethodSource("runnableHere")
    void workingBytesIsSmallAgainstTheArrayExceptForTheLongCopy(TransformVariant variant) {
        HadamardTransform t = variant.create();
        for (int log = 0; log <= HadamardLength.MAX_LOG; log++) {
            long bytes = t.workingBytes(1 << log);
            assertThat(bytes).isNotNegative();
            if (variant == TransformVariant.LAZY_LONG) {
                assertThat(bytes).isEqualTo(8L << log);
            } else {
                assertThat(bytes).as("%s L=%d", variant.id(), log).isLessThanOrEqualTo(Math.max(4L << log, (1L << 20) * Runtime.getRuntime().availableProcessors()));
            }
        }
    }

    @Test
    void lazyLongEnforcesItsExactnessBound() {
        LazyLongHadamardTransform.requireExact(32);
        assertThatThrownBy(() -> LazyLongHadamardTransform.requireExact(33))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("L = 33")
                .hasMessageContaining("L <= 32");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 4, 10, 17, 18, 24, 30})
    void plansCoverEveryLevelExactlyOnce(int log) {
        for (int minRows : new int[] {1, 4, 8, 16}) {
            for (int minStrip : new int[] {4, 8, 16}) {
                TwoPassPlan plan = TwoPassPlan.of(log, minRows, minStrip);
                assertThat((long) plan.rows * plan.block).isEqualTo(1L << log);
                if (plan.rows > 1) {
                    assertThat(plan.stripWidth).isBetween(minStrip, plan.block);
                    assertThat((long) plan.strips() * plan.stripWidth).isEqualTo(plan.block);
                } else {
                    assertThat(plan.strips()).isZero();
                }
            }
        }
    }
}
