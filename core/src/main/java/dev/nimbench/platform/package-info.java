/**
 * What the JVM says about the machine, read once: {@link dev.nimbench.platform.Platform} (HotSpot's
 * flags: {@code UseAVX}, {@code UseFMA}, {@code MaxVectorSize}, the JIT, the JDK),
 * {@link dev.nimbench.platform.CpuIdentity} and its {@link dev.nimbench.platform.CpuKey} (vendor,
 * family/model, widest vector unit: the key results and recommendations are filed under),
 * {@link dev.nimbench.platform.IsaLimit} (a run limited to a narrower vector unit, {@code -Djmh.isa}),
 * {@link dev.nimbench.platform.LaneForm} (how the vector kernels multiply in their lanes here, the
 * choice the defaults follow), and {@link dev.nimbench.platform.JitGuard} (the two {@code -XX}
 * options without which C2 compiles some kernels boxed: docs/findings/01-jit-trap-limits.md).
 */
package dev.nimbench.platform;
