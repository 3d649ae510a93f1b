package dev.nimbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.CacheLineOffset;
import dev.nimbench.transform.TransformVariant;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every benchmark method, once, at a tiny size, for every variant of its registry: the state's
 * setup (which itself checks against the baseline), the measured method, the teardown check, and
 * the result against an independent reference computed here. Calls the methods directly, no JMH
 * fork, so it takes seconds. A new registry constant is covered with no change here.
 */
class BenchSelfTest {

    private static final int M = BenchSupport.MODULUS;

    /** Every variant must be runnable here (surefire starts the JVM with the Vector API module). */
    private static void assertAvailable(Variant v) {
        assertThat(v.isAvailable()).as("%s unavailable: %s", v.id(), v.unavailableReason()).isTrue();
    }

    @TestFactory
    Stream<DynamicTest> transformEveryVariant() {
        return Stream.of(TransformVariant.values()).flatMap(v -> Stream.of(1, 2, 16, 64).map(p ->
                dynamicTest(v.id() + " P=" + p, () -> {
                    TransformBench b = new TransformBench();
                    b.variant = v.id();
                    b.size = p;
                    if (v.minimumJdk() > Runtime.version().feature()) { // refused, with the JDK it needs
                        assertThatThrownBy(b::setUp).hasMessageContaining(v.id()).hasMessageContaining("needs JDK");
                        return;
                    }
                    assertAvailable(v);
                    b.setUp();
                    int[] input = BenchSupport.residues(p, M, BenchSupport.SEED);
                    assertThat(atCacheLine(b.transform(), p)).containsExactly(naiveHadamard(input));
                    assertThat(atCacheLine(b.copyBaseline(), p)).containsExactly(input);
                    b.tearDown();
                })));
    }

    @TestFactory
    Stream<DynamicTest> powerSumEveryVariant() {
        return Stream.of(PowerVariant.values()).flatMap(v -> Stream.of(1, 16, 64).map(p ->
                dynamicTest(v.id() + " P=" + p, () -> {
                    assertAvailable(v);
                    PowerSumBench b = new PowerSumBench();
                    b.variant = v.id();
                    b.size = p;
                    b.setUp();
                    BigInteger expected = BigInteger.ZERO;
                    BigInteger m = BigInteger.valueOf(M);
                    for (int x : BenchSupport.residues(p, M, BenchSupport.SEED)) {
                        expected = expected.add(BigInteger.valueOf(x).modPow(BigInteger.valueOf(PowerSumBench.EXPONENT), m));
                    }
                    assertThat(b.sum()).isEqualTo(expected.mod(m).longValueExact());
                    b.tearDown();
                })));
    }

    @TestFactory
    Stream<DynamicTest> multiplierEveryVariant() {
        return Stream.of(MultiplierVariant.values()).map(v -> dynamicTest(v.id(), () -> {
            assertAvailable(v);
            MultiplierBench b = new MultiplierBench();
            b.variant = v.id();
            b.size = 100;
            b.setUp();
            int[] x = BenchSupport.residues(100, M, BenchSupport.SEED);
            int[] y = BenchSupport.residues(100, M, BenchSupport.SEED + 1);
            BigInteger m = BigInteger.valueOf(M);
            BigInteger pows = BigInteger.ZERO;
            BigInteger sum = BigInteger.ZERO;
            for (int i = 0; i < x.length; i++) {
                pows = pows.add(BigInteger.valueOf(x[i]).modPow(BigInteger.valueOf(MultiplierBench.EXPONENT), m));
                sum = sum.add(BigInteger.valueOf(x[i]).multiply(BigInteger.valueOf(y[i])).mod(m));
            }
            assertThat(b.pow()).isEqualTo(pows.longValueExact());
            assertThat(b.independentProducts()).isEqualTo(sum.longValueExact());
            b.tearDown();
        }));
    }

    @TestFactory
    Stream<DynamicTest> distributionEveryVariant() {
        return Stream.of(DistributionVariant.values()).flatMap(v -> knownHistograms(v.problem()).stream().map(known ->
                dynamicTest(v.problem().id() + "/" + v.id() + " n=" + known[0], () -> {
                    assertAvailable(v);
                    DistributionBench b = new DistributionBench();
                    b.problem = v.problem().id();
                    b.variant = v.id();
                    b.size = known[0];
                    b.setUp();
                    int[] out = b.histogram();
                    int[] expected = Arrays.copyOfRange(known, 1, known.length);
                    assertThat(out.length).isGreaterThanOrEqualTo(expected.length);
                    assertThat(out).containsExactly(Arrays.copyOf(expected, out.length));
                    b.tearDown();
                })));
    }

    /** {n, a[0], a[1], ...} from SPEC: card stacking's table, and the divisor game by Ω. */
    private static List<int[]> knownHistograms(Problem problem) {
        if (problem == Problem.CARD_STACKING) {
            return List.of(new int[] {1, 2}, new int[] {4, 6, 6, 3, 1}, new int[] {6, 18, 20, 11, 10, 4, 1});
        }
        // m = 2..10: Ω = 1 for 2,3,5,7 (G = 0); 2 for 4,6,9,10 (G = 1); 3 for 8 (G = 2).
        return List.of(new int[] {2, 1}, new int[] {10, 4, 4, 1});
    }

