package dev.nimbench.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.CpuIdentity.Vendor;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The default preference lists name only registered variants (the resolver would skip the others
 * silently), and the per-platform choice: the platform (HotSpot's flags) is injected, so the test
 * does not depend on the machine it runs on.
 */
class DefaultsTest {

    static Defaults.Basis basis(Vendor vendor, int jdk, int useAvx, boolean useFma) {
        return Defaults.Basis.of(PlatformFlags.x86(vendor, jdk, useAvx, useFma), null);
    }

    /** AVX-512 / AVX2 / SSE, with and without FMA, Intel and AMD, JDK 17 and 25, NEON, -Xint. */
    static List<Defaults.Basis> bases() {
        List<Defaults.Basis> all = new ArrayList<>();
        for (Vendor v : new Vendor[] {Vendor.INTEL, Vendor.AMD}) {
            for (int jdk : new int[] {17, 21, 24, 25}) {
                for (int avx : new int[] {3, 2, 0}) {
                    all.add(basis(v, jdk, avx, avx > 0));
                }
                all.add(basis(v, jdk, 3, false));
            }
        }
        all.add(Defaults.Basis.of(PlatformFlags.neon(21), null));
        all.add(Defaults.Basis.of(PlatformFlags.interpreter(), null));
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
            assertThat(ids(TransformVariant.class)).as(basis.toString()).containsAll(Defaults.transform(basis));
            // no list names a variant its JDK cannot run (it would be skipped with a warning on every run)
            assertThat(Defaults.combineOdd(basis)).as(basis.toString()).allMatch(id -> Arrays.stream(CombineVariant.values())
                    .anyMatch(v -> v.id().equals(id) && v.minimumJdk() <= basis.jdk()));
        }
    }

    /** The one-shot configuration names registered variants and resolves at each problem's default modulus. */
    @ParameterizedTest
    @EnumSource(Problem.class)
    void theOneShotConfigurationResolves(Problem problem) {
        Configuration c = Defaults.oneShot(problem);
        assertThat(c.threads()).isEqualTo(1);
        ResolvedConfiguration r = ConfigurationResolver.resolve(c, problem, problem.defaultModulus());
        assertThat(r.transform().id()).isEqualTo("autovec");
        assertThat(r.transform().usesVectorApi()).isFalse();
        assertThat(r.power().id()).isEqualTo("autovec-montgomery");
        assertThat(r.power().usesVectorApi()).isFalse();
        assertThat(r.combine().id()).isEqualTo("wht");
        if (c.distributionFor(problem) != null) {
            assertThat(r.distribution().id()).isEqualTo(c.distributionFor(problem));
        }
        ConfigSource layer = ConfigSource.oneShot(problem);
        assertThat(layer.config()).isEqualTo(c);
        assertThat(layer.description()).isEqualTo(ConfigSource.ONE_SHOT);
        // As a layer it yields: at an even modulus the transform combine cannot run, so the defaults fill it.
        ResolvedConfiguration even = ConfigurationResolver.resolve(Configuration.defaults(), List.of(layer), problem,
                1 << 20);
        assertThat(even.combine().id()).isNotEqualTo("wht");
        assertThat(even.sources().get("combine")).isNotEqualTo(ConfigSource.ONE_SHOT);
    }

    /** Every basis ranks every power variant it may choose (so a slow default is never a silent fallback). */
    @Test
    void everyBasisRanksEveryPowerVariantOnceFmaOnlyWithHardwareFma() {
        for (Defaults.Basis basis : bases()) {
            List<String> allowed = ids(PowerVariant.class).stream()
                    .filter(id -> basis.choice().allowFma() || !id.contains("fma")).toList();
            assertThat(Defaults.power(basis)).as(basis.toString())
                    .doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(allowed);
            if (!basis.choice().allowFma()) {
                assertThat(Defaults.combineOdd(basis)).as(basis.toString()).noneMatch(id -> id.contains("fma"));
            }
        }
    }

    @Test
    void avx512IntelOnJdk24AndLaterPrefersTheMaskedMontgomeryFormAndTheFmaPass2WhereItFusesTheDistribution() {
        for (int jdk : new int[] {24, 25, 26}) {
            Defaults.Basis intel = basis(Vendor.INTEL, jdk, 3, true);
            assertThat(Defaults.power(intel).get(0)).isEqualTo("vector-montgomery-masked-forkjoin");
            assertThat(Defaults.combineOdd(intel)).startsWith("fused-vector-dist-wht-fma", "fused-vector-dist-wht-masked",
                    "wht", "fused-vector-wht-masked");
            assertThat(Defaults.distribution(Problem.CARD_STACKING, intel).get(0))
                    .isEqualTo("vector-tail-sum-recurrence-masked");
            assertThat(intel.describe()).startsWith("built-in defaults, lanes=masked: ");
        }
    }

    @Test
    void avx512IntelBeforeJdk24AndNeonPreferTheFmaForm() {
        List<Defaults.Basis> fma = new ArrayList<>();
        for (int jdk : new int[] {17, 21, 23}) {
            fma.add(basis(Vendor.INTEL, jdk, 3, true));
        }
        fma.add(Defaults.Basis.of(PlatformFlags.neon(21), null));
        for (Defaults.Basis b : fma) {
            assertThat(b.sixteenRegisters()).isFalse();
            assertThat(Defaults.power(b).get(0)).as(b.describe()).isEqualTo("vector-fma-forkjoin");
            assertThat(Defaults.combineOdd(b)).as(b.describe()).startsWith("fused-vector-dist-wht-fma", "wht",
                    "fused-vector-wht-fma");
            assertThat(Defaults.distribution(Problem.CARD_STACKING, b).get(0)).isEqualTo("vector-tail-sum-recurrence");
            assertThat(b.describe()).startsWith("built-in defaults, lanes=fma: ").doesNotContain("16 vector registers");
        }
    }

    /**
     * results/reload-amd-f25m1-avx2-20261203, results/20261203T124902Z-jdk17.json and
     * results/fma-dist-amd-f25m1-avx2-20261203 (AMD Zen 3, AVX2).
     */
    @Test
    void avx2BeforeJdk24PrefersTheFmaReloadKernelsAndTheFmaDistribution() {
        for (Vendor v : new Vendor[] {Vendor.INTEL, Vendor.AMD}) {
            for (int jdk : new int[] {17, 21, 23}) {
                Defaults.Basis b = basis(v, jdk, 2, true);
                assertThat(b.sixteenRegisters()).isTrue();
                assertThat(Defaults.power(b)).as(b.describe()).startsWith("vector-fma-reload-forkjoin", "vector-fma-forkjoin");
                assertThat(Defaults.combineOdd(b)).as(b.describe()).startsWith("fused-vector-dist-wht-fma-reload",
                        "fused-vector-dist-wht-fma", "wht");
                assertThat(Defaults.distribution(Problem.CARD_STACKING, b)).startsWith("vector-tail-sum-recurrence-fma",
                        "tail-sum-recurrence");
                assertThat(b.describe()).startsWith("built-in defaults, lanes=fma: ")
                        .endsWith("; 16 vector registers: the -reload kernels first");
            }
        }
    }

    @Test
    void avx2FromJdk24PrefersTheMaskedReloadKernelsAndTheFmaDistribution() {
        for (Vendor v : new Vendor[] {Vendor.INTEL, Vendor.AMD}) {
            for (int jdk : new int[] {24, 25}) {
                Defaults.Basis b = basis(v, jdk, 2, true);
                assertThat(Defaults.power(b)).as(b.describe()).startsWith("vector-montgomery-masked-reload-forkjoin",
                        "vector-fma-reload-forkjoin");
                assertThat(Defaults.combineOdd(b)).as(b.describe()).startsWith("fused-vector-dist-wht-masked-reload",
                        "fused-vector-dist-wht-fma-reload", "wht");
                assertThat(Defaults.distribution(Problem.CARD_STACKING, b)).startsWith("vector-tail-sum-recurrence-fma",
                        "vector-tail-sum-recurrence-masked");
                assertThat(b.describe()).startsWith("built-in defaults, lanes=masked: ");
            }
        }
    }

    @Test
    void avx512AmdKeepsThePlainMontgomeryKernelsOnEveryJdk() {
        for (int jdk : new int[] {17, 25}) {
            Defaults.Basis amd = basis(Vendor.AMD, jdk, 3, true);
            assertThat(Defaults.power(amd)).startsWith("vector-montgomery-q32-wide-forkjoin", "vector-montgomery-q32-forkjoin",
                    "vector-montgomery-forkjoin");
            // the unsigned-minimum transform passes need JDK 24: listed only there, so JDK 17 does not warn
            List<String> combines = jdk >= 24 ? Defaults.combineOdd(amd).subList(1, Defaults.combineOdd(amd).size())
                    : Defaults.combineOdd(amd);
            assertThat(Defaults.combineOdd(amd).contains("fused-vector-dist-wht-q32-wide-umin")).isEqualTo(jdk >= 24);
            if (jdk >= 24) {
                assertThat(Defaults.combineOdd(amd).get(0)).isEqualTo("fused-vector-dist-wht-q32-wide-umin");
            }
            assertThat(combines).startsWith("fused-vector-dist-wht-q32-wide", "fused-vector-dist-wht-q32",
                    "fused-vector-dist-wht", "wht", "fused-vector-wht");
            assertThat(Defaults.distribution(Problem.CARD_STACKING, amd).get(0)).isEqualTo("vector-tail-sum-recurrence");
            assertThat(amd.describe()).startsWith("built-in defaults, lanes=plain: ");
        }
    }

    @Test
    void withoutFmaTheMaskedFormAndNoFmaVariant() {
        for (Defaults.Basis b : List.of(basis(Vendor.INTEL, 17, 3, false), basis(Vendor.INTEL, 17, 0, false),
                basis(Vendor.AMD, 25, 0, false))) {
            String reload = b.sixteenRegisters() ? "-reload" : ""; // SSE: 16 registers, AVX-512: 32
            assertThat(Defaults.power(b).get(0)).as(b.describe()).isEqualTo("vector-montgomery-masked" + reload + "-forkjoin");
            assertThat(Defaults.power(b)).noneMatch(id -> id.contains("fma"));
            assertThat(Defaults.combineOdd(b)).startsWith("fused-vector-dist-wht-masked" + reload);
        }
    }

    @Test
    void theInterpreterGetsTheScalarVariantsFirst() {
        Defaults.Basis xint = Defaults.Basis.of(PlatformFlags.interpreter(), null);
        assertThat(Defaults.power(xint)).startsWith("forkjoin", "scalar");
        assertThat(Defaults.transform(xint)).startsWith("forkjoin", "blocked", "lazy-long", "scalar-mod");
        assertThat(Defaults.combineOdd(xint).get(0)).isEqualTo("wht");
        assertThat(Defaults.distribution(Problem.CARD_STACKING, xint).get(0)).isEqualTo("tail-sum-recurrence");
    }

    /** The process's lists are the ones for this JVM's platform, decided once. */
    @Test
    void theProcessUsesTheListsOfItsOwnPlatform() {
        Defaults.Basis here = Defaults.Basis.of(dev.nimbench.platform.Platform.current(),
                System.getProperty(dev.nimbench.platform.LaneForm.PROPERTY));
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
