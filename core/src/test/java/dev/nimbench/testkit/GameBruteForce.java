package dev.nimbench.testkit;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The two games simulated from their rules (SPEC §1), independent of the Grundy-histogram
 * pipeline: references for whole-pipeline answers on tiny inputs.
 */
public final class GameBruteForce {

    private GameBruteForce() {
    }

    /**
     * C(n, s): initial subsets of an s-suit deck of cards 1..n that are losing for the player to
     * move, by win/lose search over whole-game positions (no Sprague–Grundy). Cards are indexed
     * {@code suit * n + (value - 1)}; each is 0 (not on the table), 1 (a face-up top card) or 2
     * (covered). {@code n * s <= 10}.
     */
    public static BigInteger cardStackingLosing(int n, int s) {
        int cards = n * s;
        if (cards > 10) {
            throw new IllegalArgumentException("n * s = " + cards + " is too big for the brute force; valid: <= 10");
        }
        Map<Long, Boolean> memo = new HashMap<>();
        long losing = 0;
        for (int subset = 0; subset < (1 << cards); subset++) {
            int[] state = new int[cards];
            for (int c = 0; c < cards; c++) {
                state[c] = (subset >> c) & 1;
            }
            if (!wins(state, n, s, memo)) {
                losing++;
            }
        }
        return BigInteger.valueOf(losing);
    }

    private static boolean wins(int[] state, int n, int s, Map<Long, Boolean> memo) {
        long key = 0;
        for (int v : state) {
            key = key * 3 + v;
        }
        Boolean known = memo.get(key);
        if (known != null) {
            return known;
        }
        boolean win = false;
        search:
        for (int suit = 0; suit < s; suit++) {
            for (int y = 0; y < n; y++) {
                if (state[suit * n + y] != 1) {
                    continue;
                }
                for (int x = y + 1; x < n; x++) {
                    if (state[suit * n + x] != 0) {
                        continue;
                    }
                    state[suit * n + y] = 2;
                    state[suit * n + x] = 1;
                    boolean opponentWins = wins(state, n, s, memo);
                    state[suit * n + y] = 1;
                    state[suit * n + x] = 0;
                    if (!opponentWins) {
                        win = true;
                        break search;
                    }
                }
            }
        }
        memo.put(key, win);
        return win;
    }

    /**
     * f(n, k): winning ordered k-tuples of pile sizes in 2..n, with each pile's Grundy value from
     * the definition ({@code mex} over splits into two proper divisors > 1) and every tuple
     * enumerated.
     */
    public static BigInteger divisorGameWinning(int n, int k) {
        int[] sg = new int[n + 1];
        for (int m = 2; m <= n; m++) {
            Set<Integer> options = new HashSet<>();
            for (int d1 = 2; d1 < m; d1++) {
                for (int d2 = d1; d2 < m; d2++) {
                    if (m % d1 == 0 && m % d2 == 0) {
                        options.add(sg[d1] ^ sg[d2]);
                    }
                }
            }
            int mex = 0;
            while (options.contains(mex)) {
                mex++;
            }
            sg[m] = mex;
        }
        long winning = 0;
        int values = n - 1;
        long tuples = 1;
        for (int i = 0; i < k; i++) {
            tuples *= values;
        }
        for (long t = 0; t < tuples; t++) {
            long rest = t;
            int xor = 0;
            for (int i = 0; i < k; i++) {
                xor ^= sg[(int) (rest % values) + 2];
                rest /= values;
            }
            if (xor != 0) {
                winning++;
            }
        }
        return BigInteger.valueOf(winning);
    }
}
