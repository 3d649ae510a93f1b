package dev.nimbench.simd;

import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.cardstacking.BinomialTable;
import dev.nimbench.distribution.cardstacking.InterleavedFactorials;
import dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryDiagonalBinomials;
import dev.nimbench.distribution.cardstacking.vector.VectorMontgomeryFactorials;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.power.vector.ForkJoinLanePowerSum;
import dev.nimbench.power.vector.LanePowerSum;
import dev.nimbench.testkit.ReferenceMultiplier;
import dev.nimbench.transform.LazyLongHadamardTransform;
import dev.nimbench.transform.TwoPassPlan;
import dev.nimbench.transform.vector.ForkJoinRadix8HadamardTransform;
import dev.nimbench.transform.vector.ForkJoinUnsignedMinHadamardTransform;
import dev.nimbench.transform.vector.ForkJoinVectorHadamardTransform;
import dev.nimbench.transform.vector.UnblockedVectorHadamardTransform;
import dev.nimbench.transform.vector.VectorHadamardTransform;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;

/**
 * Run in a child JVM by {@link NarrowSpeciesTest} with {@code -Dnimbench.vector.bits=B}: checks
 * every vector kernel at that width against the scalar references and prints
 * {@code OK <bits>}; exits 1 with the first mismatch otherwise. (A main, not a test: the species
 * is fixed once per JVM.)
 */
public final class NarrowSpeciesCheck {

    private NarrowSpeciesCheck() {
    }

