#!/bin/bash
# Rounds of three processes, in an order shuffled per round: the native yardstick (`run warm 2`),
# `solve card-stacking 10^7 10^7 --repeat 9 --threads 2 --json` on JDK 17 and on JDK 25 (the
# README's JVM options, the jar's built-in recommendation). One line per process: round, which,
# the total of the stage medians (ms). Usage: rounds.sh [ROUNDS] > rounds.txt (from the repository top).
run_solve(){ $1 --add-modules jdk.incubator.vector -XX:PerMethodRecompilationCutoff=10000 -XX:PerMethodTrapLimit=10000 \
  -jar core/target/nimbench.jar solve card-stacking 10000000 10000000 --repeat 9 --threads 2 --json 2>/dev/null \
  | python3 -c 'import json,sys; d=json.load(sys.stdin); t=d["timingsMillis"]; print("%.2f"%sum(t.values()), d["answer"], d["config"]["combine"])'; }
for r in $(seq 1 "${1:-10}"); do
  for w in $(python3 -c "import random; l=['y','17','25']; random.seed($r); random.shuffle(l); print(' '.join(l))"); do
    case $w in
      y) echo "$r yardstick $(../shared/anchors/run warm 2 2>&1 | tail -1 | grep -o 'median [0-9.]*' | cut -d' ' -f2)";;
      17) echo "$r jdk17 $(run_solve /usr/lib/jvm/java-17-openjdk-amd64/bin/java)";;
      25) echo "$r jdk25 $(run_solve /usr/lib/jvm/temurin-25-jdk-amd64/bin/java)";;
    esac
  done
done
