package dev.nimbench.bench.report;

import java.nio.file.Path;
import java.util.List;

/**
 * One JMH results file with its metadata.
 *
 * @param path where it was read from
 * @param measurements its entries in file order, never empty
 * @param meta the {@code .meta.json} beside it, {@link RunMeta#NONE} when there is none
 * @param pooled the names of the files whose forks it holds ({@link Pooling}): its own name alone
 *     for a file as read
 */
public record ResultFile(Path path, List<Measurement> measurements, RunMeta meta, List<String> pooled) {

    /** A file as read: pooled with nothing. */
    public ResultFile(Path path, List<Measurement> measurements, RunMeta meta) {
        this(path, measurements, meta, List.of(path.getFileName().toString()));
    }

    /** File name without folder. */
    public String name() {
        return path.getFileName().toString();
    }

    /** JDK version the benchmarks ran on (JMH's {@code jdkVersion} of the first entry). */
    public String jdkVersion() {
        return measurements.get(0).jdkVersion();
    }

    /** JDK version and VM name, e.g. {@code 17.0.13 (OpenJDK 64-Bit Server VM)}. */
    public String jdkLabel() {
        Measurement m = measurements.get(0);
        return m.jdkVersion() + (m.vmName().isEmpty() ? "" : " (" + m.vmName() + ")");
    }
}
