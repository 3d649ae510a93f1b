package dev.nimbench.transform;

/**
 * Branch-free modular butterflies on {@code int} residues for a modulus {@code 2 <= M < 2^31}.
 * Inputs in {@code [0, M)}, outputs in {@code [0, M)}; one conditional add of M per output, no
 * division. {@code u + v - M} is computed in wrapping {@code int} arithmetic: the intermediate
 * {@code u + v} may wrap, but the true value {@code u + v - M} lies in {@code [-M, M - 2]}, inside
 * the {@code int} range, so the wrapped result is exact.
 */
final class ModButterfly {

    private ModButterfly() {
    }

    /** {@code (u + v) mod M}; u, v in [0, M) -> [0, M). */
    static int add(int u, int v, int m) {
        int s = u + v - m;          // [-M, M - 2]
        return s + ((s >> 31) & m); // [0, M)
    }

    /** {@code (u - v) mod M}; u, v in [0, M) -> [0, M). */
    static int sub(int u, int v, int m) {
        int d = u - v;              // (-M, M)
        return d + ((d >> 31) & m); // [0, M)
    }
}
