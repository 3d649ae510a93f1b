#!/bin/bash
# The probes of results/avx2-distribution-kernels-amd-f25m17-avx512-20261206/, one JVM per line,
# limited to AVX2 like a -Djmh.isa=avx2 run. Usage: run.sh <java> <classes of side A> <classes of side B> [rounds]
# (e.g. core/target/classes of two worktrees). Compile first:
#   javac --add-modules jdk.incubator.vector -cp core/target/classes -d /tmp/probes probes/<this folder>/*.java
set -euo pipefail
J=$1; A=$2; B=$3; R=${4:-5}
FLAGS="--add-modules jdk.incubator.vector -XX:PerMethodRecompilationCutoff=10000 -XX:PerMethodTrapLimit=10000 -XX:UseAVX=2"
for r in $(seq "$R"); do
  for side in "$A" "$B"; do
    t=$($J $FLAGS -cp "$side:/tmp/probes" TabProbe 10000000 20 FmaFactorialTables 2>/dev/null | grep '^fill' | awk '{print $2}' | sort -n | sed -n 2p)
    echo "round $r $side tables fill: $t ms (second best of the last 8 calls)"
  done
done
$J $FLAGS -cp "$B:/tmp/probes" ScaleProbe 10000000 30
