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

    /**
     * {@code L} for the range {@code a[offset, offset + length)}: {@code length == 2^L} as in
     * {@link #log2}, and the range inside an array of {@code arrayLength} entries.
     *
     * @throws IllegalArgumentException naming the offset, the length and the valid range otherwise
     */
    public static int log2(int arrayLength, int offset, int length) {
        int log = log2(length);
        if (length > arrayLength) {
            throw new IllegalArgumentException("transform length " + length + " exceeds the array's " + arrayLength
                    + " entries");
        }
        if (offset < 0 || offset > arrayLength - length) {
            throw new IllegalArgumentException("transform range [" + offset + ", " + ((long) offset + length)
                    + ") must lie inside the array of " + arrayLength + " entries: 0 <= offset <= " + (arrayLength - length));
        }
        return log;
    }
}
