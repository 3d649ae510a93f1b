package dev.nimbench.bench.report;

/**
 * How fast the two sides' machines were, from each run's metadata: the native yardstick that ran
 * beside it (median of its before and after runs, {@link YardstickSection#yardstickMillis}) and
 * the CPU clock ({@code cpu.mhz}). Two runs of the same code on machines of different speed
 * differ in every absolute time, so {@code jmh:compare} divides each side by its own yardstick
 * before it decides anything when the machines differ by more than the tolerance.
 *
 * @param baselineYardstick baseline's yardstick median, ms (null when none ran beside it)
 * @param candidateYardstick candidate's, ms (null when none)
 * @param baselineMhz baseline's CPU clock, MHz (null when not recorded)
 * @param candidateMhz candidate's (null when not recorded)
 * @param tolerancePercent the difference, in percent, above which the machines count as different
 */
public record MachineSpeed(Double baselineYardstick, Double candidateYardstick, Double baselineMhz,
        Double candidateMhz, double tolerancePercent) {

    /** The tolerance when the comparison has no gate threshold. */
    public static final double DEFAULT_TOLERANCE_PERCENT = 5;

    /** Reads both sides' metadata. */
    public static MachineSpeed of(ResultFile baseline, ResultFile candidate, double tolerancePercent) {
        return new MachineSpeed(YardstickSection.yardstickMillis(baseline), YardstickSection.yardstickMillis(candidate),
                mhz(baseline), mhz(candidate), tolerancePercent);
    }

    private static Double mhz(ResultFile f) {
        String s = f.meta().first("cpu.mhz");
        try {
            double v = s == null ? Double.NaN : Double.parseDouble(s.trim());
            return v > 0 ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** candidate / baseline yardstick, or null when a side has none. */
    public Double yardstickRatio() {
        return baselineYardstick == null || candidateYardstick == null ? null : candidateYardstick / baselineYardstick;
    }

    /** candidate / baseline clock, or null when a side has none. */
    public Double clockRatio() {
        return baselineMhz == null || candidateMhz == null ? null : candidateMhz / baselineMhz;
    }

    /** Whether the yardsticks or the clocks differ by more than the tolerance (either way). */
    public boolean differ() {
        return beyond(yardstickRatio()) || beyond(clockRatio());
    }

    /**
     * The factor each candidate time is divided by to put it on the baseline's machine: the
     * yardstick ratio, when the machines differ and both sides ran the yardstick; null otherwise
     * (the same machine, or nothing to normalise with).
     */
    public Double normalisation() {
        return differ() ? yardstickRatio() : null;
    }

    /** Whether the machines differ and a side lacks the yardstick: no gate can separate machine from code. */
    public boolean cannotNormalise() {
        return differ() && yardstickRatio() == null;
    }

    private boolean beyond(Double ratio) {
        return ratio != null && Math.abs(Math.log(ratio)) > Math.log(1 + tolerancePercent / 100);
    }

    /** One line on what differs, e.g. {@code yardstick 35.3 ms against 43.4 ms (x1.23), clock 2596 against 2096 MHz (x0.81)}. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        if (baselineYardstick != null || candidateYardstick != null) {
            sb.append("yardstick ").append(ms(baselineYardstick)).append(" against ").append(ms(candidateYardstick));
            if (yardstickRatio() != null) {
                sb.append(" (×").append(Format.fixed(yardstickRatio(), 2)).append(')');
            }
        }
        if (baselineMhz != null || candidateMhz != null) {
            sb.append(sb.length() == 0 ? "" : ", ").append("clock ").append(mhzText(baselineMhz)).append(" against ")
                    .append(mhzText(candidateMhz));
            if (clockRatio() != null) {
                sb.append(" (×").append(Format.fixed(clockRatio(), 2)).append(')');
            }
        }
        return sb.length() == 0 ? "neither yardstick nor clock recorded" : sb.toString();
    }

    private static String ms(Double v) {
        return v == null ? "none" : Format.sig(v, 3) + " ms";
    }

    private static String mhzText(Double v) {
        return v == null ? "unknown" : Math.round(v) + " MHz";
    }
}
