package dev.nimbench.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.exec.ExecutionContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every distribution that can write ranges ({@link RangeHistogram}) writes exactly what its
 * {@link GrundyDistribution#histogram} writes, however the index range is cut: one range,
 * consecutive blocks (the fused combiner's order), blocks shared out to several writers, random
 * ranges in random order; zero padding above size(n), and nothing written outside a range.
 */
class RangeHistogramTest {

    private static final int[] PRIMES = {1_000_000_007, 998_244_353, 2_147_483_647, 1_000_003};

    static Stream<DistributionVariant> rangeVariants() {
        return Arrays.stream(DistributionVariant.values()).filter(v -> v.create() instanceof RangeHistogram);
    }

    @Test
    void tailSumRecurrenceWritesRanges() {
        assertThat(DistributionVariant.TAIL_SUM_RECURRENCE.create()).isInstanceOf(RangeHistogram.class);
    }

    @ParameterizedTest
    @MethodSource("rangeVariants")
    void everyCutGivesTheWholeHistogram(DistributionVariant variant) {
        Random random = new Random(798);
        List<Integer> sizes = new ArrayList<>();
        for (int n = 1; n <= 80; n++) {
            sizes.add(n);
        }
        sizes.addAll(List.of(255, 256, 257, 1000, 4097, 30_001));
        for (int n : sizes) {
            for (MultiplierVariant multiplier : MultiplierVariant.values()) {
                int m = PRIMES[random.nextInt(PRIMES.length)];
                if (m <= n) {
                    continue;
                }
                GrundyDistribution d = variant.create();
                int size = d.size(n);
                int points = Integer.highestOneBit(Math.max(1, size - 1)) * 2 + 8;
                int[] expected = new int[points];
                try (ExecutionContext ctx = new ExecutionContext(multiplier.create(m), 1)) {
                    // The reference: another recurrence's histogram (the variant's own histogram is
                    // written by its range writer). The padding stays 0.
                    reference(variant).histogram(n, expected, ctx);
                    RangeHistogram.Ranges ranges = ((RangeHistogram) d).ranges(n, ctx);
                    String what = variant.id() + " n=" + n + " M=" + m + " " + multiplier.id();
                    assertThat(oneRange(ranges, points)).as(what + " one range").containsExactly(expected);
                    int block = 2 << random.nextInt(6);
                    assertThat(blocks(ranges, points, block, 1)).as(what + " blocks of " + block).containsExactly(expected);
                    assertThat(blocks(ranges, points, block, 3)).as(what + " 3 writers").containsExactly(expected);
                    assertThat(randomRanges(ranges, points, random)).as(what + " random ranges").containsExactly(expected);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("rangeVariants")
    void refusesWhatHistogramRefuses(DistributionVariant variant) {
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(1_000_000_006), 1)) {
            assertThatThrownBy(() -> ((RangeHistogram) variant.create()).ranges(10, ctx))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1000000006");
        }
    }

    /** An independent histogram of the same problem: tau-recurrence for card stacking. */
    private static GrundyDistribution reference(DistributionVariant variant) {
        assertThat(variant.problem()).isEqualTo(Problem.CARD_STACKING);
        return DistributionVariant.TAU_RECURRENCE.create();
    }

    private static int[] oneRange(RangeHistogram.Ranges ranges, int points) {
        int[] out = new int[points];
        Arrays.fill(out, -7);
        ranges.writer().write(out, 0, points);
        return out;
    }

    /** Blocks of {@code block} entries in order; block i goes to writer {@code i * writers / blocks}. */
    private static int[] blocks(RangeHistogram.Ranges ranges, int points, int block, int writers) {
        int[] out = new int[points];
        Arrays.fill(out, -7);
        int count = (points + block - 1) / block;
        RangeHistogram.Writer[] w = new RangeHistogram.Writer[writers];
        for (int i = 0; i < writers; i++) {
            w[i] = ranges.writer();
        }
        for (int b = 0; b < count; b++) {
            w[(int) ((long) b * writers / count)].write(out, b * block, Math.min(points, (b + 1) * block));
        }
        return out;
    }

    /** Random cut points, ranges written in random order by one writer; each range checked for stray writes. */
    private static int[] randomRanges(RangeHistogram.Ranges ranges, int points, Random random) {
        List<Integer> cuts = new ArrayList<>(List.of(0, points));
        for (int i = random.nextInt(6); i > 0; i--) {
            cuts.add(random.nextInt(points + 1));
        }
        Collections.sort(cuts);
        List<int[]> pieces = new ArrayList<>();
        for (int i = 0; i + 1 < cuts.size(); i++) {
            pieces.add(new int[] {cuts.get(i), cuts.get(i + 1)});
        }
        Collections.shuffle(pieces, random);
        int[] out = new int[points];
        Arrays.fill(out, -7);
        RangeHistogram.Writer writer = ranges.writer();
        for (int[] piece : pieces) {
            int[] before = out.clone();
            writer.write(out, piece[0], piece[1]);
            for (int i = 0; i < points; i++) {
                if (i < piece[0] || i >= piece[1]) {
                    assertThat(out[i]).as("index %d outside [%d, %d)", i, piece[0], piece[1]).isEqualTo(before[i]);
                }
            }
        }
        return out;
    }
}
