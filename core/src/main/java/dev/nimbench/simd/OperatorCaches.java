package dev.nimbench.simd;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;

/**
 * Fills the Vector API's per-class operator caches for every operator the kernels of this
 * package use, once, while {@link Species} initialises (interpreted, before any kernel runs).
 *
 * <p>Why: every lanewise operation looks its fallback up in a per-vector-class cache through one
 * shared method ({@code VectorOperators.ImplCache.find}); the first use of an operator on a vector
 * class misses and calls that class's supplier. When that first use happens after
 * {@code find} has been compiled with a profile of another vector class's supplier (say, the
 * long kernels ran first and the double-lane FMA kernel starts later), compiled code deoptimises
 * on a class check, and those traps are counted in {@code find}'s profile. C2 adds the counts of
 * every inlined copy of {@code find} (one per vector operation, about 65 in an eight-chain
 * kernel) and past {@code PerMethodTrapLimit} (100) stops speculating: the vectors stay boxed,
 * about 100x slower. Measured on JDK 17 (results/experiments-20261201-lanes.txt): the FMA power
 * kernel after the Montgomery one was slow in 2 to 3 processes of 4 (class-check total 260, all
 * from {@code ImplCache.find}); with the caches filled here first, see that file. Filling the
 * caches up front makes every later lookup a hit, so no compiled code takes the miss path.
 */
final class OperatorCaches {

    private OperatorCaches() {
    }

    /** Runs each operator once per vector class; the values are discarded. */
    static void fill() {
        IntVector i = IntVector.broadcast(IntVector.SPECIES_PREFERRED, 1);
        LongVector l = LongVector.broadcast(LongVector.SPECIES_PREFERRED, 1);
        DoubleVector d = DoubleVector.broadcast(DoubleVector.SPECIES_PREFERRED, 1);
        int sink = 0;
        sink += i.add(i).sub(i).mul(i).and(i).or(i).neg().min(i).max(i).lanewise(VectorOperators.XOR, i)
                .lanewise(VectorOperators.MIN, i).lanewise(VectorOperators.ASHR, 1).lanewise(VectorOperators.LSHR, 1)
                .lanewise(VectorOperators.LSHL, 1).blend(i, i.compare(VectorOperators.NE, i))
                .reduceLanes(VectorOperators.ADD);
        sink += (int) l.add(l).sub(l).mul(l).and(l).or(l).neg().min(l).max(l).lanewise(VectorOperators.XOR, l)
                .lanewise(VectorOperators.ASHR, 1).lanewise(VectorOperators.LSHR, 1).lanewise(VectorOperators.LSHL, 1)
                .blend(l, l.compare(VectorOperators.NE, l)).reduceLanes(VectorOperators.ADD);
        sink += (int) d.add(d).sub(d).mul(d).neg().min(d).max(d).fma(d, d)
                .blend(d, d.compare(VectorOperators.LT, d)).reduceLanes(VectorOperators.ADD);
        if (sink == 42) { // never: keeps the calls from looking dead to a reader
            Thread.onSpinWait();
        }
    }
}