    public static void main(String[] args) {
        int[] moduli = {1_000_000_007, 987_654_321, 3, Integer.MAX_VALUE, 2};
        int[] logs = new int[18];
        for (int i = 0; i <= 14; i++) {
            logs[i] = i;
        }
        logs[15] = TwoPassPlan.LOG_L2_BLOCK + 1;
        logs[16] = TwoPassPlan.LOG_L2_BLOCK + 2;
        logs[17] = TwoPassPlan.LOG_L2_BLOCK + 4;
        for (int m : moduli) {
            for (int threads = 1; threads <= 2; threads++) {
                try (ExecutionContext ctx = ReferenceMultiplier.context(m, threads)) {
                    for (int log : logs) {
                        int[] a = new SplittableRandom(m + log).ints(1 << log, 0, m).toArray();
                        int[] want = a.clone();
                        new LazyLongHadamardTransform().transform(want, ctx);
                        int[] got = a.clone();
                        new VectorHadamardTransform().transform(got, ctx);
                        int[] gotParallel = a.clone();
                        new ForkJoinVectorHadamardTransform().transform(gotParallel, ctx);
                        int[] gotUnblocked = a.clone();
                        new UnblockedVectorHadamardTransform().transform(gotUnblocked, ctx);
                        int[] gotRadix8 = a.clone();
                        new ForkJoinRadix8HadamardTransform().transform(gotRadix8, ctx);
                        int[] gotUmin = want; // checked only where the JDK has VectorOperators.UMIN
                        if (UnsignedMinSupport.isPresent()) {
                            gotUmin = a.clone();
                            new ForkJoinUnsignedMinHadamardTransform().transform(gotUmin, ctx);
                        }
                        if (!Arrays.equals(got, want) || !Arrays.equals(gotParallel, want) || !Arrays.equals(gotUnblocked, want)
                                || !Arrays.equals(gotRadix8, want) || !Arrays.equals(gotUmin, want)) {
                            fail("transform M=" + m + " L=" + log + " threads=" + threads);
                        }
                    }
                    if ((m & 1) == 1) {
                        for (int n : new int[] {0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 1000, 4099}) {
                            int[] x = new SplittableRandom(m + n).ints(n, 0, m).toArray();
                            for (long s : new long[] {0, 1, 2, 3, 10_000_000L, Long.MAX_VALUE}) {
                                long want = 0;
                                for (int v : x) {
                                    want = (want + ModMath.pow(v, s, m)) % m;
                                }
                                // every lane-multiply technique, one thread and split
                                for (dev.nimbench.power.PowerSum p : new dev.nimbench.power.PowerSum[] {
                                        new LanePowerSum("montgomery"), new ForkJoinLanePowerSum("montgomery"),
                                        new LanePowerSum("montgomery-masked"), new ForkJoinLanePowerSum("montgomery-masked"),
                                        new LanePowerSum("fma"), new ForkJoinLanePowerSum("fma")}) {
                                    if (p.sum(x, s, ctx) != want) {
                                        fail("power " + p.getClass().getSimpleName() + " M=" + m + " n=" + n + " s=" + s
                                                + " threads=" + threads);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        checkCardStackingLanes();
        System.out.println("OK " + Species.SHAPE.vectorBitSize() + " " + Species.INT);
    }

    /** Vector factorial tables and vector-tail-sum-recurrence against their scalar counterparts. */
    private static void checkCardStackingLanes() {
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            for (int m : new int[] {1_000_000_007, 2_147_483_647, 4_099}) {
                var mul = MultiplierVariant.MONTGOMERY.create(m);
                for (int n : new int[] {0, 1, 2, 3, 5, 8, 9, 17, 100, 1000, 4_097, 100_003}) {
                    if (n >= m) {
                        continue;
                    }
                    var want = BinomialTable.build(n, mul, null, 1,
                            new InterleavedFactorials());
                    if (n >= 60) { // row prefix sums: every last of short rows (the scalar tail), long rows
                        var scalar = dev.nimbench.distribution.cardstacking.DiagonalBinomials.scalar(mul);
                        for (dev.nimbench.distribution.cardstacking.DiagonalBinomials vector : java.util.List.of(
                                new VectorMontgomeryDiagonalBinomials(), new VectorMontgomeryDiagonalBinomials("montgomery-masked"))) {
                        for (int row = 0; row <= 40; row++) {
                            for (int last = 0; last <= row; last++) {
                                if (vector.rowPrefixSum(want, row, last) != scalar.rowPrefixSum(want, row, last)) {
                                    fail("row prefix sum M=" + m + " row=" + row + " last=" + last);
                                }
                            }
                        }
                        for (int last : new int[] {n / 3, n / 2, n - 1, n}) {
                            if (vector.rowPrefixSum(want, n, last) != scalar.rowPrefixSum(want, n, last)) {
                                fail("row prefix sum M=" + m + " row=" + n + " last=" + last);
                            }
                        }
                        }
                    }
                    for (int parts = 1; parts <= 2; parts++) {
                        for (String lanes : new String[] {"montgomery", "montgomery-masked"}) {
                            var got = BinomialTable.build(n, mul, pool, parts, new VectorMontgomeryFactorials(lanes));
                            if (!Arrays.equals(got.factorials(), want.factorials())
                                    || !Arrays.equals(got.inverseFactorials(), want.inverseFactorials())) {
                                fail("factorial tables " + lanes + " M=" + m + " n=" + n + " parts=" + parts);
                            }
                        }
                    }
                }
                for (int n : new int[] {1, 7, 8, 100, 1001, 70_001}) {
                    if (n >= m) {
                        continue;
                    }
                    for (int threads = 1; threads <= 2; threads++) {
                        try (ExecutionContext ctx = new ExecutionContext(mul, threads)) {
                            int[] want = new int[n];
                            DistributionVariant.TAU_RECURRENCE.create().histogram(n, want, ctx);
                            for (DistributionVariant v : new DistributionVariant[] {
                                DistributionVariant.VECTOR_TAIL_SUM_RECURRENCE,
                                DistributionVariant.VECTOR_TAIL_SUM_RECURRENCE_MASKED}) {
                                int[] got = new int[n];
                                v.create().histogram(n, got, ctx);
                                if (!Arrays.equals(got, want)) {
                                    fail(v.id() + " M=" + m + " n=" + n + " threads=" + threads);
                                }
                            }
                        }
                    }
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    private static void fail(String what) {
        System.out.println("MISMATCH at " + Species.INT + ": " + what);
        System.exit(1);
    }
}
