package dev.nimbench.bench.report;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** {@code --name value} command-line options; an unknown or valueless option is an error. */
final class Args {

    private final Map<String, String> values = new HashMap<>();

    Args(String[] args, Set<String> known) throws BadInputException {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String name;
            String value;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(2, eq);
                value = a.substring(eq + 1);
            } else if (a.startsWith("--")) {
                name = a.substring(2);
                if (i + 1 >= args.length) {
                    throw new BadInputException("option --" + name + " needs a value");
                }
                value = args[++i];
            } else {
                throw new BadInputException("unexpected argument '" + a + "'; options: --" + String.join(", --", known));
            }
            if (!known.contains(name)) {
                throw new BadInputException("unknown option --" + name + "; options: --" + String.join(", --", known));
            }
            values.put(name, value);
        }
    }

    String get(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    String require(String name) throws BadInputException {
        String v = values.get(name);
        if (v == null) {
            throw new BadInputException("missing required option --" + name);
        }
        return v;
    }

    boolean has(String name) {
        return values.containsKey(name);
    }
}
