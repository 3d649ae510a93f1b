package dev.nimbench.distribution.cardstacking;

import dev.nimbench.arith.ModularMultiplier;
import java.util.concurrent.ForkJoinPool;

/**
 * How a {@link BinomialTable}'s arrays are filled: the scalar interleaved chains
 * ({@link InterleavedFactorials}) or vector prefix scans ({@code cardstacking/vector/VectorMontgomeryFactorials}).
 * Every implementation writes exactly the same residues.
 */
public interface FactorialTables {

    /**
     * Fills {@code fact[0..n]} with {@code k! K^2 mod M} and {@code inv[0..n]} with
     * {@code (k!)^-1 mod M} (K = {@code mul}'s scale, see {@link ModularMultiplier#multiplyScaled}),
     * both in {@code [0, M)}, for a prime {@code M = mul.modulus() > n} (checked by the caller).
     * Work may be split into {@code parts} tasks of {@code pool} ({@code null}: this thread).
     */
    void fill(int n, ModularMultiplier mul, int[] fact, int[] inv, ForkJoinPool pool, int parts);
}
