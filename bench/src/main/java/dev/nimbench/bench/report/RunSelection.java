package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which results files the report renders: per (CPU key, JDK) the newest one. A run on a second
 * machine therefore never hides the first machine's. Runs marked {@code partial} in their
 * metadata (an interrupted run) are left out while a complete run of the same machine exists.
 *
 * <p>The selection is a function from (machine, JDK) to the list of files to use, so that pooling
 * several same-revision runs of one machine and JDK can replace "the newest one" without
 * changing the report.
 */
public final class RunSelection {

    private RunSelection() {
    }

    /**
     * Per machine (CPU key order, then JDK), the files to render, in time order (files arrive so,
     * see {@link ResultReader#readDir}): the newest complete one last, after the older complete
     * ones, which {@link Pooling#pool} merges with it where they ran the same revision.
     *
     * @throws BadInputException when a meta file records a malformed or unknown CPU
     */
    public static Map<Machine, List<ResultFile>> select(List<ResultFile> all) throws BadInputException {
        Map<ResultFile, Machine> machines = machines(all);
        Map<Machine, ResultFile> newest = new TreeMap<>(ORDER);
        Map<Machine, ResultFile> newestComplete = new TreeMap<>(ORDER);
        for (ResultFile f : all) {
            Machine m = machines.get(f);
            newest.put(m, f);
            if (!partial(f)) {
                newestComplete.put(m, f);
            }
        }
        Map<Machine, List<ResultFile>> out = new LinkedHashMap<>();
        for (Map.Entry<Machine, ResultFile> e : newest.entrySet()) {
            ResultFile complete = newestComplete.get(e.getKey());
            ResultFile use = complete != null ? complete : e.getValue();
            // Every complete file of this machine up to the one used, in time order: the report pools
            // the same-revision runs among them (Pooling), the newest decides.
            List<ResultFile> files = new ArrayList<>();
            for (ResultFile f : all) {
                if (f == use || (machines.get(f).equals(e.getKey()) && !partial(f) && all.indexOf(f) < all.indexOf(use))) {
                    files.add(f);
                }
            }
            // The machine as this file describes it (model name, label); the key compares equal.
            out.put(machines.get(use), files);
        }
        return out;
    }

    /**
     * The newest of {@code files} (in time order) per CPU key and JDK, keyed {@code "<cpu key> <jdk>"}
     * in key order: the cold-start and exhaustive folders, where another machine's newer run
     * replaces nothing.
     *
     * @throws BadInputException when a meta file records a malformed or unknown CPU
     */
    static Map<String, ResultFile> newestPerMachine(List<ResultFile> files) throws BadInputException {
        Map<String, ResultFile> out = new TreeMap<>();
        for (ResultFile f : files) {
            Machine m = Machine.of(f);
            out.put(m.cpuKey() + " " + m.jdk(), f);
        }
        return out;
    }

    /** Machines in CPU key order, then JDK; files without a recorded CPU last. Only key and JDK count. */
    private static final Comparator<Machine> ORDER = Comparator.comparing((Machine m) -> !m.recorded())
            .thenComparing(Machine::cpuKey).thenComparingInt(Machine::jdk);

    /**
     * The machine of every file. An older meta file (model name and flags, no {@code cpu.key})
     * takes the key of the newer runs with the same model name and vector unit when exactly one
     * key has them AND that key's runs record the same flags, as far as the older recorder wrote
     * flags ({@link #legacyFlags}): the same machine then has one column, not two. An older run
     * whose flags differ (e.g. no {@code avx512_vp2intersect}, no {@code avx_vnni}) came from
     * another CPU of the same model name, and keeps a column of its own.
     */
    static Map<ResultFile, Machine> machines(List<ResultFile> all) throws BadInputException {
        Map<ResultFile, Machine> out = new java.util.HashMap<>();
        // legacy key -> new key -> the flags its runs recorded, as the older recorder would have
        Map<String, Map<String, java.util.Set<java.util.Set<String>>>> keysByModel = new java.util.HashMap<>();
        for (ResultFile f : all) {
            Machine m = Machine.of(f);
            out.put(f, m);
            if (f.meta().values().containsKey("cpu.key") && m.limitLabel() == null) {
                keysByModel.computeIfAbsent(legacyKey(m), k -> new java.util.TreeMap<>())
                        .computeIfAbsent(m.cpuKey(), k -> new java.util.HashSet<>()).add(legacyFlags(f));
            }
        }
        for (ResultFile f : all) {
            Machine m = out.get(f);
            if (m.recorded() && !f.meta().values().containsKey("cpu.key")) {
                Map<String, java.util.Set<java.util.Set<String>>> keys = keysByModel.get(m.cpuKey());
                if (keys != null && keys.size() == 1 && keys.values().iterator().next().contains(legacyFlags(f))) {
                    out.put(f, new Machine(keys.keySet().iterator().next(), m.jdk(), m.model(), null));
                }
            }
        }
        return out;
    }

    /**
     * The file's recorded vector flags that an older meta file would have recorded: {@code avx*},
     * {@code sse*} (not {@code ssse3}), {@code fma}, {@code amx*}, {@code asimd}, {@code sve*},
     * {@code bmi2} (the filter of bench's RunMetadata before CPU keys).
     */
    static java.util.Set<String> legacyFlags(ResultFile f) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (String x : f.meta().values().getOrDefault("cpu.vectorFlags", "").split("\\s+")) {
            if (x.startsWith("avx") || x.startsWith("sse") || x.equals("fma") || x.startsWith("amx") || x.equals("asimd")
                    || x.startsWith("sve") || x.equals("bmi2")) {
                out.add(x);
            }
        }
        return out;
    }

    /** The key an older meta file of this machine would get (model name slug and isa). */
    private static String legacyKey(Machine m) {
        dev.nimbench.platform.CpuKey k = dev.nimbench.platform.CpuKey.parse(m.cpuKey());
        return dev.nimbench.platform.CpuIdentity.fromLegacy(m.model(), isaFlags(k.isa()), 0).key();
    }

    private static java.util.Set<String> isaFlags(String isa) {
        switch (isa) {
            case "avx512": return java.util.Set.of("avx512f", "avx2");
            case "avx2": return java.util.Set.of("avx2");
            case "sse": return java.util.Set.of("sse2");
            case "sve": return java.util.Set.of("sve");
            case "neon": return java.util.Set.of("asimd");
            default: return java.util.Set.of();
        }
    }

    /** Whether the run's metadata marks it as interrupted ({@code "partial": true}). */
    public static boolean partial(ResultFile f) {
        // an interrupted run's meta says "complete": false (bench PartialResults); ReportMain leaves
        // such runs out, so this guards direct callers of the renderer
        return ResultReader.isPartial(f);
    }
}