    @TestFactory
    Stream<DynamicTest> pipelineEveryConfiguration() {
        return Stream.of(Problem.values()).flatMap(problem -> Stream.concat(
                PipelinePlan.candidates(problem).stream().map(label -> List.of(label, "1")),
                Stream.of(List.of(PipelineLabels.DEFAULT, Integer.toString(PipelinePlan.PARALLEL_THREADS)))).map(run ->
                dynamicTest(problem.id() + " '" + run.get(0) + "' threads=" + run.get(1), () -> {
                    String label = run.get(0);
                    int[] known = knownHistograms(problem).get(knownHistograms(problem).size() - 1);
                    PipelineBench b = new PipelineBench();
                    b.problem = problem.id();
                    b.variant = label;
                    b.threads = Integer.parseInt(run.get(1));
                    b.size = known[0];
                    String unavailable = unavailableCombine(label);
                    if (unavailable != null) { // the plan lists it and reports it skipped with this reason
                        assertThatThrownBy(b::setUp).isInstanceOf(IllegalArgumentException.class)
                                .hasMessageContaining(unavailable).hasMessageContaining("needs JDK");
                        return;
                    }
                    b.setUp();
                    long m = problem.defaultModulus();
                    long zeroXor = zeroXorTuples(Arrays.copyOfRange(known, 1, known.length), PipelineLabels.count(problem), m);
                    long expected = zeroXor;
                    if (problem.countsWinning()) {
                        long total = BigInteger.valueOf(known[0] - 1L)
                                .modPow(BigInteger.valueOf(PipelineLabels.count(problem)), BigInteger.valueOf(m)).longValue();
                        expected = Math.floorMod(total - zeroXor, m);
                    }
                    assertThat(b.solve().answer()).isEqualTo(BigInteger.valueOf(expected));
                    b.tearDown();
                })));
    }

    /** The id of the combine a label names when this JVM cannot run it (e.g. one that needs JDK 24), else null. */
    private static String unavailableCombine(String label) {
        for (CombineVariant c : CombineVariant.values()) {
            if (!c.isAvailable() && Arrays.asList(label.split(",")).contains("combine=" + c.id())) {
                return c.id();
            }
        }
        return null;
    }

    /** Tuples of {@code count} components with Grundy XOR 0: the XOR-convolution power, by repeated squaring. */
    static long zeroXorTuples(int[] histogram, long count, long m) {
        int p = Integer.highestOneBit(Math.max(1, histogram.length - 1)) << 1;
        long[] base = new long[p];
        for (int i = 0; i < histogram.length; i++) {
            base[i] = histogram[i] % m;
        }
        long[] acc = new long[p];
        acc[0] = 1;
        for (long e = count; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                acc = xorConvolve(acc, base, m);
            }
            base = xorConvolve(base, base, m);
        }
        return acc[0];
    }

    private static long[] xorConvolve(long[] a, long[] b, long m) {
        long[] c = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                c[i ^ j] = (c[i ^ j] + a[i] * b[j]) % m;
            }
        }
        return c;
    }

    @Test
    void distributionSizeOutsideTheProblemsRangeNamesIt() {
        DistributionBench b = new DistributionBench();
        b.problem = Problem.DIVISOR_GAME.id();
        b.variant = BenchSupport.BASELINE;
        b.size = 1;
        assertThatThrownBy(b::setUp).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("n = 1 is out of range for divisor-game; valid: 2 <= n <= 1073741824");
    }

    @Test
    void baselineKeywordSelectsTheFirstConstant() {
        TransformBench b = new TransformBench();
        b.variant = BenchSupport.BASELINE;
        b.size = 8;
        b.setUp();
        int[] input = BenchSupport.residues(8, M, BenchSupport.SEED);
        assertThat(atCacheLine(b.transform(), 8)).containsExactly(naiveHadamard(input));
        b.tearDown();
        assertThat(BenchSupport.digest(new int[] {1, 2}, 2)).isNotEqualTo(BenchSupport.digest(new int[] {2, 1}, 2));
        assertThat(BenchSupport.digest(new int[] {9, 1, 2, 9}, 1, 2)).isEqualTo(BenchSupport.digest(new int[] {1, 2}, 2));
    }

    /** O(P^2) definition: out[k] = Σ_j (-1)^popcount(j & k) a[j] mod M. */
    static int[] naiveHadamard(int[] a) {
        int[] out = new int[a.length];
        for (int k = 0; k < a.length; k++) {
            long s = 0;
            for (int j = 0; j < a.length; j++) {
                s += (Integer.bitCount(j & k) & 1) == 0 ? a[j] : -a[j];
            }
            out[k] = (int) Math.floorMod(s, (long) M);
        }
        return out;
    }

    /** The transform bench's data: {@code n} entries from {@link CacheLineOffset#INTS}, the entries before it untouched zeros. */
    private static int[] atCacheLine(int[] padded, int n) {
        assertThat(padded).hasSize(CacheLineOffset.INTS + n);
        assertThat(java.util.Arrays.copyOf(padded, CacheLineOffset.INTS)).isEqualTo(new int[CacheLineOffset.INTS]);
        return java.util.Arrays.copyOfRange(padded, CacheLineOffset.INTS, CacheLineOffset.INTS + n);
    }
}
