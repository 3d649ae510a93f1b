/**
 * The power-sum stage: {@code Σ x[i]^s mod M} over the spectrum
 * ({@link dev.nimbench.power.PowerSum}, registry {@link dev.nimbench.power.PowerVariant}).
 * {@code s} is any {@code long >= 0} ({@code 0^0 = 1}, so {@code s = 0} gives {@code P mod M}).
 *
 * <p>Variants: {@code scalar} (baseline; {@code ctx.multiplier().pow} per entry, so it runs with
 * the configured multiplier), {@code vector-montgomery} (Vector API, {@code R = 2^32}, lazy
 * values in {@code [0, 2M)}, eight independent chains (four, reduced strictly, for
 * {@code M >= 2^30}), inputs read as Montgomery forms and one
 * correcting factor {@code R^(s-1)} at the end; odd M only, an even M is refused naming it),
 * {@code forkjoin} and {@code vector-montgomery-forkjoin} (the same split into
 * {@code 4 * threads} chunks over the pool), the masked, {@code q32} and FMA lane forms
 * (see {@link dev.nimbench.power.PowerVariant}), and {@code autovec-montgomery} (and
 * {@code -forkjoin}): Montgomery powers in plain loops that C2's SuperWord pass vectorizes, with
 * no Vector API and so no boxed phase in a cold JVM (the one-shot power sum; 0.6-0.7x the speed of
 * {@code vector-montgomery-q32} warm).
 *
 * <p>Measured (2-core Zen 4, P = 2^24, s = 10^7, JDK 17 and 25 alike, one thread, CPU time):
 * vector-montgomery ~61 ms (2 threads ~31 ms when the second core was free), scalar with the
 * plain multiplier ~1220 ms; native yardstick 39 / 19 ms. The kernel runs at about three 64-bit
 * lane multiplies ({@code vpmullq}) per Montgomery product, which is its throughput bound; the
 * native code uses the 32x32->64 {@code vpmuludq}, which the Vector API does not expose. Tried
 * and not kept: masking the operands to 32 bits hoping C2 selects {@code vpmuludq} (35% slower
 * on JDK 17 and 25), computing {@code M'} products in int lanes via reinterpretation (2.7x slower
 * on 17), 4 chains (15% slower) and 12 chains (same as 8).
 */
package dev.nimbench.power;
