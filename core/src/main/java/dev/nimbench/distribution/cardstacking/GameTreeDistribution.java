package dev.nimbench.distribution.cardstacking;

import dev.nimbench.distribution.GrundyDistribution;
import dev.nimbench.exec.ExecutionContext;

/**
 * The reference: one suit's game simulated from the rules, no closed form. A position is the
 * pair (face-up tops T, cards not on the table U), two disjoint bitmasks over cards {@code 1..n}
 * (bit i = card i+1); covered cards are in neither. A move takes {@code Y in T} and
 * {@code X in U} with {@code X > Y} and puts X on Y: {@code T' = T - Y + X}, {@code U' = U - X}.
 *
 * <p>Each card has one of three states (covered 0, top 1, unused 2), so a position is a
 * base-3 number {@code idx = sum digit_i 3^i} and a move subtracts {@code 3^Y + 3^X}: every
 * successor has a smaller index. The memo is therefore filled in increasing index order, each
 * Grundy value the mex over already-known successors; all {@code 3^n} positions, byte memo.
 * The initial position of a subset S is {@code T = S}, {@code U = complement of S}.
 * Exponential: it refuses {@code n > }{@link #MAX_N}.
 */
public final class GameTreeDistribution implements GrundyDistribution {

    /** Largest n accepted: 3^16 = 43M positions, a few seconds and 43 MB. */
    public static final int MAX_N = 16;

    @Override
    public int size(int n) {
        return CardStacking.size(n);
    }

    @Override
    public void checkSupported(int n, int modulus) {
        CardStacking.size(n);
        if (n > MAX_N) {
            throw new IllegalArgumentException(
                    "card-stacking brute-force is O(3^n): n must be in [1, " + MAX_N + "]: got " + n);
        }
    }

    @Override
    public long workingBytes(int n) {
        return n > MAX_N ? Long.MAX_VALUE : pow3(n) + 16;
    }

    @Override
    public void histogram(int n, int[] out, ExecutionContext ctx) {
        checkSupported(n, ctx.modulus());
        CardStacking.requireOut(n, out);
        int positions = (int) pow3(n);
        int[] pow3 = new int[n];
        for (int i = 0; i < n; i++) {
            pow3[i] = (int) pow3(i);
        }
        byte[] grundy = new byte[positions];
        int tops = 0; // T of position idx, kept in step with a base-3 counter
        int unused = 0; // U of position idx
        for (int idx = 0; idx < positions; idx++) {
            long seen = 0; // bit g set when some move leads to Grundy value g (< n <= 16)
            for (int t = tops; t != 0; t &= t - 1) {
                int y = Integer.numberOfTrailingZeros(t);
                int above = unused & -(2 << y); // cards X > Y not on the table
                for (int u = above; u != 0; u &= u - 1) {
                    int x = Integer.numberOfTrailingZeros(u);
                    seen |= 1L << grundy[idx - pow3[y] - pow3[x]];
                }
            }
            grundy[idx] = (byte) Long.numberOfTrailingZeros(~seen);
            // Next index: base-3 increment; digit 2 (unused) wraps to 0 (covered) with a carry.
            int i = 0;
            while (i < n && (unused >>> i & 1) != 0) {
                unused &= ~(1 << i);
                i++;
            }
            if (i < n) {
                if ((tops >>> i & 1) != 0) {
                    tops &= ~(1 << i);
                    unused |= 1 << i;
                } else {
                    tops |= 1 << i;
                }
            }
        }
        long[] count = new long[n];
        int all = (1 << n) - 1;
        for (int subset = 0; subset <= all; subset++) {
            int idx = 0;
            for (int i = 0; i < n; i++) {
                idx += ((subset >>> i & 1) != 0 ? 1 : 2) * pow3[i];
            }
            count[grundy[idx]]++;
        }
        long m = ctx.modulus();
        for (int g = 0; g < n; g++) {
            out[g] = (int) (count[g] % m);
        }
    }

    private static long pow3(int e) {
        long p = 1;
        for (int i = 0; i < e; i++) {
            p *= 3;
        }
        return p;
    }
}
