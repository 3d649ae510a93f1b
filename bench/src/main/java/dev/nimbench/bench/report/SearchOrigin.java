package dev.nimbench.bench.report;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a pipeline candidate of a run came from, from the {@code search.*} keys of its metadata:
 * the built-in list, the stage leaders of the machine's previous run composed together, or that
 * run's fastest pipeline (the incumbent) with one choice changed. The report's pipeline tables
 * show it beside each configuration, in plan order, so that the search reads as what was tried;
 * the verdict column beside them says what raced out and why.
 */
final class SearchOrigin {

    private SearchOrigin() {
    }

    /**
     * One line for the candidate {@code label} of {@code problem}; {@code deciding}: measured at the
     * thread count that decides (the most any configuration ran with), where the search's
     * candidates are.
     */
    static String describe(RunMeta meta, String problem, String label, boolean deciding) {
        Map<String, String> v = meta.values();
        String wisdom = v.get("search.wisdom");
        if (!deciding) {
            return "built-in list: one thread, the default or a stage at its baseline (what each technique buys;"
                    + " decides nothing)";
        }
        if (wisdom == null) {
            return "built-in list (no earlier default run of this machine and JDK to search from)";
        }
        String incumbent = v.get("search.incumbent/" + problem);
        if (label.equals(incumbent)) {
            return "search: the incumbent, the fastest pipeline of `" + wisdom + "`";
        }
        List<String> neighbours = split(v.get("search.neighbours/" + problem));
        List<String> composed = split(v.get("search.composed/" + problem));
        String how = composed.contains(label) ? "search: the stage leaders of `" + wisdom + "` composed" : null;
        if (neighbours.contains(label) && incumbent != null) {
            String change = "search: the incumbent with " + change(incumbent, label);
            how = how == null ? change : how + "; " + change.substring("search: ".length());
        }
        return how != null ? how : "built-in list";
    }

    /** What {@code label} changes in {@code incumbent}: "power `b` (not `a`)", or "combine `c`". */
    static String change(String incumbent, String label) {
        Map<String, String> from = stages(incumbent);
        Map<String, String> to = stages(label);
        if (!to.get("combine").equals(from.get("combine"))) {
            return "combine `" + to.get("combine") + "` (not `" + from.get("combine") + "`)";
        }
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> e : to.entrySet()) {
            if (!e.getValue().equals(from.get(e.getKey()))) {
                out.append(out.length() == 0 ? "" : ", ").append(e.getKey()).append(" `").append(e.getValue())
                        .append("` (not `").append(from.getOrDefault(e.getKey(), "none")).append("`)");
            }
        }
        return out.length() == 0 ? "nothing changed" : out.toString();
    }

    private static Map<String, String> stages(String label) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("combine", "");
        for (String kv : label.split(",")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                out.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        return out;
    }

    private static List<String> split(String joined) {
        return joined == null || joined.isBlank() ? List.of() : Arrays.asList(joined.trim().split(" "));
    }
}
