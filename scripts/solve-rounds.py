#!/usr/bin/env python3
"""Interleaved one-process-per-configuration timings of `nimbench solve` (no JMH).

Each round starts one JVM per configuration, in a new random order every round, and reads the
per-stage medians that `solve --repeat R --json` prints. Prints, per configuration, the median over
rounds of each stage and of the total, with the min and max over rounds. A screening tool: a
verdict needs the JMH forks of `mvn -pl bench jmh:run` (docs/verdicts.md).

usage: scripts/solve-rounds.py [--java J] [--rounds N] [--repeat R] [--jar JAR] -- PROBLEM N S -- ARGS... [-- ARGS...]
each ARGS group is one configuration (solve options, e.g. "--power vector-fma-forkjoin --combine wht").
"""
import json, random, statistics, subprocess, sys

def main(argv):
    java, rounds, repeat, jar = "java", 5, 7, "core/target/nimbench.jar"
    i = 0
    while argv[i] != "--":
        k, v = argv[i], argv[i + 1]
        if k == "--java": java = v
        elif k == "--rounds": rounds = int(v)
        elif k == "--repeat": repeat = int(v)
        elif k == "--jar": jar = v
        else: sys.exit(f"unknown option {k}")
        i += 2
    groups, cur = [], None
    for a in argv[i:]:
        if a == "--":
            cur = []
            groups.append(cur)
        else:
            cur.append(a)
    problem, configs = groups[0], [g for g in groups[1:]]
    base = [java, "--add-modules", "jdk.incubator.vector", "-XX:PerMethodRecompilationCutoff=10000",
            "-XX:PerMethodTrapLimit=10000", "-jar", jar, "solve", *problem, "--repeat", str(repeat), "--json"]
    runs = {k: [] for k in range(len(configs))}
    answers = set()
    for r in range(rounds):
        order = list(range(len(configs)))
        random.shuffle(order)
        for k in order:
            out = subprocess.run(base + configs[k], capture_output=True, text=True)
            if out.returncode != 0:
                sys.exit(f"config {configs[k]} failed: {out.stderr.strip()}")
            j = json.loads(out.stdout)
            answers.add(j["answer"])
            t = j["timingsMillis"]
            t["total"] = sum(t.values())
            t["_config"] = j["config"]
            runs[k].append(t)
    if len(answers) != 1:
        sys.exit(f"configurations disagree: {answers}")
    print(f"answer {answers.pop()}; {rounds} rounds, --repeat {repeat}, {java}")
    for k, cfg in enumerate(configs):
        ts = runs[k]
        cells = []
        for st in ("distribution", "transform", "power", "combine", "total"):
            v = [t.get(st, 0.0) for t in ts]
            cells.append(f"{st[:5]} {statistics.median(v):7.1f} [{min(v):6.1f},{max(v):6.1f}]")
        c = ts[0]["_config"]
        print(" ".join(cfg) or "(defaults)", "|", f"{c['distribution']} {c['transform']} {c['power']} {c['combine']} t{c['threads']}")
        print("    " + "  ".join(cells))

if __name__ == "__main__":
    main(sys.argv[1:])
