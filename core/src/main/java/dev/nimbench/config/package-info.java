/**
 * What a run is configured with and where each choice came from: {@link dev.nimbench.config.Configuration}
 * (one variant id per stage, the threads), resolved against the registries and the problem by
 * {@link dev.nimbench.config.ConfigurationResolver} into a {@link dev.nimbench.config.ResolvedConfiguration}.
 * The layers, each yielding to the one above: the built-in defaults ({@link dev.nimbench.config.Defaults},
 * per lane form of the platform), the per-CPU entries built into the jar and those of a
 * {@code recommended-config.json} ({@link dev.nimbench.config.Recommendations}, read and written by
 * {@link dev.nimbench.config.ConfigurationJson}), then the command line; {@link dev.nimbench.config.ConfigSource}
 * names the layer that set each stage, which {@code solve --json} prints.
 */
package dev.nimbench.config;
