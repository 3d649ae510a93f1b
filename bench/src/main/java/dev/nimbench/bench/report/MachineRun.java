package dev.nimbench.bench.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.config.Configuration;
import dev.nimbench.config.ConfigurationJson;
import dev.nimbench.distribution.Problem;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One machine's (CPU key and JDK's) rendered run: its results file (the newest, pooled with the
 * older runs of its revision: {@link Pooling}), its panels, and the recommendation built from it.
 *
 * @param machine the CPU key and JDK
 * @param files the files selected for the machine ({@link RunSelection}), in time order
 * @param file the newest file with the forks of every same-revision file pooled in, only its rows
 *     measured at steady state ({@link SteadyStateCheck})
 * @param measured the same file with every row, the ones shown apart included
 * @param apart the rows not measured at steady state
 * @param panels the panels of {@code file}
 * @param choices the recommendation's one line per stage, for the report
 * @param recommendation the single-machine recommendation ({@link RecommendedConfig#build}:
 *     configuration keys, per problem where the problems' decisions differ, plus {@code evidence})
 */
record MachineRun(Machine machine, List<ResultFile> files, ResultFile file, ResultFile measured,
        List<SteadyStateCheck.Apart> apart, List<Panel> panels,
        List<RecommendedConfig.Choice> choices, ObjectNode recommendation) {

    static MachineRun of(Machine machine, List<ResultFile> files) {
        ResultFile measured = Pooling.pool(files);
        // each file apart by its own warm-up record and allocation, before its forks are pooled
        List<ResultFile> kept = new ArrayList<>();
        List<SteadyStateCheck.Apart> apart = new ArrayList<>();
        for (ResultFile x : files) {
            SteadyStateCheck.Split split = SteadyStateCheck.split(x, Profiling.of(x));
            kept.add(split.kept());
            if (measured.pooled().contains(x.name())) {
                apart.addAll(split.apart());
            }
        }
        ResultFile f = Pooling.pool(kept);
        List<Panel> panels = Panel.of(f.measurements());
        List<RecommendedConfig.Choice> choices = new ArrayList<>();
        ObjectNode rec = RecommendedConfig.build(f, panels, choices);
        return new MachineRun(machine, List.copyOf(files), f, measured, List.copyOf(apart), panels, List.copyOf(choices),
                rec);
    }

    /**
     * The recommended configuration per problem (what {@code solve --config} reads for each): the
     * problem's pipeline decision ({@link Recommender}: the default unless another configuration
     * wins significantly across forks with its whole interval at least 3% faster, with the stages as that configuration
     * ran, leaving out the transform and power its combine does not use), else the stage choices
     * of {@link RecommendedConfig#build}.
     */
    Map<Problem, Configuration> configurationPerProblem() {
        Map<Problem, Configuration> out = new EnumMap<>(Problem.class);
        for (Problem p : Problem.values()) {
            out.put(p, ConfigurationJson.fromNode(recommendation, p));
        }
        return out;
    }
}
