package dev.nimbench.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nimbench.arith.MultiplierVariant;
import org.junit.jupiter.api.Test;

class ExecutionContextScratchTest {

    @Test
    void keepsAnArrayPerNameAndShapeAndReplacesItWhenTheShapeChanges() {
        try (ExecutionContext ctx = new ExecutionContext(MultiplierVariant.PLAIN.create(101), 1)) {
            int[] ints = ctx.scratchInts("a", 8);
            assertThat(ctx.scratchInts("a", 8)).isSameAs(ints);
            assertThat(ctx.scratchInts("a", 16)).hasSize(16).isNotSameAs(ints);

            int[][] rows = ctx.scratchRows("b", 4, 32);
            assertThat(rows).hasNumberOfRows(4);
            assertThat(rows[3]).hasSize(32);
            assertThat(rows[0]).isNotSameAs(rows[1]);
            assertThat(ctx.scratchRows("b", 4, 32)).isSameAs(rows);
            assertThat(ctx.scratchRows("b", 4, 64)).isNotSameAs(rows);
            assertThat(ctx.scratchRows("b", 8, 64)).hasNumberOfRows(8);

            // one name, another kind: a new array of the kind asked for, not a cast failure
            assertThat(ctx.scratchInts("b", 4)).hasSize(4);
            assertThat(ctx.scratchRows("a", 2, 2)).hasNumberOfRows(2);
        }
    }
}
