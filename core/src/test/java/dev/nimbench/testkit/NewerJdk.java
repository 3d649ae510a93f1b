package dev.nimbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nimbench.registry.Variant;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** The registries' rule for a variant that needs a newer JDK than the test JVM's ({@link Variant#minimumJdk()}). */
public final class NewerJdk {

    private NewerJdk() {
    }

    /**
     * On a JDK at least {@code variant.minimumJdk()}: available, no reason. Below it: unavailable,
     * the reason names both JDKs, and {@code create} refuses with the id and the reason (never a
     * silent stand-in).
     */
    public static void saysSoAndDoesNotRun(Variant variant, ThrowingCallable create) {
        int jdk = Runtime.version().feature();
        if (jdk >= variant.minimumJdk()) {
            assertThat(variant.isAvailable()).as(variant.id()).isTrue();
            assertThat(variant.unavailableReason()).isNull();
            return;
        }
        assertThat(variant.isAvailable()).as(variant.id()).isFalse();
        assertThat(variant.unavailableReason()).contains("needs JDK " + variant.minimumJdk())
                .contains("this JVM is JDK " + jdk);
        assertThatThrownBy(create).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(variant.id()).hasMessageContaining("needs JDK " + variant.minimumJdk());
    }
}
