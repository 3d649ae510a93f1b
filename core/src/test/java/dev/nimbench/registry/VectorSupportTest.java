package dev.nimbench.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.combine.CombineVariant;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.transform.TransformVariant;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The vector variants must really run in the test JVM: these tests FAIL (not skip) when the
 * surefire JVM lacks {@code --add-modules jdk.incubator.vector}, so that a missing flag cannot
 * turn the vector tests into silent scalar runs.
 */
class VectorSupportTest {

    @Test
    void vectorModuleIsPresentInTheTestJvm() {
        assertThat(VectorSupport.isPresent())
                .as("jdk.incubator.vector must be resolved in the test JVM (" + VectorSupport.FIX + ")")
                .isTrue();
    }

    @Test
    void everyVectorVariantIsAvailableAndInstantiates() {
        // every transform and combine but one that needs a newer JDK than this one (HadamardTransformTest and
        // CombineVariantTest check those)
        int jdk = Runtime.version().feature();
        assertThat(Registry.available(TransformVariant.class)).containsExactlyElementsOf(
                Registry.all(TransformVariant.class).stream().filter(v -> v.minimumJdk() <= jdk).collect(Collectors.toList()));
        assertThat(Registry.available(PowerVariant.class)).containsExactly(PowerVariant.values());
        for (TransformVariant v : Registry.available(TransformVariant.class)) {
            assertThat(v.create()).isNotNull();
            assertThat(v.unavailableReason()).isNull();
        }
        for (PowerVariant v : PowerVariant.values()) {
            assertThat(v.create()).isNotNull();
        }
        assertThat(Registry.available(CombineVariant.class)).containsExactlyElementsOf(
                Registry.all(CombineVariant.class).stream().filter(v -> v.minimumJdk() <= jdk).collect(Collectors.toList()));
        for (CombineVariant v : Registry.available(CombineVariant.class)) {
            assertThat(v.usesSpectrum() ? v.create(TransformVariant.values()[0].create(), PowerVariant.values()[0].create())
                    : v.create()).isNotNull();
            assertThat(v.unavailableReason()).isNull();
        }
    }
}
