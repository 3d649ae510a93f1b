package dev.nimbench.transform;

/**
 * Where the data of a large {@code int[]} starts on a 64-byte cache line, so that the vector
 * transforms' 64-byte loads and stores (16 {@code int} lanes, AVX-512) each touch one line, as the
 * native yardstick's aligned loads do.
 *
 * <p>An array's elements start {@link #BASE_BYTES} bytes after the object (16 on HotSpot with
 * compressed class pointers, the default; 12 with compact object headers). G1, the default
 * collector, places an array larger than half a heap region (a "humongous" object: from 2 MiB
 * with this machine's 4 MiB regions) at the start of a region, before and after collections, so
 * its element {@code i} lies {@code BASE_BYTES + 4 i} bytes past a line: with the default layout
 * <b>every</b> 16-lane vector at a multiple of 16 straddles two lines. Starting the data at
 * element {@link #INTS} (12 by default, 13 with compact headers) puts it on a line (checked with
 * the raw addresses on JDK 17 and 25: {@code results/align-amd-20261202T1520Z/placement.txt};
 * the Parallel collector gives no such placement). Measured on AMD Zen 5 (2026-12-02,
 * {@code docs/journal/performance-log.md}, tenth session): the radix-8 transform's pass 1 8–22% and pass 2
 * 12–23% faster at offset 12 than at offset 0; offsets 4 and 16 (still off a line) were not.
 *
 * <p>For a smaller array the JVM gives no placement guarantee (8-byte aligned, moved by the
 * collector): the offset is then as good as any other, never wrong. Correctness never depends on
 * it: every transform gives the same residues at every offset (tested).
 */
public final class CacheLineOffset {

    /** Bytes per cache line. */
    public static final int LINE_BYTES = 64;

    /** Bytes from an {@code int[]} object's start to its element 0 ({@code sun.misc.Unsafe.ARRAY_INT_BASE_OFFSET}). */
    public static final int BASE_BYTES = baseBytes();

    /** The element at which a region-aligned {@code int[]}'s data starts on a cache line: {@code 0..15}. */
    public static final int INTS = Math.floorMod(-BASE_BYTES, LINE_BYTES) / Integer.BYTES;

    private CacheLineOffset() {
    }

    /**
     * A new array that holds {@code length} entries from {@link #INTS} on, its data on a cache
     * line when the array is large (see the class comment); zero-filled.
     */
    public static int[] allocate(int length) {
        return new int[INTS + length];
    }

    /**
     * The array base offset, read from {@code sun.misc.Unsafe}'s constant (a read of a number, no
     * memory access; module {@code jdk.unsupported}, present on every HotSpot JDK). Where it is
     * missing the default layout's 16 is assumed: only the speed depends on it.
     */
    private static int baseBytes() {
        try {
            return Class.forName("sun.misc.Unsafe").getField("ARRAY_INT_BASE_OFFSET").getInt(null);
        } catch (ReflectiveOperationException | LinkageError | SecurityException e) {
            return 16;
        }
    }
}
