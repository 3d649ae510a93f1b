package dev.nimbench.exact;

import dev.nimbench.config.Configuration;
import dev.nimbench.config.ConfigurationResolver;
import dev.nimbench.config.ResolvedConfiguration;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.distribution.Problem;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.pipeline.Inputs;
import dev.nimbench.pipeline.Result;
import dev.nimbench.pipeline.Solver;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Exact mode (SPEC §6): the same stages over {@link BigInteger}, without a modulus, for small
 * instances. Distribution: card stacking from the closed form with exact binomials
 * ({@link ExactCardStackingHistogram}), cross-checked against the configured distribution
 * variant mod {@link #CHECK_MODULUS}; divisor game from the configured variant mod
 * {@link #CHECK_MODULUS}, whose counts ({@code <= n - 1}) are exact. Then an exact WHT, an exact
 * power sum and an exact division by P. The configured transform, power and combine do not take
 * part; the configuration as run names them {@link #EXACT_STAGE} and {@code wht}. The configured
 * distribution and multiplier do take part (the modular histogram above runs with them, and the
 * card-stacking recurrences multiply through the multiplier), so it names those as configured.
 */
public final class ExactPipeline implements Solver {

    /** The prime {@code 2^31 - 1}: above every valid n, odd, accepted by every multiplier. */
    public static final int CHECK_MODULUS = Integer.MAX_VALUE;
    /** Largest card-stacking n: the closed form costs {@code O(n^2)} big additions. */
    public static final int MAX_CARD_STACKING_N = 2048;
    /** Largest divisor-game n: the histogram is computed by a modular variant in memory. */
    public static final int MAX_DIVISOR_GAME_N = 1 << 24;
    /** Budget for {@code P × bits(total)}: the power sum raises P numbers to results of up to bits(total) bits. */
    public static final long BIT_BUDGET = 1L << 26;
    /** The id reported for the BigInteger transform and power stages. */
    public static final String EXACT_STAGE = "bigint";

    private final Problem problem;
    private final int n;
    private final long count;
    private final ResolvedConfiguration resolved;
    private final GrundyDistribution distribution;
    private final ExecutionContext ctx;
    private final int points;

    private ExactPipeline(Problem problem, int n, long count, ResolvedConfiguration resolved, int points) {
        this.problem = problem;
        this.n = n;
        this.count = count;
        this.resolved = resolved;
        this.distribution = resolved.distribution().create();
        this.points = points;
        this.ctx = new ExecutionContext(resolved.multiplier().create(CHECK_MODULUS), 1);
    }

    /**
     * Validates the instance against the exact-mode limits and resolves the distribution and
     * multiplier of {@code config} (its transform, power, combine and threads are not used).
     *
     * @throws IllegalArgumentException (one line naming the value and the limit) when invalid or too big
     */
    public static ExactPipeline prepare(Problem problem, int n, long count, Configuration config) {
        Inputs.checkN(problem, n);
        Inputs.checkCount(problem, count);
        int maxN = problem == Problem.CARD_STACKING ? MAX_CARD_STACKING_N : MAX_DIVISOR_GAME_N;
        if (n > maxN) {
            throw new IllegalArgumentException("--exact supports " + problem.id() + " n <= " + maxN + ", got n = " + n
                    + "; use a modulus for larger n");
        }
        // Only the distribution and the multiplier take part; naming repeated-squaring as the
        // combine keeps the resolver from choosing (and warning about) a transform and power.
        Configuration used = new Configuration(config.distribution(), null, config.multiplier(), null,
                "repeated-squaring", 1);
        if (config.multiplier() != null && config.distributionFor(problem) == null) {
            // Here only the distribution can use a given multiplier: prefer one that does.
            for (DistributionVariant d : DistributionVariant.forProblem(problem)) {
                if (d.usesMultiplier() && d.isAvailable()) {
                    used = used.withDistribution(problem, d.id());
                    break;
                }
            }
        }
        ResolvedConfiguration resolved = ConfigurationResolver.resolve(used, problem, CHECK_MODULUS);
        if (config.multiplier() != null && !resolved.distribution().usesMultiplier()) {
            throw new IllegalArgumentException("--multiplier " + config.multiplier() + " would not be used: with --exact"
                    + " only the distribution computes modularly, and " + problem.id() + " distribution '"
                    + resolved.distribution().id() + "' does not use a multiplier; drop one of the two options");
        }
        GrundyDistribution distribution = resolved.distribution().create();
        distribution.checkSupported(n, CHECK_MODULUS);
        int points = Inputs.paddedLength(distribution.size(n));
        long bitsPerComponent = problem == Problem.CARD_STACKING ? n : 64 - Long.numberOfLeadingZeros(n - 1L);
        long totalBits = count > BIT_BUDGET ? Long.MAX_VALUE : Math.max(1, count * bitsPerComponent);
        if (totalBits > BIT_BUDGET / points) {
            throw new IllegalArgumentException("--exact is limited to P × bits(total) <= 2^26 = " + BIT_BUDGET
                    + "; " + problem.id() + " n = " + n + ", " + problem.countName() + " = " + count + " gives P = "
                    + points + " and " + (totalBits == Long.MAX_VALUE ? "more than 2^26" : String.valueOf(totalBits))
                    + " bits; use a modulus instead");
        }
        return new ExactPipeline(problem, n, count, resolved, points);
    }

    @Override
    public ResolvedConfiguration resolved() {
        return resolved;
    }

    @Override
    public Result run() {
        long t0 = System.nanoTime();
        BigInteger[] a = new BigInteger[points];
        Arrays.fill(a, BigInteger.ZERO);
        int size = distribution.size(n);
        int[] modular = new int[size];
        distribution.histogram(n, modular, ctx);
        if (problem == Problem.CARD_STACKING) {
            BigInteger[] exact = ExactCardStackingHistogram.histogram(n);
            BigInteger m = BigInteger.valueOf(CHECK_MODULUS);
            for (int v = 0; v < size; v++) {
                BigInteger e = v < exact.length ? exact[v] : BigInteger.ZERO;
                if (e.mod(m).longValue() != modular[v]) {
                    throw new IllegalStateException("distribution '" + resolved.distribution().id() + "' gives F_" + n
                            + "(" + v + ") = " + modular[v] + " mod " + CHECK_MODULUS + " but the closed form gives "
                            + e);
                }
                a[v] = e;
            }
        } else {
            for (int v = 0; v < size; v++) {
                a[v] = BigInteger.valueOf(modular[v]); // a count <= n - 1 < CHECK_MODULUS: exact
            }
        }
        long t1 = System.nanoTime();
        ExactHadamardTransform.transform(a);
        long t2 = System.nanoTime();
        BigInteger sum = ExactPowerSum.sum(a, count);
        long t3 = System.nanoTime();
        int levels = Integer.numberOfTrailingZeros(points);
        if (sum.getLowestSetBit() < levels && sum.signum() != 0) {
            throw new IllegalStateException("power sum " + sum + " is not divisible by P = " + points);
        }
        BigInteger losing = sum.shiftRight(levels);
        BigInteger base = problem == Problem.CARD_STACKING ? BigInteger.ONE.shiftLeft(n) : BigInteger.valueOf(n - 1L);
        BigInteger winning = base.pow(Math.toIntExact(count)).subtract(losing);
        long t4 = System.nanoTime();
        Map<String, Double> millis = new LinkedHashMap<>();
        millis.put("distribution", (t1 - t0) / 1e6);
        millis.put("transform", (t2 - t1) / 1e6);
        millis.put("power", (t3 - t2) / 1e6);
        millis.put("combine", (t4 - t3) / 1e6);
        Configuration asRun = new Configuration(Map.of(problem, resolved.distribution().id()), EXACT_STAGE,
                resolved.multiplier().id(), EXACT_STAGE, "wht", 1);
        return new Result(problem, n, count, null, losing, winning, asRun, millis);
    }

    @Override
    public void close() {
        ctx.close();
    }
}
