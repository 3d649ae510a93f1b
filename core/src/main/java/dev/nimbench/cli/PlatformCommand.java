package dev.nimbench.cli;

import dev.nimbench.config.Defaults;
import dev.nimbench.platform.CpuIdentity;
import dev.nimbench.platform.Platform;
import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code platform}: the facts the defaults are decided from ({@link Platform}: HotSpot's own
 * flags, the JIT, the Vector API), this CPU's identity and key ({@code /proc/cpuinfo}), and the
 * rule that chose the built-in defaults ({@link Defaults#describe()}), for people.
 * {@code solve --json} prints the same facts as {@code platform}.
 */
final class PlatformCommand {

    private PlatformCommand() {
    }

    static CommandSpec spec() {
        return Commands.command("platform", "Show what the JVM says about this CPU and which defaults that chooses.",
                PlatformCommand::print);
    }

    private static int print(CommandLine cli) {
        SolveRunner.checkLanesProperty();
        PrintWriter out = cli.getOut();
        CpuIdentity cpu = CpuIdentity.current();
        out.printf("%-18s %s%n", "cpu", cpu.modelName());
        out.printf("%-18s %s%n", "cpuKey", Platform.effectiveKey(cpu, Platform.current()));
        for (Map.Entry<String, Object> fact : Platform.current().describe().entrySet()) {
            out.printf("%-18s %s%n", fact.getKey(), fact.getValue());
        }
        out.printf("%-18s %s%n", "defaults", Defaults.describe());
        out.flush();
        return 0;
    }
}
