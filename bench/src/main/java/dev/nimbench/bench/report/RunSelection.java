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
     * Per machine (CPU key order, then JDK), the files to render: the newest (files arrive in time
     * order, see {@link ResultReader#readDir}).
     *
     * @throws BadInputException when a meta file records a malformed or unknown CPU
     */
    public static Map<Machine, List<ResultFile>> select(List<ResultFile> all) throws BadInputException {
        Map<Machine, ResultFile> newest = new TreeMap<>(Comparator.comparing((Machine m) -> !m.recorded())
                .thenComparing(Machine::cpuKey).thenComparingInt(Machine::jdk));
        Map<Machine, ResultFile> newestComplete = new TreeMap<>(Comparator.comparing(Machine::cpuKey)
                .thenComparingInt(Machine::jdk));
        for (ResultFile f : all) {
            Machine m = machineKey(f);
            newest.put(m, f);
            if (!partial(f)) {
                newestComplete.put(m, f);
            }
        }
        Map<Machine, List<ResultFile>> out = new LinkedHashMap<>();
        for (Map.Entry<Machine, ResultFile> e : newest.entrySet()) {
            ResultFile complete = newestComplete.get(e.getKey());
            ResultFile use = complete != null ? complete : e.getValue();
            // The machine as this file describes it (model name, label): keys compare equal.
            out.put(Machine.of(use), new ArrayList<>(List.of(use)));
        }
        return out;
    }

    /** The (CPU key, JDK) of a file, without its model name (which two runs may spell alike). */
    private static Machine machineKey(ResultFile f) throws BadInputException {
        Machine m = Machine.of(f);
        return new Machine(m.cpuKey(), m.jdk(), "", null);
    }

    /** Whether the run's metadata marks it as interrupted ({@code "partial": true}). */
    public static boolean partial(ResultFile f) {
        String p = f.meta().values().get("partial");
        return p != null && !p.equals("false");
    }
}
