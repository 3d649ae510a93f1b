package dev.nimbench.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeapBudgetTest {

    @Test
    void neverMoreThanTheFreeHeapAndPositiveInATestJvm() {
        Runtime rt = Runtime.getRuntime();
        long budget = HeapBudget.available();
        assertThat(budget).isPositive().isLessThanOrEqualTo(rt.maxMemory());
    }
}
