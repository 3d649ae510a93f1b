package dev.nimbench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.distribution.Problem;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The default preference lists name only registered variants (the resolver would skip the others silently). */
class DefaultsTest {

    @Test
    void everyStageListNamesRegisteredIds() {
        assertThat(ids(TransformVariant.class)).containsAll(Defaults.TRANSFORM);
        assertThat(ids(MultiplierVariant.class)).containsAll(Defaults.MULTIPLIER);
        assertThat(ids(PowerVariant.class)).containsAll(Defaults.POWER);
        assertThat(ids(CombineVariant.class)).containsAll(Defaults.COMBINE_ODD).containsAll(Defaults.COMBINE_EVEN);
    }

    @ParameterizedTest
    @EnumSource(Problem.class)
    void distributionListNamesVariantsOfThatProblem(Problem problem) {
        assertThat(DistributionVariant.forProblem(problem).stream().map(DistributionVariant::id).toList())
                .containsAll(Defaults.distribution(problem));
    }

    private static <E extends Enum<E> & Variant> List<String> ids(Class<E> registry) {
        return Registry.all(registry).stream().map(Variant::id).toList();
    }
}
