package dev.nimbench.transform;

/** Checks a transform length {@code P = 2^L} and returns {@code L}. */
public final class HadamardLength {

    /** Largest supported {@code L}: {@code int[]} cannot hold {@code 2^31} entries. */
    public static final int MAX_LOG = 30;

    private HadamardLength() {
    }

    /**
     * {@code L} with {@code length == 2^L}, {@code 0 <= L <= 30}.
     *
     * @throws IllegalArgumentException naming the length when it is not such a power of two
     */
    public static int log2(int length) {
        if (length <= 0 || Integer.bitCount(length) != 1) {
            throw new IllegalArgumentException(
                    "transform length must be a power of two 2^L with 0 <= L <= " + MAX_LOG + ", got " + length);
        }
        return Integer.numberOfTrailingZeros(length);
    }
}
