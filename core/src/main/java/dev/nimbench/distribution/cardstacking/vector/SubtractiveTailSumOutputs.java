package dev.nimbench.distribution.cardstacking.vector;

import dev.nimbench.distribution.cardstacking.TailSumOutputs;
import dev.nimbench.simd.Species;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link TailSumOutputs} in 64-bit lanes, one step per lane, with <b>no lane multiply</b>: each
 * lazy sum is brought into {@code [0, M)} by conditional subtractions of {@code 8M, 4M, 2M, M}
 * ({@code t = v - cM; v = t < 0 ? v : t}, a compare and a blend: on AVX2 {@code vpcmpgtq} and
 * {@code vblendvpd}; an arithmetic shift by 63 instead measured slower on JDK 17, which emulates
 * {@code vpsraq} there). The form for CPUs without a 64-bit lane multiply (AVX2: {@code vpmullq}
 * is AVX-512 only, and C2 emulates it), where {@link VectorTailSumOutputs}' reciprocal reduction
 * costs more than the scalar loop.
 *
 * <p>Ranges ({@code M < 2^31}; every input in {@code [0, M)}): {@code M - A} is in {@code (0, M]},
 * so {@code F(2k-1)}'s sum is below {@code 10M} and {@code F(2k)}'s below {@code 6M}, both below
 * {@code 16M < 2^35}: no overflow, and four halving subtractions leave {@code [0, M)}
 * (after subtracting {@code cM} when possible the value is below {@code cM}). The residues are
 * the scalar loop's. As {@link VectorTailSumOutputs}, each lane packs {@code F(2k-1) | F(2k) << 32}
 * and the long vector, read as ints, is stored with no shuffle; leftover steps run the scalar loop.
 * Created through {@link dev.nimbench.registry.VectorSupport}.
 */
public final class SubtractiveTailSumOutputs implements TailSumOutputs {

    private static final VectorSpecies<Long> LONG = Species.LONG;
    private static final int VL = LONG.length();
    private static final TailSumOutputs SCALAR = TailSumOutputs.scalar();

    @Override
    public void write(long[] xs, long[] ys, long[] as, long[] pw, int i0, int i1, int[] out, int base, long m,
            long recip) {
        LongVector m1 = LongVector.broadcast(LONG, m);
        LongVector m2 = LongVector.broadcast(LONG, 2 * m);
        LongVector m4 = LongVector.broadcast(LONG, 4 * m);
        LongVector m8 = LongVector.broadcast(LONG, 8 * m);
        int i = i0;
        for (; i + VL <= i1; i += VL) {
            LongVector x0 = LongVector.fromArray(LONG, xs, i);
            LongVector x1 = LongVector.fromArray(LONG, xs, i + 1);
            LongVector c0 = LongVector.fromArray(LONG, xs, i + 2).add(LongVector.fromArray(LONG, ys, i + 2)).add(x1);
            LongVector negA = m1.sub(LongVector.fromArray(LONG, as, i));
            LongVector odd = LongVector.fromArray(LONG, pw, i).add(c0).add(x1).add(LongVector.fromArray(LONG, ys, i + 1))
                    .add(x0).add(negA).add(negA); // < 10M
            LongVector even = LongVector.fromArray(LONG, pw, i + 1).add(c0).add(negA); // < 6M
            LongVector t = odd.sub(m8);
            odd = t.blend(odd, t.compare(VectorOperators.LT, 0)); // < 8M
            t = odd.sub(m4);
            odd = t.blend(odd, t.compare(VectorOperators.LT, 0)); // < 4M
            t = odd.sub(m2);
            odd = t.blend(odd, t.compare(VectorOperators.LT, 0)); // < 2M
            t = odd.sub(m1);
            odd = t.blend(odd, t.compare(VectorOperators.LT, 0)); // < M
            t = even.sub(m4);
            even = t.blend(even, t.compare(VectorOperators.LT, 0)); // < 4M
            t = even.sub(m2);
            even = t.blend(even, t.compare(VectorOperators.LT, 0)); // < 2M
            t = even.sub(m1);
            even = t.blend(even, t.compare(VectorOperators.LT, 0)); // < M
            odd.or(even.lanewise(VectorOperators.LSHL, 32)).reinterpretAsInts().intoArray(out, base + 2 * i);
        }
        SCALAR.write(xs, ys, as, pw, i, i1, out, base, m, recip);
    }
}
