/**
 * What every stage's registry shares: a registry is an enum of {@link dev.nimbench.registry.Variant}s
 * (an id, a description, a complexity, whether it can run in this JVM and why not), looked up by
 * id through {@link dev.nimbench.registry.Registry}; {@link dev.nimbench.registry.VectorSupport} says
 * once, and loudly, when the Vector API module is missing. The harness plans its benchmarks from
 * these enums, so a new constant is benchmarked with no other change.
 */
package dev.nimbench.registry;
