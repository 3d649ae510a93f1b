package dev.nimbench.platform;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A CPU key as text ({@link CpuIdentity#key()}): {@code <vendor>-<id>-<isa>[@<limit>]}, checked,
 * with its parts. The recommendation file and the report read keys that others wrote; a key that
 * does not have this shape is refused with one line naming it.
 *
 * @param text the key as written
 * @param vendor {@code intel}, {@code amd}, {@code arm} or {@code other}
 * @param isa the CPU's widest vector unit ({@code avx512}, {@code avx2}, {@code sse}, {@code sve},
 *     {@code neon}, {@code scalar})
 * @param limit the {@link IsaLimit} a preview run was limited to, or null
 */
public record CpuKey(String text, String vendor, String isa, IsaLimit limit) {

    private static final Pattern SHAPE = Pattern.compile(
            "(intel|amd|arm|other)-([a-z0-9]+(?:-[a-z0-9]+)*)-(avx512|avx2|sse|sve|neon|scalar)(?:@([a-z0-9]+))?");

    /**
     * The key in {@code text}.
     *
     * @throws IllegalArgumentException one line naming the text and the expected shape
     */
    public static CpuKey parse(String text) {
        Matcher m = SHAPE.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("CPU key '" + text + "' is malformed; expected"
                    + " <vendor>-<id>-<isa>[@<limit>] with vendor intel|amd|arm|other, isa"
                    + " avx512|avx2|sse|sve|neon|scalar and limit " + IsaLimit.ids()
                    + " (e.g. amd-f26m2-avx512, intel-f6m143-avx512@avx2)");
        }
        IsaLimit limit = m.group(4) == null ? null : IsaLimit.fromId(m.group(4));
        return new CpuKey(text, m.group(1), m.group(3), limit);
    }

    /** Whether {@code text} is a well-formed key. */
    public static boolean isValid(String text) {
        try {
            parse(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The widest vector unit code can use under this key: the isa, narrowed by the limit. */
    public String effectiveIsa() {
        return limit == null ? isa : limit.effectiveIsa(isa);
    }

    /** Same vendor and same usable vector width: the first fallback for a CPU without an entry. */
    public boolean sameVendorAndWidth(CpuKey other) {
        return vendor.equals(other.vendor) && effectiveIsa().equals(other.effectiveIsa());
    }

    @Override
    public String toString() {
        return text;
    }
}
