/**
 * The project's Maven goals: {@code jmh:run} ({@link dev.nimbench.jmh.RunMojo}: the harness in a JVM
 * of its own, then the report), {@code jmh:report}, {@code jmh:compare} and {@code jmh:ab}; what they
 * share ({@link dev.nimbench.jmh.AbstractJmhMojo}: the JVM and its class path,
 * {@link dev.nimbench.jmh.JavaLauncher}, {@link dev.nimbench.jmh.ProcessTree} so that stopping Maven
 * stops the harness and its forks), and {@link dev.nimbench.jmh.PluginProperties}, which refuses a
 * {@code -Djmh.*} property that no goal reads.
 */
package dev.nimbench.jmh;
