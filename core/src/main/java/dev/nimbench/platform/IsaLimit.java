package dev.nimbench.platform;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A narrower vector unit simulated on this CPU with HotSpot flags ({@code -Djmh.isa=...}): C2 then
 * emits no instruction wider than the limit, so a run shows which variants still vectorise at that
 * width and how they rank. It is still this CPU (its caches, its clock, its multiplier latencies):
 * the label says "this CPU limited to ...", never another CPU's name, and the CPU key gets the
 * suffix {@code @<id>} so that such a run has its own report column and recommendation entry.
 */
public enum IsaLimit {

    /** At most AVX2 (256-bit vectors): {@code -XX:UseAVX=2}. x86 only. */
    AVX2("avx2", "AVX2", true, "-XX:UseAVX=2"),
    /** No AVX at all, SSE only (128-bit vectors, SSE encodings): {@code -XX:UseAVX=0}. x86 only. */
    SSE("sse", "SSE (no AVX)", true, "-XX:UseAVX=0"),
    /** 128-bit vectors with this CPU's encodings: {@code -XX:MaxVectorSize=16}. Any CPU. */
    V128("128", "128-bit vectors", false, "-XX:MaxVectorSize=16");

    private final String id;
    private final String label;
    private final boolean x86Only;
    private final List<String> jvmFlags;

    IsaLimit(String id, String label, boolean x86Only, String... jvmFlags) {
        this.id = id;
        this.label = label;
        this.x86Only = x86Only;
        this.jvmFlags = List.of(jvmFlags);
    }

    /** The value of {@code -Djmh.isa} and the CPU key suffix after {@code @}. */
    public String id() {
        return id;
    }

    /** The HotSpot flags every benchmark fork gets. */
    public List<String> jvmFlags() {
        return jvmFlags;
    }

    /** E.g. {@code this CPU limited to AVX2}. */
    public String describe() {
        return "this CPU limited to " + label;
    }

    /** Whether the flags exist only on x86 HotSpot ({@code -XX:UseAVX}). */
    public boolean x86Only() {
        return x86Only;
    }

    /**
     * The limit with this id.
     *
     * @throws IllegalArgumentException one line naming the value and the valid ones
     */
    public static IsaLimit fromId(String id) {
        String t = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (IsaLimit l : values()) {
            if (l.id.equals(t)) {
                return l;
            }
        }
        throw new IllegalArgumentException("isa '" + id + "' is not known; valid: " + ids());
    }

    /** The valid ids, comma-separated. */
    public static String ids() {
        return Arrays.stream(values()).map(IsaLimit::id).collect(Collectors.joining(", "));
    }

    /**
     * The widest vector unit a run with this limit can use on a CPU whose widest is {@code isa}
     * (a key's isa part): the narrower of the two, for picking the closest recommendation.
     */
    public String effectiveIsa(String isa) {
        switch (this) {
            case AVX2:
                return "avx512".equals(isa) ? "avx2" : isa;
            case SSE:
            case V128:
                return "avx512".equals(isa) || "avx2".equals(isa) ? "sse" : isa;
            default:
                throw new IllegalStateException(name());
        }
    }
}
