/**
 * The power sum in Vector API lanes: {@code LanePowerSum} (one thread) and
 * {@code ForkJoinLanePowerSum} (split over the pool), each over one {@code simd/LaneKernel}, the
 * lane multiply named by its id (Montgomery with 64-bit, masked or 32-bit-quotient products, or
 * double lanes with FMA: docs/lane-arithmetic.md). Created by {@link dev.nimbench.power.PowerVariant}
 * through {@link dev.nimbench.registry.VectorSupport#create}.
 */
package dev.nimbench.power.vector;
