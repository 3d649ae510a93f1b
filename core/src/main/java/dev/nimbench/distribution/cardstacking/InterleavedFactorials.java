package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.ModMath;
import dev.nimbench.arith.ModularMultiplier;
import dev.nimbench.exec.PoolTasks;
import java.util.concurrent.ForkJoinPool;

/**
 * {@link FactorialTables} by scalar products in interleaved chains.
 *
 * <p>Built with one modular inverse per chain and no divisions in the loops. A single running
 * product {@code k! = (k-1)! * k} is latency-bound (every multiplication waits for the previous
 * one, ~15 cycles for a division-free reduction). Instead {@code [1, n]} is cut into
 * {@link #CHAINS} contiguous blocks whose running products advance in the same loop iteration:
 * eight independent dependency chains that the CPU overlaps.
 * <ol>
 *   <li>Pass 1 (forward): block-local prefix products {@code fact[x] = prod(blockStart..x)}.</li>
 *   <li>Block offsets: {@code offset[b] = (b*len)!}, the product of the earlier blocks' totals
 *       ({@link #CHAINS} products); the few values beyond the last full block are done in one
 *       short chain.</li>
 *   <li>Pass 2 (backward): per block, one inverse {@code ((b+1)*len)!^{-1}} and the backward
 *       chain {@code (x-1)!^{-1} = x!^{-1} * x}; in the same iteration the block-local factorial
 *       is multiplied by its offset. Sixteen independent products per iteration.</li>
 * </ol>
 * With a pool, both passes split into groups of eight blocks that run in parallel; only the
 * few offset products and inverses between the passes are sequential.
 * The factors {@code x} enter the products lifted ({@code lift(x) = x*K}); lifted counters step
 * by {@code lift(1)} with a modular addition rather than a conversion per x.
 */
public final class InterleavedFactorials implements FactorialTables {

    /** Independent product chains per pass (enough to cover the multiply latency). */
    public static final int CHAINS = 8;

    @Override
    public void fill(int n, ModularMultiplier mul, int[] fact, int[] invFact, ForkJoinPool pool, int parts) {
        if (n < 4 * CHAINS) {
            buildSequential(n, mul, fact, invFact);
        } else {
            buildInterleaved(n, mul, fact, invFact, pool, parts);
        }
    }

    /** The textbook construction: one forward chain, one inverse, one backward chain. */
    private static void buildSequential(int n, ModularMultiplier mul, int[] fact, int[] invFact) {
        final long m = mul.modulus();
        final long one = mul.lift(1 % m); // lift(1) = K mod M
        long f = mul.lift(one); // 0! lifted twice
        fact[0] = (int) f;
        long x = 0; // lift(x)
        for (int i = 1; i <= n; i++) {
            x = ModMath.add(x, one, m);
            f = mul.multiplyScaled(f, x); // (i-1)! K^2 * i K / K = i! K^2
            fact[i] = (int) f;
        }
        long inv = ModMath.inverse(mul.unlift(mul.unlift(f)), m); // ordinary (n!)^{-1}
        for (int i = n; i >= 1; i--) {
            invFact[i] = (int) inv;
            inv = mul.multiplyScaled(inv, x); // (i!)^{-1} * i = ((i-1)!)^{-1}, ordinary
            x = ModMath.sub(x, one, m);
        }
        invFact[0] = (int) inv;
    }

