package dev.nimbench.cli;

import java.util.concurrent.Callable;
import java.util.function.ToIntFunction;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * How every command's picocli model is built: programmatically, not from annotations. Reading
 * annotations made picocli reflect over every command class and spin a proxy class per annotation
 * type in every process (no class archive holds those): about 100 ms of CPU before a one-shot
 * {@code solve} started its work (AMD Zen 5, JDK 25 with its AOT cache, docs/cold-start.md).
 */
final class Commands {

    static final String VERSION = "nimbench 1.0.0-SNAPSHOT";

    private Commands() {
    }

    /**
     * A command named {@code name} with {@code -h/--help} and {@code -V/--version}, whose action
     * runs with the command's own {@link CommandLine} (its parse result, its streams) once picocli
     * has parsed the arguments, and returns the exit code.
     */
    static CommandSpec command(String name, String description, ToIntFunction<CommandLine> action) {
        Action callable = new Action(action);
        CommandSpec spec = CommandSpec.wrapWithoutInspection(callable);
        callable.spec = spec;
        spec.name(name).version(VERSION);
        spec.usageMessage().description(description);
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
        return spec;
    }

    /** A boolean flag (no value). */
    static OptionSpec flag(String name, String description) {
        return OptionSpec.builder(name).type(boolean.class).description(description).build();
    }

    /** What picocli calls when the command runs: the action with the command's CommandLine. */
    private static final class Action implements Callable<Integer> {
        private final ToIntFunction<CommandLine> action;
        private CommandSpec spec;

        Action(ToIntFunction<CommandLine> action) {
            this.action = action;
        }

        @Override
        public Integer call() {
            return action.applyAsInt(spec.commandLine());
        }
    }
}
