package dev.nimbench.exact;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The exact closed form against SPEC §3's table, its identities and the one-suit game tree. */
class ExactCardStackingHistogramTest {

    @Test
    void matchesTheSpecTable() {
        long[][] table = {{2}, {3, 1}, {4, 3, 1}, {6, 6, 3, 1}, {10, 11, 6, 4, 1}, {18, 20, 11, 10, 4, 1}};
        for (int n = 1; n <= table.length; n++) {
            assertThat(longs(ExactCardStackingHistogram.histogram(n))).as("N=%d", n).containsExactly(table[n - 1]);
        }
    }

    @Test
    void satisfiesTheIdentities() {
        for (int n = 2; n <= 300; n++) {
            BigInteger[] f = ExactCardStackingHistogram.histogram(n);
            assertThat(Arrays.stream(f).reduce(BigInteger.ZERO, BigInteger::add)).as("sum N=%d", n)
                    .isEqualTo(BigInteger.ONE.shiftLeft(n));
            assertThat(f[n - 1]).as("F_N(N-1) N=%d", n).isEqualTo(BigInteger.ONE);
            assertThat(f).as("no negative entry N=%d", n).allMatch(v -> v.signum() >= 0);
            if (n >= 3) {
                BigInteger[] previous = ExactCardStackingHistogram.histogram(n - 1);
                for (int k = 1; 2 * k < n; k++) {
                    assertThat(f[2 * k]).as("F_N(2k) = F_(N-1)(2k-1), N=%d k=%d", n, k).isEqualTo(previous[2 * k - 1]);
                }
            }
        }
    }

    @Test
    void equalsTheOneSuitGameTree() {
        for (int n = 1; n <= 10; n++) {
            long[] expected = new long[n];
            Map<Long, Integer> memo = new HashMap<>();
            for (int subset = 0; subset < (1 << n); subset++) {
                int[] state = new int[n];
                for (int c = 0; c < n; c++) {
                    state[c] = (subset >> c) & 1;
                }
                expected[grundy(state, memo)]++;
            }
            assertThat(longs(ExactCardStackingHistogram.histogram(n))).as("N=%d", n).containsExactly(expected);
        }
    }

    /** Grundy value of one suit: card c is 0 (not on the table), 1 (face-up top) or 2 (covered). */
    private static int grundy(int[] state, Map<Long, Integer> memo) {
        long key = 0;
        for (int v : state) {
            key = key * 3 + v;
        }
        Integer known = memo.get(key);
        if (known != null) {
            return known;
        }
        Set<Integer> options = new HashSet<>();
        for (int y = 0; y < state.length; y++) {
            if (state[y] != 1) {
                continue;
            }
            for (int x = y + 1; x < state.length; x++) {
                if (state[x] == 0) {
                    state[y] = 2;
                    state[x] = 1;
                    options.add(grundy(state, memo));
                    state[y] = 1;
                    state[x] = 0;
                }
            }
        }
        int mex = 0;
        while (options.contains(mex)) {
            mex++;
        }
        memo.put(key, mex);
        return mex;
    }

    private static long[] longs(BigInteger[] values) {
        return Arrays.stream(values).mapToLong(BigInteger::longValueExact).toArray();
    }
}