    private static void buildInterleaved(int n, ModularMultiplier mul, int[] fact, int[] invFact,
            ForkJoinPool pool, int parts) {
        final long m = mul.modulus();
        final long one = mul.lift(1 % m);
        final int groups = pool == null ? 1 : Math.max(1, Math.min(parts, n / (4 * CHAINS)));
        final int blocks = CHAINS * groups;
        final int len = n / blocks; // block B covers [B*len + 1, (B+1)*len]; len >= 4

        // Pass 1: block-local running products (lifted twice); group g owns blocks 8g..8g+7.
        long[] totals = new long[blocks]; // ordinary residues
        PoolTasks.run(pool, groups, g -> pass1(fact, mul, g * CHAINS * len, len, totals, g * CHAINS));

        // Offsets, ordinary residues: o[B] = (B*len)! = product of the earlier blocks' totals.
        long[] offsets = new long[blocks + 1];
        offsets[0] = 1 % m;
        for (int b = 0; b < blocks; b++) {
            offsets[b + 1] = mul.multiply(offsets[b], totals[b]);
        }

        // The < blocks values past the last block: a short ordinary chain, forward then back.
        fact[0] = (int) mul.lift(one);
        long f = mul.lift(mul.lift(offsets[blocks]));
        long x = mul.lift(blocks * len);
        for (int i = blocks * len + 1; i <= n; i++) {
            x = ModMath.add(x, one, m);
            f = mul.multiplyScaled(f, x);
            fact[i] = (int) f;
        }
        long inv = ModMath.inverse(mul.unlift(mul.unlift(f)), m); // ordinary (n!)^{-1}
        for (int i = n; i > blocks * len; i--) {
            invFact[i] = (int) inv;
            inv = mul.multiplyScaled(inv, x);
            x = ModMath.sub(x, one, m);
        }

        // Pass 2, backward: inverse chains seeded at each block's top, and the offset fix-up.
        long[] seeds = new long[blocks]; // ((B+1)*len)!^{-1}
        for (int b = 0; b < blocks - 1; b++) {
            seeds[b] = ModMath.inverse(offsets[b + 1], m);
        }
        seeds[blocks - 1] = inv; // from the tail chain
        PoolTasks.run(pool, groups, g -> pass2(fact, invFact, mul, g * CHAINS * len, len, seeds, offsets, g * CHAINS));
        invFact[0] = (int) (1 % m);
    }

    /**
     * Pass 1 over eight blocks of {@code len} starting after {@code base}: {@code fact[x]} =
     * product of the block's values up to x, lifted twice; block totals (ordinary) to
     * {@code totals[t0..t0+7]}.
     */
    private static void pass1(int[] fact, ModularMultiplier mul, int base, int len, long[] totals, int t0) {
        final long m = mul.modulus();
        final long one = mul.lift(1 % m);
        final int b0 = base;
        final int b1 = base + len;
        final int b2 = base + 2 * len;
        final int b3 = base + 3 * len;
        final int b4 = base + 4 * len;
        final int b5 = base + 5 * len;
        final int b6 = base + 6 * len;
        final int b7 = base + 7 * len;
        final long oneOne = mul.lift(one); // 1 lifted twice
        long c0 = oneOne;
        long c1 = oneOne;
        long c2 = oneOne;
        long c3 = oneOne;
        long c4 = oneOne;
        long c5 = oneOne;
        long c6 = oneOne;
        long c7 = oneOne;
        long x0 = mul.lift(b0); // lift(block start + i), stepped by lift(1)
        long x1 = mul.lift(b1);
        long x2 = mul.lift(b2);
        long x3 = mul.lift(b3);
        long x4 = mul.lift(b4);
        long x5 = mul.lift(b5);
        long x6 = mul.lift(b6);
        long x7 = mul.lift(b7);
        for (int i = 1; i <= len; i++) {
            x0 = ModMath.add(x0, one, m);
            x1 = ModMath.add(x1, one, m);
            x2 = ModMath.add(x2, one, m);
            x3 = ModMath.add(x3, one, m);
            x4 = ModMath.add(x4, one, m);
            x5 = ModMath.add(x5, one, m);
            x6 = ModMath.add(x6, one, m);
            x7 = ModMath.add(x7, one, m);
            c0 = mul.multiplyScaled(c0, x0);
            c1 = mul.multiplyScaled(c1, x1);
            c2 = mul.multiplyScaled(c2, x2);
            c3 = mul.multiplyScaled(c3, x3);
            c4 = mul.multiplyScaled(c4, x4);
            c5 = mul.multiplyScaled(c5, x5);
            c6 = mul.multiplyScaled(c6, x6);
            c7 = mul.multiplyScaled(c7, x7);
            fact[b0 + i] = (int) c0;
            fact[b1 + i] = (int) c1;
            fact[b2 + i] = (int) c2;
            fact[b3 + i] = (int) c3;
            fact[b4 + i] = (int) c4;
            fact[b5 + i] = (int) c5;
            fact[b6 + i] = (int) c6;
            fact[b7 + i] = (int) c7;
        }
        totals[t0] = mul.unlift(mul.unlift(c0));
        totals[t0 + 1] = mul.unlift(mul.unlift(c1));
        totals[t0 + 2] = mul.unlift(mul.unlift(c2));
        totals[t0 + 3] = mul.unlift(mul.unlift(c3));
        totals[t0 + 4] = mul.unlift(mul.unlift(c4));
        totals[t0 + 5] = mul.unlift(mul.unlift(c5));
        totals[t0 + 6] = mul.unlift(mul.unlift(c6));
        totals[t0 + 7] = mul.unlift(mul.unlift(c7));
    }

