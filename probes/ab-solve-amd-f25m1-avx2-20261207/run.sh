#!/usr/bin/env bash
# Interleaved one-process A/B of `solve` at C(10^7, 10^7), 2 threads: the code of a worktree at
# revision A against this checkout (B), JDK 17 and 25, with the native yardstick in each round.
# Usage: run.sh <worktree-of-A> <rounds>; both trees built with `mvn -pl core package -DskipTests`.
set -euo pipefail
A=$1; ROUNDS=${2:-4}
OPTS="--add-modules jdk.incubator.vector -XX:PerMethodRecompilationCutoff=10000 -XX:PerMethodTrapLimit=10000"
J25=${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
YARD=${YARDSTICK:-}   # the native yardstick's `run` script, when there is one
for round in $(seq 1 "$ROUNDS"); do
  for JAVA in java "$J25"; do
    for side in A B; do
      jar=core/target/nimbench.jar; [ "$side" = A ] && jar="$A/core/target/nimbench.jar"
      echo "round $round $side $("$JAVA" -version 2>&1 | head -1)"
      "$JAVA" $OPTS -jar "$jar" solve card-stacking 10000000 10000000 --repeat 7 --threads 2 2>&1 | grep -E "timings|time|ms" | grep -v WARNING | head -4
    done
  done
  [ -n "$YARD" ] && [ -x "$YARD" ] && { echo "round $round yardstick"; "$YARD" warm 2 2>&1 | tail -2; }
done
