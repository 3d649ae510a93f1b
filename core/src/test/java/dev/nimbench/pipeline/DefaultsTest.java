package dev.nimbench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.CpuIdentity;
import dev.nimbench.platform.CpuIdentity.Vendor;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The default preference lists name only registered variants (the resolver would skip the others
 * silently), and the per-CPU choice: the basis (vendor, JDK) is injected, so the test does not
 * depend on the machine it runs on.
 */
class DefaultsTest {

    /** Every basis whose lists differ, and one of each other vendor. */
    static List<Defaults.Basis> bases() {
        List<Defaults.Basis> all = new ArrayList<>();
        for (Vendor v : Vendor.values()) {
            for (int jdk : new int[] {17, 21, 24, 25}) {
                all.add(new Defaults.Basis(v, jdk));
            }
        }
        return all;
    }

    @Test
    void everyStageListNamesRegisteredIds() {
        assertThat(ids(TransformVariant.class)).containsAll(Defaults.TRANSFORM);
        assertThat(ids(MultiplierVariant.class)).containsAll(Defaults.MULTIPLIER);
        assertThat(ids(PowerVariant.class)).containsAll(Defaults.POWER);
        assertThat(ids(CombineVariant.class)).containsAll(Defaults.COMBINE_ODD).containsAll(Defaults.COMBINE_EVEN);
        for (Defaults.Basis basis : bases()) {
            assertThat(ids(PowerVariant.class)).as(basis.toString()).containsAll(Defaults.power(basis));
            assertThat(ids(CombineVariant.class)).as(basis.toString()).containsAll(Defaults.combineOdd(basis));
        }
    }

    /** The one-shot configuration names registered variants and resolves at each problem's default modulus. */
    @ParameterizedTest
    @EnumSource(Problem.class)
    void theOneShotConfigurationResolves(Problem problem) {
        Configuration c = Defaults.oneShot(problem);
        assertThat(c.threads()).isEqualTo(1);
        ResolvedConfiguration r = ConfigurationResolver.resolve(c, problem, problem.defaultModulus());
        assertThat(r.transform().id()).isEqualTo("blocked");
        assertThat(r.combine().id()).isEqualTo("wht");
        if (c.distributionFor(problem) != null) {
            assertThat(r.distribution().id()).isEqualTo(c.distributionFor(problem));
        }
        assertThat(ConfigSource.oneShot(problem, problem.defaultModulus()).config()).isEqualTo(c);
        assertThat(ConfigSource.oneShot(problem, 1 << 20).description()).isNotEqualTo(ConfigSource.ONE_SHOT);
    }

    /** Every basis ranks every power variant (so a slow default is never a silent fallback). */
    @Test
    void everyBasisRanksEveryPowerVariantOnce() {
        for (Defaults.Basis basis : bases()) {
            assertThat(Defaults.power(basis)).as(basis.toString())
                    .doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(ids(PowerVariant.class));
        }
    }

    @Test
    void intelOnJdk24AndLaterPrefersTheMaskedMontgomeryForm() {
        for (int jdk : new int[] {24, 25, 26}) {
            Defaults.Basis intel = new Defaults.Basis(Vendor.INTEL, jdk);
            assertThat(Defaults.power(intel).get(0)).isEqualTo("vector-montgomery-masked-forkjoin");
            assertThat(Defaults.combineOdd(intel)).startsWith("fused-vector-dist-wht-masked", "wht",
                    "fused-vector-wht-masked");
            assertThat(Defaults.distribution(Problem.CARD_STACKING, intel).get(0))
                    .isEqualTo("vector-tail-sum-recurrence-masked");
            assertThat(intel.describe()).isEqualTo("built-in defaults for intel, JDK " + jdk);
        }
    }

    @Test
    void intelBeforeJdk24PrefersTheFmaForm() {
        for (int jdk : new int[] {17, 21, 23}) {
            Defaults.Basis intel = new Defaults.Basis(Vendor.INTEL, jdk);
            assertThat(Defaults.power(intel).get(0)).isEqualTo("vector-fma-forkjoin");
            assertThat(Defaults.combineOdd(intel)).startsWith("fused-vector-dist-wht-fma", "wht", "fused-vector-wht-fma");
            assertThat(Defaults.distribution(Problem.CARD_STACKING, intel).get(0)).isEqualTo("vector-tail-sum-recurrence");
            assertThat(intel.describe()).isEqualTo("built-in defaults for intel, JDK " + jdk);
        }
    }

    @Test
    void amdKeepsThePlainMontgomeryKernelsOnEveryJdk() {
        for (int jdk : new int[] {17, 25}) {
            Defaults.Basis amd = new Defaults.Basis(Vendor.AMD, jdk);
            assertThat(Defaults.power(amd).get(0)).isEqualTo("vector-montgomery-forkjoin");
            assertThat(Defaults.combineOdd(amd)).startsWith("fused-vector-dist-wht", "wht", "fused-vector-wht");
            assertThat(Defaults.distribution(Problem.CARD_STACKING, amd).get(0)).isEqualTo("vector-tail-sum-recurrence");
            assertThat(amd.describe()).isEqualTo("built-in defaults for amd, JDK " + jdk);
        }
    }

    @Test
    void otherVendorsUseTheAmdListsAndSaySo() {
        for (Vendor v : List.of(Vendor.ARM, Vendor.OTHER)) {
            Defaults.Basis basis = new Defaults.Basis(v, 17);
            assertThat(Defaults.power(basis)).isEqualTo(Defaults.power(new Defaults.Basis(Vendor.AMD, 17)));
            assertThat(Defaults.combineOdd(basis)).isEqualTo(Defaults.combineOdd(new Defaults.Basis(Vendor.AMD, 17)));
            assertThat(basis.describe()).isEqualTo("built-in defaults for " + v.id() + " (the lists measured on amd), JDK 17");
        }
    }

    /** The process's lists are the ones for this machine's basis, detected once. */
    @Test
    void theProcessUsesTheListsOfItsOwnBasis() {
        Defaults.Basis here = new Defaults.Basis(CpuIdentity.current().vendor(), Runtime.version().feature());
        assertThat(Defaults.Basis.current()).isEqualTo(here);
        assertThat(Defaults.POWER).isEqualTo(Defaults.power(here));
        assertThat(Defaults.COMBINE_ODD).isEqualTo(Defaults.combineOdd(here));
        assertThat(Defaults.describe()).isEqualTo(here.describe());
    }

    @ParameterizedTest
    @EnumSource(Problem.class)
    void distributionListNamesVariantsOfThatProblem(Problem problem) {
        List<String> ids = DistributionVariant.forProblem(problem).stream().map(DistributionVariant::id).toList();
        assertThat(ids).containsAll(Defaults.distribution(problem));
        for (Defaults.Basis basis : bases()) {
            assertThat(ids).as(basis.toString()).containsAll(Defaults.distribution(problem, basis));
            assertThat(Defaults.distribution(problem, basis)).as(basis.toString()).doesNotHaveDuplicates();
        }
    }

    private static <E extends Enum<E> & Variant> List<String> ids(Class<E> registry) {
        return Registry.all(registry).stream().map(Variant::id).toList();
    }
}
