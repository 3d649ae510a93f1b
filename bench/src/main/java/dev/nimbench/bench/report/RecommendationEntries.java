package dev.nimbench.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.nimbench.config.Configuration;
import dev.nimbench.config.ConfigurationJson;
import dev.nimbench.config.Recommendations;
import dev.nimbench.distribution.Problem;
import dev.nimbench.platform.CpuKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes {@code recommended-config.json} in the format of {@link Recommendations}: one entry per
 * (CPU key, JDK) rendered now, each with its evidence (results file, date, pipeline medians), and
 * every entry of the previous file whose CPU and JDK were not rendered now, kept as it was: a run
 * on one machine adds or updates that machine's entry and leaves the others alone.
 */
final class RecommendationEntries {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RecommendationEntries() {
    }

    /**
     * The entry of one machine: the chosen configuration per problem (identical stage values are
     * written once, others per problem) and the evidence.
     */
    static Recommendations.Entry entry(Machine machine, Map<Problem, Configuration> perProblem, JsonNode evidence) {
        return new Recommendations.Entry(CpuKey.parse(machine.cpuKey()), machine.jdk(),
                ConfigurationJson.toJson(perProblem), evidence);
    }

    /** The file's JSON text: this render's entries, then the previous file's other entries. */
    static String json(List<MachineRun> runs, Recommendations previous) {
        return json(runs, previous, List.of());
    }

    /**
     * As {@link #json(List, Recommendations)}, each entry's evidence also carrying the one-shot
     * recommendations measured for its CPU key and JDK ({@code evidence.oneShot}, one per problem:
     * the configuration and JVM options for one process per answer; the entry's configuration is
     * the long-running one).
     */
    static String json(List<MachineRun> runs, Recommendations previous, List<OneShotRecommendation> oneShot) {
        List<Recommendations.Entry> entries = new ArrayList<>();
        Set<String> written = new HashSet<>();
        for (MachineRun r : runs) {
            if (!r.machine().recorded()) {
                continue; // no CPU key: nothing solve could match
            }
            ObjectNode ev = evidence(r);
            List<OneShotRecommendation> mine = oneShotFor(r.machine(), oneShot);
            if (!mine.isEmpty()) {
                com.fasterxml.jackson.databind.node.ArrayNode a = ev.putArray("oneShot");
                mine.forEach(o -> a.add(JSON.valueToTree(o.toJson())));
            }
            entries.add(entry(r.machine(), r.configurationPerProblem(), ev));
            written.add(r.machine().cpuKey() + "\u0000" + r.machine().jdk());
        }
        if (previous != null && !previous.legacy()) {
            for (Recommendations.Entry e : previous.entries()) {
                if (!written.contains(e.cpu().text() + "\u0000" + e.jdk())) {
                    entries.add(e);
                }
            }
        }
        return RecommendedConfig.toJson(Recommendations.toJson(entries));
    }

    /** The one-shot recommendations of {@code machine}: same CPU key, same JDK feature. */
    static List<OneShotRecommendation> oneShotFor(Machine machine, List<OneShotRecommendation> all) {
        List<OneShotRecommendation> out = new ArrayList<>();
        for (OneShotRecommendation o : all) {
            if (machine.cpuKey().equals(o.cpu()) && o.jdk() != null && machine.jdk() == Machine.feature(o.jdk())) {
                out.add(o);
            }
        }
        return out;
    }

    private static ObjectNode evidence(MachineRun r) {
        ObjectNode ev = JSON.createObjectNode();
        ResultFile f = r.file();
        ev.put("resultsFile", f.name());
        if (f.pooled().size() > 1) {
            f.pooled().forEach(ev.putArray("pooledFiles")::add);
        }
        String date = f.meta().values().get("timestamp");
        if (date != null) {
            ev.put("date", date);
        }
        String rev = f.meta().values().get("gitRevision");
        if (rev != null) {
            ev.put("gitRevision", rev);
        }
        if (r.machine().limitLabel() != null) {
            ev.put("label", r.machine().limitLabel());
        }
        ObjectNode medians = JSON.createObjectNode();
        JsonNode pipeline = r.recommendation().path("evidence").path("pipeline");
        // the chosen configuration's median over forks: the default's when it was kept
        // (a problem without a decision has only its summary: no median, rather than a 0)
        pipeline.fields().forEachRemaining(e -> {
            JsonNode ms = e.getValue().path(e.getValue().path("keptDefault").asBoolean(true)
                    ? "defaultMedianMillis" : "fastestMedianMillis");
            if (ms.isNumber()) {
                medians.put(e.getKey(), ms.asDouble());
            }
        });
        if (!medians.isEmpty()) {
            ev.set("pipelineMedianMillis", medians);
        }
        r.recommendation().path("evidence").fields().forEachRemaining(e -> ev.set(e.getKey(), e.getValue()));
        return ev;
    }
}
