package dev.nimbench.bench.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.distribution.Problem;
import dev.nimbench.pipeline.Configuration;
import dev.nimbench.pipeline.ConfigurationJson;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One machine's (CPU key and JDK's) rendered run: its results file, its panels, and the
 * recommendation built from that file alone.
 *
 * @param machine the CPU key and JDK
 * @param files the files used (today: the newest, see {@link RunSelection})
 * @param panels the panels of the file
 * @param choices the recommendation's one line per stage, for the report
 * @param recommendation the single-machine recommendation ({@link RecommendedConfig#build}:
 *     configuration keys plus {@code evidence})
 */
record MachineRun(Machine machine, List<ResultFile> files, List<Panel> panels, List<RecommendedConfig.Choice> choices,
        ObjectNode recommendation) {

    static MachineRun of(Machine machine, List<ResultFile> files) {
        ResultFile f = files.get(files.size() - 1);
        List<Panel> panels = Panel.of(f.measurements());
        List<RecommendedConfig.Choice> choices = new ArrayList<>();
        ObjectNode rec = RecommendedConfig.build(f, panels, choices);
        return new MachineRun(machine, List.copyOf(files), panels, List.copyOf(choices), rec);
    }

    /** The file the sections show. */
    ResultFile file() {
        return files.get(files.size() - 1);
    }

    /**
     * The recommended configuration per problem (what {@code solve --config} reads for each): the
     * problem's fastest whole pipeline measured, where there is one ({@link PipelineChoice}: its
     * distribution, combine, multiplier and threads, and its transform and power only when its
     * combine runs them, so that no entry names a stage its combine would ignore); otherwise the
     * stage choices of {@link RecommendedConfig#build}.
     */
    Map<Problem, Configuration> configurationPerProblem() {
        Map<Problem, Configuration> out = new EnumMap<>(Problem.class);
        for (Problem p : Problem.values()) {
            Configuration stages = ConfigurationJson.fromNode(recommendation, p);
            PipelineChoice best = PipelineChoice.fastest(file(), p,
                    new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode());
            if (best == null) {
                out.put(p, stages);
                continue;
            }
            Configuration run = best.asRun();
            out.put(p, new Configuration(Map.of(p, run.distributionFor(p)), set(run.transform()), run.multiplier(),
                    set(run.power()), run.combine(), run.threads()));
        }
        return out;
    }

    private static String set(String id) {
        return Configuration.NONE.equals(id) ? null : id;
    }
}
