package dev.nimbench.power;

import dev.nimbench.exec.ExecutionContext;

/** The power-sum stage: {@code Σ_i x[i]^s mod M} over the transformed spectrum. */
public interface PowerSum {

    /**
     * {@code Σ x[i]^s mod M} for entries in {@code [0, M)} and {@code s >= 0} ({@code 0^0 = 1});
     * result in {@code [0, M)}. Does not modify {@code x}.
     */
    long sum(int[] x, long s, ExecutionContext ctx);
}
