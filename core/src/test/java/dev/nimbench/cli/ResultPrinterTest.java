package dev.nimbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ResultPrinterTest {

    @Test
    void millisPrintsWhatPercentPoint3fPrints() {
        double[] edges = {0, 0.0004, 0.0005, 0.0015, 0.001, 0.999, 0.9995, 1, 9.9999, 12.3456, 1234.5675, 99999.9999,
            1e9 + 0.123, 1e12, -1, Double.NaN};
        for (double ms : edges) {
            assertThat(ResultPrinter.millis(ms)).as("%s", ms).isEqualTo(String.format(Locale.ROOT, "%.3f", ms));
        }
        Random random = new Random(798);
        for (int i = 0; i < 200_000; i++) {
            double ms = random.nextDouble() * Math.pow(10, random.nextInt(8) - 2);
            assertThat(ResultPrinter.millis(ms)).as("%s", ms).isEqualTo(String.format(Locale.ROOT, "%.3f", ms));
        }
    }
}
