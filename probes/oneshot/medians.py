#!/usr/bin/env python3
"""Per-label medians of an A/B file written by ab-oneshot.sh or jar-ab.sh: wall, CPU and each stage (ms)."""
import re
import statistics
import sys

rows = {}
for line in open(sys.argv[1]):
    if line.startswith('#') or 'wall_ms' not in line:
        continue
    label = line.split()[0]
    values = {'wall': float(re.search(r'wall_ms (\d+)', line).group(1)),
              'cpu_s': float(re.search(r'cpu_s ([\d.]+)', line).group(1))}
    for stage, ms in re.findall(r'(distribution|transform|power|combine|total) ([\d.]+)', line):
        values[stage] = float(ms)
    values['outside'] = values['wall'] - values.get('total', 0)
    rows.setdefault(label, []).append(values)
for label, runs in rows.items():
    keys = ['wall', 'cpu_s', 'distribution', 'transform', 'power', 'total', 'outside']
    print(label, f'n={len(runs)}', ' '.join(f'{k} {statistics.median(r[k] for r in runs):.6g}' for k in keys if k in runs[0]))
