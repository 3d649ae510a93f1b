/**
 * The transform stage: the Walsh–Hadamard transform mod M of {@code P = 2^L} residues, in place
 * ({@link dev.nimbench.transform.HadamardTransform}, registry
 * {@link dev.nimbench.transform.TransformVariant}). Lengths {@code 2^0 .. 2^30}; anything else is
 * refused by {@link dev.nimbench.transform.HadamardLength} with a one-line message.
 *
 * <p>Variants, by technique:
 * <ul>
 *   <li>{@code scalar-mod} (baseline): radix-2, one level per sweep over the array, {@code %} at
 *       every butterfly.</li>
 *   <li>{@code lazy-long}: a {@code long} copy with no reduction (exact while {@code 31 + L <= 63},
 *       SPEC §5; enforced), one {@code floorMod} per entry at the end.</li>
 *   <li>{@code blocked}: the two-memory-pass structure of
 *       {@link dev.nimbench.transform.TwoPassPlan} (levels inside L2-sized rows, then the
 *       row-combining levels over strips copied to a small buffer), scalar, conditional-add
 *       reduction ({@code ModButterfly}).</li>
 *   <li>{@code forkjoin}: {@code blocked} with rows and strips split over the pool.</li>
 *   <li>{@code autovec}: {@code blocked}'s plan in plain loops that C2's SuperWord pass
 *       vectorizes (radix-2 sweeps over two arrays at one index; {@code AutoVectorHadamardTransform}
 *       says why only that form): no Vector API, so no boxed phase in a cold JVM (the one-shot
 *       transform).</li>
 *   <li>{@code vector}, {@code vector-forkjoin}, {@code vector-unblocked}: Vector API
 *       {@code int} lanes in {@code dev.nimbench.transform.vector} (biased residues so that a signed lane
 *       minimum performs the modular correction), blocked two-pass, parallel, and without
 *       blocking for comparison. Butterfly: 8 vector instructions (two adds for the bias per
 *       output).</li>
 *   <li>{@code vector-radix8-forkjoin}: the same {@code int} lanes with radix-8 sweeps (in-register
 *       levels and the next three in one sweep, then radix 8 inside 32 KiB sub-blocks, radix 4 up to
 *       the L2 block; radix-16 gather and radix-8 scatter in pass 2: 5 sweeps per L2 block at 16
 *       lanes, as the native yardstick) and a 7-instruction butterfly (one unbias of the second
 *       input per butterfly, shared by both outputs).</li>
 *   <li>{@code vector-umin-forkjoin}: the radix-8 sweeps with the unsigned lane minimum
 *       ({@code VectorOperators.UMIN}, JDK 24+, looked up reflectively), plain residues, 6
 *       instructions per butterfly as the yardstick; unavailable, with the reason, on older JDKs.</li>
 * </ul>
 *
 * <p>Placement: a transform works on a range {@code a[offset, offset + P)} of a longer array (the
 * whole array by default). A large {@code int[]} starts on a G1 heap region, so its element 0 lies
 * 16 bytes past a cache line and every 64-byte vector straddles two lines;
 * {@link dev.nimbench.transform.CacheLineOffset} names the offset (12 by default) that puts the
 * data on a line, as the native yardstick's is. {@code TransformBench} measures there; the two-pass
 * vector transforms are 8–17% faster at that offset than at 0 at 2^24 on AMD Zen 5 (2026-12-02).
 *
 * <p>32-bit lanes: every vector transform already uses {@code int} lanes (16 per 512-bit vector,
 * {@code M < 2^31}); the native yardstick's {@code u32} form is the same lane width.
 *
 * <p>Measured on the 2-core AMD EPYC (Zen 4, AVX-512) shared with other jobs, P = 2^24, JDK 17,
 * one thread, CPU time of the calling thread (wall time was too noisy): scalar-mod ~790 ms,
 * lazy-long ~330 ms, blocked ~250 ms, vector-unblocked ~48 ms, vector ~37 ms (native
 * yardstick: 15 ms). Tried and not kept: lane shuffles ({@code rearrange}) for the in-register
 * levels: ~35 ms in most JVM runs but ~53 ms in one run of three or four, because Java 17
 * re-checks a shuffle on every call and C2 sometimes compiles that check badly (the global
 * {@code -Djdk.incubator.vector.VECTOR_ACCESS_OOB_CHECK=0} removes it, but also every bounds
 * check); the partner lanes are now read from memory instead (deterministic). 64-int strips
 * (pass 2 about 30% slower than 256-int strips). Not tried: {@code long} lanes without
 * reduction in vector form, because Java 17's Vector API has no cheap way to reduce the final
 * {@code |x| < 2^55} values mod M (no 64-bit high multiply, no intrinsified double-to-long
 * conversion) and, once blocked, 32-bit lanes with a conditional subtract per butterfly were 1.5x
 * faster than 64-bit ones in C on the same machine.
 */
package dev.nimbench.transform;
