package dev.nimbench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options shared by {@code solve card-stacking} and {@code solve divisor-game}. */
final class SolveOptions {

    @Option(names = "--modulus", paramLabel = "M", converter = Converters.Modulus.class,
            description = "Modulus, 2 <= M < 2^31 (default: 1000000007 for card-stacking, 987654321 for divisor-game).")
    Long modulus;

    @Option(names = "--exact", description = "Exact BigInteger counts instead of residues (small inputs only).")
    boolean exact;

    @Option(names = "--distribution", paramLabel = "ID", description = "Distribution variant (see 'variants').")
    String distribution;

    @Option(names = "--transform", paramLabel = "ID", description = "Transform variant.")
    String transform;

    @Option(names = "--multiplier", paramLabel = "ID", description = "Multiplier variant.")
    String multiplier;

    @Option(names = "--power", paramLabel = "ID", description = "Power-sum variant.")
    String power;

    @Option(names = "--combine", paramLabel = "ID", description = "Combine variant: wht or repeated-squaring.")
    String combine;

    @Option(names = "--threads", paramLabel = "T", converter = Converters.Threads.class,
            description = "Parallelism, 1 <= T <= " + Converters.MAX_THREADS + " (default: all cores).")
    Integer threads;

    @Option(names = "--config", paramLabel = "FILE",
            description = "JSON configuration file; options given on the command line override it.")
    Path config;

    @Option(names = "--repeat", paramLabel = "R", converter = Converters.Repeat.class,
            description = "After one warm-up run, run R times and report per-stage medians.")
    Integer repeat;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @Option(names = "--no-prewarm", description = "Do not compile the Vector API kernels on small arrays in a second thread"
            + " while the distribution runs (done for a single run at P >= 2^16; it never changes the answer).")
    boolean noPrewarm;
}
