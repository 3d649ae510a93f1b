#!/usr/bin/env python3
"""Per-round ratios of rounds.txt: each JDK's process over the yardstick of its round, and the medians."""
import collections, statistics, sys
d = collections.defaultdict(dict)
for line in open(sys.argv[1] if len(sys.argv) > 1 else "rounds.txt"):
    f = line.split()
    d[int(f[0])][f[1]] = float(f[2])
skip = {int(x) for x in sys.argv[2:]}  # rounds to leave out (disturbed)
for k in ("jdk17", "jdk25"):
    r = [d[i][k] / d[i]["yardstick"] for i in sorted(d) if k in d[i] and i not in skip]
    print(k, "paired", " ".join("%.3f" % x for x in r), "median %.3f" % statistics.median(r))
    print(k, "unpaired: median %.2f ms over the yardstick's median %.2f ms = %.3f" % (
        statistics.median(d[i][k] for i in d if k in d[i]), statistics.median(d[i]["yardstick"] for i in d),
        statistics.median(d[i][k] for i in d if k in d[i]) / statistics.median(d[i]["yardstick"] for i in d)))
