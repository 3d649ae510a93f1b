package dev.nimbench.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.TypeConversionException;

/** The options shared by {@code solve card-stacking} and {@code solve divisor-game}: declared once, read once. */
final class SolveOptions {

    /** Modulus; null: the problem's default. */
    Long modulus;
    boolean exact;
    /** Stage variant ids; null: not named on the command line. */
    String distribution;
    String transform;
    String multiplier;
    String power;
    String combine;
    Integer threads;
    Path config;
    Integer repeat;
    boolean json;
    boolean noPrewarm;

    /** Adds the options to a problem's command. */
    static void declare(CommandSpec spec) {
        spec.addOption(OptionSpec.builder("--modulus").paramLabel("M").type(Long.class)
                .converters(new Converters.Modulus())
                .description("Modulus, 2 <= M < 2^31 (default: 1000000007 for card-stacking, 987654321 for divisor-game).")
                .build());
        spec.addOption(Commands.flag("--exact", "Exact BigInteger counts instead of residues (small inputs only)."));
        spec.addOption(id("--distribution", "Distribution variant (see 'variants')."));
        spec.addOption(id("--transform", "Transform variant."));
        spec.addOption(id("--multiplier", "Multiplier variant."));
        spec.addOption(id("--power", "Power-sum variant."));
        spec.addOption(id("--combine", "Combine variant: wht or repeated-squaring."));
        spec.addOption(OptionSpec.builder("--threads").paramLabel("T").type(Integer.class)
                .converters(new Converters.Threads())
                .description("Parallelism, 1 <= T <= " + Converters.MAX_THREADS + " (default: all cores).").build());
        spec.addOption(OptionSpec.builder("--config").paramLabel("FILE").type(Path.class)
                .converters(SolveOptions::path)
                .description("JSON configuration file; options given on the command line override it.").build());
        spec.addOption(OptionSpec.builder("--repeat").paramLabel("R").type(Integer.class)
                .converters(new Converters.Repeat())
                .description("After one warm-up run, run R times and report per-stage medians.").build());
        spec.addOption(Commands.flag("--json", "Print one JSON object instead of text."));
        spec.addOption(Commands.flag("--no-prewarm", "Do not compile the Vector API kernels on small arrays in a second"
                + " thread while the distribution runs (done for a single run at P >= 2^16; it never changes the answer)."));
    }

    /** The options as parsed for one command (those not given: null or false). */
    static SolveOptions of(ParseResult parsed) {
        SolveOptions o = new SolveOptions();
        o.modulus = parsed.matchedOptionValue("--modulus", null);
        o.exact = parsed.matchedOptionValue("--exact", false);
        o.distribution = parsed.matchedOptionValue("--distribution", null);
        o.transform = parsed.matchedOptionValue("--transform", null);
        o.multiplier = parsed.matchedOptionValue("--multiplier", null);
        o.power = parsed.matchedOptionValue("--power", null);
        o.combine = parsed.matchedOptionValue("--combine", null);
        o.threads = parsed.matchedOptionValue("--threads", null);
        o.config = parsed.matchedOptionValue("--config", null);
        o.repeat = parsed.matchedOptionValue("--repeat", null);
        o.json = parsed.matchedOptionValue("--json", false);
        o.noPrewarm = parsed.matchedOptionValue("--no-prewarm", false);
        return o;
    }

    private static OptionSpec id(String name, String description) {
        return OptionSpec.builder(name).paramLabel("ID").type(String.class).description(description).build();
    }

    private static Path path(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw new TypeConversionException("'" + text + "' is not a file path: " + e.getReason());
        }
    }
}
