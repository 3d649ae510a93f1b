package dev.nimbench.platform;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the vector kernels multiply modularly in their lanes (docs/lane-arithmetic.md), the choice
 * the defaults depend on: the stage lists put the variants of the chosen form first.
 * <ul>
 *   <li>{@link #PLAIN}: Montgomery with 64-bit lane multiplies ({@code vpmullq}), where they are fast;</li>
 *   <li>{@link #MASKED}: Montgomery with both operands masked to 32 bits ({@code vpmuludq} on JDK 24+);</li>
 *   <li>{@link #FMA}: double lanes with FMA (exact {@code h + l} products), where FMA is hardware.</li>
 * </ul>
 * The system property {@value #PROPERTY} ({@code masked}, {@code fma} or {@code plain}) overrides
 * the choice, as Lucene's {@code org.apache.lucene.vectorization} properties do.
 */
public enum LaneForm {
    PLAIN, MASKED, FMA;

    /** System property overriding the choice. */
    public static final String PROPERTY = "nimbench.lanes";
    /** The first JDK whose C2 turns a LongVector multiply of 32-bit-masked operands into vpmuludq (JDK-8341137). */
    public static final int VPMULUDQ_JDK = 24;

    /** {@code plain}, {@code masked} or {@code fma}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The form chosen and the rule that chose it.
     *
     * @param form the lane form
     * @param rule one line: the facts and the rule, e.g. {@code lanes=fma: AVX-512 on intel ...}
     * @param compiledVectors whether vector variants are worth running at all here
     *     ({@link Platform#compiledVectors()}); without, the scalar variants come first
     * @param allowFma whether FMA variants may be chosen: hardware FMA ({@link Platform#fastFma()}),
     *     or the override asked for them
     */
    public record Choice(LaneForm form, String rule, boolean compiledVectors, boolean allowFma) {
    }

    /**
     * The lane form for this platform, or the override ({@code null} or blank: none).
     *
     * @throws IllegalArgumentException one line naming a bad override and the valid values
     */
    public static Choice choose(Platform p, String override) {
        String facts = p.vectorIsa() + " (" + p.vectorBits() + "-bit) on " + p.vendor().id() + ", JDK "
                + p.jdkFeature() + ", " + p.jit() + (p.fastFma() ? ", hardware FMA" : ", no fast FMA");
        if (override != null && !override.isBlank()) {
            LaneForm forced = fromId(override);
            return new Choice(forced, "lanes=" + forced.id() + ": -D" + PROPERTY + "=" + override.trim() + " (" + facts
                    + ")", p.compiledVectors(), p.fastFma() || forced == FMA);
        }
        LaneForm form;
        String why;
        if (!p.compiledVectors()) {
            form = MASKED;
            why = "vector kernels are not compiled to vector instructions here (" + (p.vectorApi()
                    ? "JIT " + p.jit() + ", " + p.vectorBits() + "-bit vectors" : "no jdk.incubator.vector")
                    + "): scalar variants first";
        } else if (p.fastLaneMultiply64()) {
            form = PLAIN;
            why = "AVX-512 on amd: vpmullq is fast, plain 64-bit lane multiplies";
        } else if (p.jdkFeature() >= VPMULUDQ_JDK && p.useAvx() != null && p.useAvx() >= 2) {
            form = MASKED;
            why = (p.useAvx() >= 3 ? "vpmullq is slow here" : "AVX2 has no 64-bit lane multiply") + " and JDK "
                    + p.jdkFeature() + " >= " + VPMULUDQ_JDK + " compiles masked operands to vpmuludq";
        } else if (p.fastFma()) {
            form = FMA;
            why = "no fast 64-bit lane multiply" + (p.useAvx() != null && p.useAvx() >= 3 ? " (vpmullq is slow on "
                    + p.vendor().id() + ", and JDK " + p.jdkFeature() + " < " + VPMULUDQ_JDK + " has no vpmuludq form)"
                    : "") + ", hardware FMA: double lanes";
        } else {
            form = MASKED;
            why = "no fast 64-bit lane multiply and no hardware FMA: 32-bit masked operands";
        }
        return new Choice(form, "lanes=" + form.id() + ": " + why + " (" + facts + ")", p.compiledVectors(),
                p.fastFma());
    }

    /**
     * The form with this id.
     *
     * @throws IllegalArgumentException one line naming the value and the valid ones
     */
    public static LaneForm fromId(String id) {
        String t = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (LaneForm f : values()) {
            if (f.id().equals(t)) {
                return f;
            }
        }
        throw new IllegalArgumentException("-D" + PROPERTY + "=" + id + " is not known; valid: "
                + Arrays.stream(values()).map(LaneForm::id).collect(Collectors.joining(", ")));
    }
}