    /**
     * Pass 2 over the same eight blocks, backward: inverse factorials from the seeds
     * {@code ((B+1)*len)!^{-1}}, and the block-local factorials times their offsets
     * {@code (B*len)!} (lifted once, so the scaled product keeps the K^2 of the factorials).
     */
    private static void pass2(int[] fact, int[] invFact, ModularMultiplier mul, int base, int len,
            long[] seeds, long[] offsets, int t0) {
        final long m = mul.modulus();
        final long one = mul.lift(1 % m);
        final int b0 = base;
        final int b1 = base + len;
        final int b2 = base + 2 * len;
        final int b3 = base + 3 * len;
        final int b4 = base + 4 * len;
        final int b5 = base + 5 * len;
        final int b6 = base + 6 * len;
        final int b7 = base + 7 * len;
        long v0 = seeds[t0];
        long v1 = seeds[t0 + 1];
        long v2 = seeds[t0 + 2];
        long v3 = seeds[t0 + 3];
        long v4 = seeds[t0 + 4];
        long v5 = seeds[t0 + 5];
        long v6 = seeds[t0 + 6];
        long v7 = seeds[t0 + 7];
        final long l0 = mul.lift(offsets[t0]);
        final long l1 = mul.lift(offsets[t0 + 1]);
        final long l2 = mul.lift(offsets[t0 + 2]);
        final long l3 = mul.lift(offsets[t0 + 3]);
        final long l4 = mul.lift(offsets[t0 + 4]);
        final long l5 = mul.lift(offsets[t0 + 5]);
        final long l6 = mul.lift(offsets[t0 + 6]);
        final long l7 = mul.lift(offsets[t0 + 7]);
        long x0 = mul.lift(b1); // lift of each block's top, stepped down by lift(1)
        long x1 = mul.lift(b2);
        long x2 = mul.lift(b3);
        long x3 = mul.lift(b4);
        long x4 = mul.lift(b5);
        long x5 = mul.lift(b6);
        long x6 = mul.lift(b7);
        long x7 = mul.lift(b7 + len);
        for (int i = len; i >= 1; i--) {
            invFact[b0 + i] = (int) v0;
            invFact[b1 + i] = (int) v1;
            invFact[b2 + i] = (int) v2;
            invFact[b3 + i] = (int) v3;
            invFact[b4 + i] = (int) v4;
            invFact[b5 + i] = (int) v5;
            invFact[b6 + i] = (int) v6;
            invFact[b7 + i] = (int) v7;
            v0 = mul.multiplyScaled(v0, x0);
            v1 = mul.multiplyScaled(v1, x1);
            v2 = mul.multiplyScaled(v2, x2);
            v3 = mul.multiplyScaled(v3, x3);
            v4 = mul.multiplyScaled(v4, x4);
            v5 = mul.multiplyScaled(v5, x5);
            v6 = mul.multiplyScaled(v6, x6);
            v7 = mul.multiplyScaled(v7, x7);
            x0 = ModMath.sub(x0, one, m);
            x1 = ModMath.sub(x1, one, m);
            x2 = ModMath.sub(x2, one, m);
            x3 = ModMath.sub(x3, one, m);
            x4 = ModMath.sub(x4, one, m);
            x5 = ModMath.sub(x5, one, m);
            x6 = ModMath.sub(x6, one, m);
            x7 = ModMath.sub(x7, one, m);
            fact[b0 + i] = (int) mul.multiplyScaled(fact[b0 + i], l0);
            fact[b1 + i] = (int) mul.multiplyScaled(fact[b1 + i], l1);
            fact[b2 + i] = (int) mul.multiplyScaled(fact[b2 + i], l2);
            fact[b3 + i] = (int) mul.multiplyScaled(fact[b3 + i], l3);
            fact[b4 + i] = (int) mul.multiplyScaled(fact[b4 + i], l4);
            fact[b5 + i] = (int) mul.multiplyScaled(fact[b5 + i], l5);
            fact[b6 + i] = (int) mul.multiplyScaled(fact[b6 + i], l6);
            fact[b7 + i] = (int) mul.multiplyScaled(fact[b7 + i], l7);
        }
    }
}
