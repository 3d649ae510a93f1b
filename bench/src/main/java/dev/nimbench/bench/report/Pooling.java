package dev.nimbench.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Repeated runs of one revision on one machine and JDK are pooled, not "newest wins": their forks
 * are evidence of the same thing, and two runs give twice the forks. Files pool when their git
 * revision (not marked {@code -dirty}: uncommitted code may differ), CPU key, profile and thread
 * count are equal; a benchmark's forks are then the forks of every pooled file that measured it.
 * The caller hands in the files of one JDK (and machine); the CPU key is checked again here.
 */
public final class Pooling {

    private Pooling() {
    }

    /**
     * The newest file of {@code files} (one machine and JDK, in time order) pooled with every older
     * file of the same revision, profile and thread count. The result's path and metadata are the
     * newest file's; its measurements carry every pooled fork, named after their files.
     */
    public static ResultFile pool(List<ResultFile> files) {
        ResultFile newest = files.get(files.size() - 1);
        List<ResultFile> same = poolable(files);
        if (same.size() == 1) {
            return newest;
        }
        Map<String, List<Measurement>> byKey = new LinkedHashMap<>();
        for (int i = same.size() - 1; i >= 0; i--) { // the newest file's order first
            int threads = Comparability.threads(same.get(i));
            for (Measurement m : same.get(i).measurements()) {
                byKey.computeIfAbsent(Comparison.key(m, threads), k -> new ArrayList<>()).add(m);
            }
        }
        List<Measurement> pooled = new ArrayList<>();
        for (List<Measurement> ms : byKey.values()) {
            pooled.add(ms.size() == 1 ? ms.get(0) : merge(ms));
        }
        return new ResultFile(newest.path(), List.copyOf(pooled), newest.meta(), same.stream().map(ResultFile::name).toList());
    }

    /** The files {@link #pool} merges: the newest and the older ones of its revision, profile and threads. */
    static List<ResultFile> poolable(List<ResultFile> files) {
        ResultFile newest = files.get(files.size() - 1);
        String rev = newest.meta().first("gitRevision");
        List<ResultFile> out = new ArrayList<>();
        for (ResultFile f : files) {
            if (f == newest || (rev != null && !rev.endsWith("-dirty") && rev.equals(f.meta().first("gitRevision"))
                    && Objects.equals(Comparability.cpuKey(f), Comparability.cpuKey(newest))
                    && Objects.equals(Comparability.profile(f), Comparability.profile(newest))
                    && Comparability.threads(f) == Comparability.threads(newest))) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * One measurement with the forks of all of {@code ms} (same benchmark and params), score and
     * interval recomputed. Each fork keeps the name of its run: runs are blocks, and two pooled
     * measurements are compared within runs ({@link ForkStats#test}), never as if the forks of
     * two runs minutes apart were exchangeable.
     */
    static Measurement merge(List<Measurement> ms) {
        List<double[]> forks = new ArrayList<>();
        List<String> files = new ArrayList<>();
        List<String> runs = new ArrayList<>();
        for (Measurement m : ms) {
            forks.addAll(List.of(m.forks()));
            runs.addAll(List.of(m.forkRuns()));
            files.add(m.file());
        }
        double[][] f = forks.toArray(new double[0][]);
        double[] samples = forks.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        double[] values = ForkStats.values(f);
        double[] ci = ForkStats.interval(values);
        Measurement first = ms.get(0);
        return new Measurement(String.join(" + ", files), first.benchmark(), first.className(), first.method(),
                first.stage(), first.params(), first.mode(), ForkStats.median(values), ci[0], ci[1], samples, f,
                first.unit(), first.jdkVersion(), first.vmName(), runs.toArray(new String[0]));
    }
}
