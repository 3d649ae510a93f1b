package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The measurements of one stage (and, for distribution benchmarks, one problem): its lines,
 * sizes, baseline and per-size winners.
 *
 * <p>Baseline: the stage registry's FIRST constant ({@code TransformVariant}, {@code PowerVariant},
 * {@code MultiplierVariant}, {@code DistributionVariant} of the problem); pipeline: the config
 * labelled {@code baseline}, else {@code default} ({@link Stages#PIPELINE_BASELINE_LABELS}). When
 * that line was not measured, the first candidate line in file order.
 */
public final class Panel {

    /** Significance level of every winner/tie decision. */
    public static final double ALPHA = ForkStats.ALPHA;

    private final String stage;
    private final String problem;
    private final String method;
    private final List<Series> series;
    private final Series baseline;

    private Panel(String stage, String problem, String method, List<Series> series) {
        this.stage = stage;
        this.problem = problem;
        this.method = method;
        this.series = List.copyOf(series);
        this.baseline = chooseBaseline();
    }

    /**
     * Groups measurements into panels: one per stage and problem, and per benchmark method when a
     * class has several measured methods (e.g. the multiplier's dependent chain and independent
     * products); copy-only reference methods are drawn in each of their class's panels. Ordered by
     * stage (see {@link Stages#ORDER}), then problem, then method.
     */
    public static List<Panel> of(List<Measurement> measurements) {
        Map<String, List<Measurement>> groups = new LinkedHashMap<>();
        for (Measurement m : measurements) {
            groups.computeIfAbsent(m.stage() + "\u0000" + (m.problem() == null ? "" : m.problem()),
                    k -> new ArrayList<>()).add(m);
        }
        List<Panel> panels = new ArrayList<>();
        for (List<Measurement> g : groups.values()) {
            Measurement first = g.get(0);
            List<String> methods = g.stream().map(Measurement::method).filter(x -> !isCopy(x)).distinct().toList();
            if (methods.size() <= 1) {
                panels.add(new Panel(first.stage(), first.problem(), null,
                        seriesOf(first.stage(), first.problem(), g)));
                continue;
            }
            for (String method : methods) {
                List<Measurement> sub = g.stream().filter(x -> x.method().equals(method) || isCopy(x.method())).toList();
                panels.add(new Panel(first.stage(), first.problem(), method, seriesOf(first.stage(), first.problem(), sub)));
            }
        }
        panels.sort(Comparator.comparingInt((Panel p) -> Stages.rank(p.stage))
                .thenComparing(p -> p.stage)
                .thenComparing(p -> p.problem == null ? "" : p.problem)
                .thenComparing(p -> p.method == null ? "" : p.method));
        return panels;
    }

    static boolean isCopy(String method) {
        return method.toLowerCase(Locale.ROOT).contains("copy");
    }

    private static List<Series> seriesOf(String stage, String problem, List<Measurement> ms) {
        long methods = ms.stream().map(Measurement::method).distinct().count();
        long nonCopyMethods = ms.stream().map(Measurement::method).filter(m -> !isCopy(m)).distinct().count();
        // Extra parameters name a line only where they vary within the panel (the pipeline's threads);
        // one value for all (the stage benchmarks' threads) is said once, not on every line.
        java.util.Set<String> varying = new java.util.HashSet<>();
        Map<String, String> seen = new LinkedHashMap<>();
        for (Measurement m : ms) {
            m.params().forEach((k, v) -> {
                String prev = seen.putIfAbsent(k, v);
                if (prev != null && !prev.equals(v)) {
                    varying.add(k);
                }
            });
        }
        for (Measurement m : ms) {
            seen.keySet().stream().filter(k -> !m.params().containsKey(k)).forEach(varying::add);
        }
        Map<String, List<Measurement>> byLabel = new LinkedHashMap<>();
        Map<String, String> variantOf = new LinkedHashMap<>();
        Map<String, Boolean> candidateOf = new LinkedHashMap<>();
        for (Measurement m : ms) {
            String label;
            boolean candidate;
            if (methods > 1 && isCopy(m.method())) {
                label = m.method(); // the copy-only reference: one line whatever the variant param
                candidate = false;
            } else {
                String extra = m.params().entrySet().stream()
                        .filter(e -> !e.getKey().equals(Measurement.SIZE) && !e.getKey().equals(Measurement.VARIANT)
                                && !e.getKey().equals(Measurement.PROBLEM) && varying.contains(e.getKey()))
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(", "));
                label = m.variant() != null ? m.variant() : m.method();
                if (nonCopyMethods > 1 && m.variant() != null) {
                    label += " (" + m.method() + ")";
                }
                if (!extra.isEmpty()) {
                    label += " [" + extra + "]";
                }
                candidate = m.variant() != null && !isCopy(m.method());
            }
            List<Measurement> list = byLabel.computeIfAbsent(label, k -> new ArrayList<>());
            if (list.stream().noneMatch(x -> x.size() == m.size())) {
                list.add(m);
            }
            variantOf.putIfAbsent(label, candidate ? m.variant() : null); // a copy reference is no variant
            candidateOf.putIfAbsent(label, candidate);
        }
        // Registry order first (baseline first), then the rest in file order.
        List<String> registryOrder = Stages.registry(stage, problem).stream().map(v -> v.id()).toList();
        List<String> labels = new ArrayList<>(byLabel.keySet());
        labels.sort(Comparator.comparingInt((String l) -> {
            int i = variantOf.get(l) == null ? -1 : registryOrder.indexOf(variantOf.get(l));
            return i < 0 ? Integer.MAX_VALUE : i;
        }));
        List<Series> out = new ArrayList<>();
        for (String l : labels) {
            List<Measurement> pts = new ArrayList<>(byLabel.get(l));
            pts.sort(Comparator.comparingLong(Measurement::size));
            out.add(new Series(l, variantOf.get(l), candidateOf.get(l), List.copyOf(pts)));
        }
        return out;
    }

    private Series chooseBaseline() {
        List<String> wanted = Stages.PIPELINE.equals(stage)
                ? Stages.PIPELINE_BASELINE_LABELS
                : Stages.registryBaseline(stage, problem).map(List::of).orElse(List.of());
        for (String w : wanted) {
            for (Series s : series) {
                if (s.candidate() && w.equals(s.variant())) {
                    return s;
                }
            }
        }
        return series.stream().filter(Series::candidate).findFirst().orElse(null);
    }

    public String stage() {
        return stage;
    }

    /** The problem parameter, null for stages without one. */
    public String problem() {
        return problem;
    }

    /** The benchmark method when the class has several (one panel each), else null. */
    public String method() {
        return method;
    }

    /** e.g. {@code distribution: card-stacking}, {@code multiplier: dependentChain}. */
    public String title() {
        return stage + (problem == null ? "" : ": " + problem) + (method == null ? "" : (problem == null ? ": " : " ") + method);
    }

    /** File-name form of the title, e.g. {@code distribution-card-stacking}. */
    public String slug() {
        return (stage + (problem == null ? "" : "-" + problem) + (method == null ? "" : "-" + method))
                .replaceAll("[^A-Za-z0-9._-]+", "-");
    }

    public List<Series> series() {
        return series;
    }

    public List<Series> candidates() {
        return series.stream().filter(Series::candidate).toList();
    }

    /** The baseline line, null when no line is a candidate. */
    public Series baseline() {
        return baseline;
    }

    /** Every size measured, ascending (sizes &le; 0 = benchmarks without a size parameter). */
    public List<Long> sizes() {
        TreeSet<Long> s = new TreeSet<>();
        series.forEach(x -> x.points().forEach(m -> s.add(m.size())));
        return List.copyOf(s);
    }

    /** Largest size at which at least one candidate was measured; -1 when none. */
    public long largestCandidateSize() {
        return candidates().stream().flatMap(s -> s.points().stream()).mapToLong(Measurement::size).max().orElse(-1);
    }

    /** The unit for charts and tables: the one most entries were reported in. */
    public TimeScale displayUnit() {
        Map<TimeScale, Long> counts = series.stream().flatMap(s -> s.points().stream())
                .collect(Collectors.groupingBy(Measurement::unit, LinkedHashMap::new, Collectors.counting()));
        return counts.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
                .orElse(TimeScale.MILLISECONDS);
    }

    /** The winner decision at {@code size}; null when no candidate was measured there. */
    public Verdict verdict(long size) {
        List<Series> at = candidates().stream().filter(s -> s.at(size) != null)
                .sorted(Comparator.comparingDouble(s -> s.at(size).score())).toList();
        return at.isEmpty() ? null : Verdict.of(size, at, ALPHA);
    }
}
