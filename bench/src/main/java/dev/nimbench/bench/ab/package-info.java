/**
 * {@code mvn -pl bench jmh:ab}: two git revisions measured on one machine with their forks
 * interleaved in rounds ({@link dev.nimbench.bench.ab.AbMain}, order {@link dev.nimbench.bench.ab.AbOrder}),
 * each side's forks merged into one results file ({@link dev.nimbench.bench.ab.AbMerge}) and compared
 * as {@code jmh:compare} does.
 */
package dev.nimbench.bench.ab;
