#!/usr/bin/env python3
"""Interleaved process-level A/B of `nimbench solve` (one value per process, per stage).

usage: procab.py JAVA BASE_JAR CAND_JAR PAIRS -- SOLVE_ARGS...
Runs PAIRS rounds of one process a side, in A B / B A order alternating, each with the JIT guard
and --json; takes each process's timingsMillis (the median of its --repeat runs) and prints, per
stage and for the whole pipeline, both sides' medians, the Hodges-Lehmann ratio (candidate/base)
with its 95% Moses interval and the exact two-sided Mann-Whitney p.
"""
import itertools, json, math, subprocess, sys
from scipy.stats import mannwhitneyu

GUARD = ["-XX:PerMethodRecompilationCutoff=10000", "-XX:PerMethodTrapLimit=10000"]

def run(java, jar, args):
    out = subprocess.run([java, "--add-modules", "jdk.incubator.vector", *GUARD, "-jar", jar, "solve", *args, "--json"],
                         capture_output=True, text=True, check=True).stdout
    d = json.loads(out)
    t = dict(d["timingsMillis"])
    t["total"] = sum(t.values())
    return d["answer"], t

def hl(base, cand):
    """Hodges-Lehmann ratio and Moses 95% interval from pairwise log-ratios."""
    diffs = sorted(math.log(c / b) for b, c in itertools.product(base, cand))
    n1, n2 = len(base), len(cand)
    # Moses: drop C values each side, C from the normal approximation of U's 2.5% quantile
    c = int(math.floor(n1 * n2 / 2 - 1.96 * math.sqrt(n1 * n2 * (n1 + n2 + 1) / 12)))
    c = max(c, 0)
    mid = diffs[len(diffs) // 2] if len(diffs) % 2 else (diffs[len(diffs) // 2 - 1] + diffs[len(diffs) // 2]) / 2
    return math.exp(mid), math.exp(diffs[c]), math.exp(diffs[len(diffs) - 1 - c])

def main():
    java, base_jar, cand_jar, pairs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    args = sys.argv[sys.argv.index("--") + 1:]
    vals = {"base": [], "cand": []}
    answers = set()
    for k in range(pairs):
        order = [("base", base_jar), ("cand", cand_jar)] if k % 2 == 0 else [("cand", cand_jar), ("base", base_jar)]
        for side, jar in order:
            a, t = run(java, jar, args)
            answers.add(a)
            vals[side].append(t)
        print(f"round {k + 1}: base total {vals['base'][-1]['total']:.1f} ms, cand total {vals['cand'][-1]['total']:.1f} ms", flush=True)
    print(f"answers: {sorted(answers)}")
    print(f"| stage | base median (ms) | cand median (ms) | ratio [95%] | p (Mann-Whitney, exact) |")
    print(f"|---|---:|---:|---:|---:|")
    for key in vals["base"][0]:
        b = [t[key] for t in vals["base"]]
        c = [t[key] for t in vals["cand"]]
        if min(b) <= 0.05 or min(c) <= 0.05:
            continue
        r, lo, hi = hl(b, c)
        p = mannwhitneyu(c, b, alternative="two-sided", method="exact").pvalue
        med = lambda xs: sorted(xs)[len(xs) // 2] if len(xs) % 2 else (sorted(xs)[len(xs) // 2 - 1] + sorted(xs)[len(xs) // 2]) / 2
        print(f"| {key} | {med(b):.1f} | {med(c):.1f} | {r:.3f} [{lo:.3f}, {hi:.3f}] | {p:.3g} |")

if __name__ == "__main__":
    main()
