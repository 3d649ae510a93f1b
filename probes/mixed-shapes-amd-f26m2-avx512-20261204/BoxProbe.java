package dev.nimbench.distribution;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.exec.ExecutionContext;
import dev.nimbench.exec.SteadyState;
/** Warms card-stacking distributions up one after another in one JVM (id@n arguments) and prints each outcome. */
public class BoxProbe {
    public static void main(String[] a) {
        for (String id : a) {
            String[] p = id.split("@");
            DistributionVariant v = java.util.Arrays.stream(DistributionVariant.values()).filter(x -> x.id().equals(p[0]) && x.problem() == Problem.CARD_STACKING).findFirst().get();
            int n = Integer.parseInt(p[1]);
            GrundyDistribution d = v.create();
            int[] out = new int[d.size(n)];
            try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.values()[0].create(1_000_000_007), 2)) {
                System.out.println(id + ": " + SteadyState.reach(() -> d.histogram(n, out, ctx), new SteadyState.Rule(100, 3, 6000, 16 * 1024 + 8.0 * n)).describe());
            }
        }
    }
}
