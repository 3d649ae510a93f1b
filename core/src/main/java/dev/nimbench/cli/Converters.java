package dev.nimbench.cli;

import dev.nimbench.config.Configuration;
import dev.nimbench.pipeline.Inputs;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Option converters whose errors name the value and the valid range. */
final class Converters {

    /** Most threads {@code --threads} accepts: the same bound as a {@code --config} file's. */
    static final int MAX_THREADS = Configuration.MAX_THREADS;
    /** Most runs {@code --repeat} accepts. */
    static final int MAX_REPEAT = 1_000_000;

    private Converters() {
    }

    /** A whole number in {@code [min, max]}, or a one-line error naming the text and the range. */
    static long parse(String label, String text, long min, long max) {
        long value;
        try {
            value = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(label + " = '" + text + "' is not a whole number; valid: "
                    + min + " <= " + label + " <= " + max);
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(label + " = " + value + " is out of range; valid: "
                    + min + " <= " + label + " <= " + max);
        }
        return value;
    }

    private static long convert(String label, String text, long min, long max) {
        try {
            return parse(label, text, min, max);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    static final class Modulus implements ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            return Converters.convert("M", text, 2, Inputs.MAX_MODULUS_EXCLUSIVE - 1);
        }
    }

    static final class Threads implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return (int) Converters.convert("T", text, 1, MAX_THREADS);
        }
    }

    static final class Repeat implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return (int) Converters.convert("R", text, 1, MAX_REPEAT);
        }
    }
}
