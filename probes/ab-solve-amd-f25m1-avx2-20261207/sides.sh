#!/usr/bin/env bash
# One `solve` process per side per round, sides in a rotating order, JDK given by $JAVA (default
# java): C(10^7, 10^7) at 2 threads, the stage timings line of each process.
# Usage: sides.sh <rounds> <name>=<nimbench.jar> ...
set -euo pipefail
ROUNDS=$1; shift
JAVA=${JAVA:-java}
OPTS="--add-modules jdk.incubator.vector -XX:PerMethodRecompilationCutoff=10000 -XX:PerMethodTrapLimit=10000"
sides=("$@")
for round in $(seq 1 "$ROUNDS"); do
  n=${#sides[@]}
  for k in $(seq 0 $((n - 1))); do
    s=${sides[$(((k + round) % n))]}
    name=${s%%=*}; jar=${s#*=}
    t=$("$JAVA" $OPTS -jar "$jar" solve card-stacking 10000000 10000000 --repeat 7 --threads 2 2>&1 | grep timings)
    echo "round $round $name $t"
  done
done
