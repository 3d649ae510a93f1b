package dev.nimbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.arith.MultiplierVariant;
import dev.nimbench.combine.CombineVariant;
import dev.nimbench.distribution.DistributionVariant;
import dev.nimbench.power.PowerVariant;
import dev.nimbench.registry.Registry;
import dev.nimbench.registry.Variant;
import dev.nimbench.transform.TransformVariant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code variants [--json]}: every registered variant of every stage, read from the registries.
 * JSON: {@code {"<stage>": [{"id", "available", "complexity", "description", "unavailableReason"
 * (only when unavailable), "problem" (distribution only)}]}} for the stages distribution,
 * transform, multiplier, power, combine.
 */
final class VariantsCommand {

    private VariantsCommand() {
    }

    static CommandSpec spec() {
        CommandSpec spec = Commands.command("variants", "List the variants of every stage.", VariantsCommand::print);
        spec.addOption(Commands.flag("--json", "Print one JSON object instead of a table."));
        return spec;
    }

    /** Stage name to its registry's constants, in pipeline order. */
    static Map<String, List<? extends Variant>> stages() {
        Map<String, List<? extends Variant>> stages = new LinkedHashMap<>();
        stages.put("distribution", Registry.all(DistributionVariant.class));
        stages.put("transform", Registry.all(TransformVariant.class));
        stages.put("multiplier", Registry.all(MultiplierVariant.class));
        stages.put("power", Registry.all(PowerVariant.class));
        stages.put("combine", Registry.all(CombineVariant.class));
        return stages;
    }

    private static int print(CommandLine cli) {
        if (cli.getParseResult().matchedOptionValue("--json", false)) {
            try {
                cli.getOut().println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(toJson()));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("could not write the variants as JSON", e); // a tree of strings and booleans
            }
        } else {
            cli.getOut().print(table());
        }
        return 0;
    }

    static ObjectNode toJson() {
        ObjectNode root = new ObjectMapper().createObjectNode();
        stages().forEach((stage, variants) -> {
            ArrayNode array = root.putArray(stage);
            for (Variant v : variants) {
                ObjectNode entry = array.addObject();
                entry.put("id", v.id());
                if (v instanceof DistributionVariant d) {
                    entry.put("problem", d.problem().id());
                }
                entry.put("available", v.isAvailable());
                entry.put("complexity", v.complexity());
                entry.put("description", v.description());
                if (!v.isAvailable()) {
                    entry.put("unavailableReason", v.unavailableReason());
                }
            }
        });
        return root;
    }

    /** One block per stage; one line per variant: id, problem, availability, complexity, description. */
    static String table() {
        StringBuilder out = new StringBuilder();
        stages().forEach((stage, variants) -> {
            out.append(stage).append('\n');
            int idWidth = variants.stream().mapToInt(v -> v.id().length()).max().orElse(0);
            int complexityWidth = variants.stream().mapToInt(v -> v.complexity().length()).max().orElse(0);
            for (Variant v : variants) {
                String problem = v instanceof DistributionVariant d ? String.format(Locale.ROOT, "%-15s", d.problem().id()) : "";
                out.append(String.format(Locale.ROOT, "  %-" + idWidth + "s  %s%-11s  %-" + complexityWidth + "s  %s%n",
                        v.id(), problem, v.isAvailable() ? "available" : "unavailable", v.complexity(),
                        v.description()));
                if (!v.isAvailable()) {
                    out.append("      ").append(v.unavailableReason()).append('\n');
                }
            }
        });
        return out.toString();
    }
}
