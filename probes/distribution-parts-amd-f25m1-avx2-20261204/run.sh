#!/usr/bin/env bash
# The AVX2 card-stacking distribution's parts, n = 10^7, and the default fused pipeline's stages.
# Run from the repository root after `mvn install -DskipTests`; writes to stdout.
set -euo pipefail
D=$(dirname "$0")
CP=core/target/classes
OPTS="--add-modules jdk.incubator.vector -XX:PerMethodRecompilationCutoff=10000 -XX:PerMethodTrapLimit=10000"
OUT=$(mktemp -d)
javac -nowarn --release 17 --add-modules jdk.incubator.vector -cp "$CP" -d "$OUT" "$D/PartsProbe.java" 2>/dev/null
for JAVA in java /usr/lib/jvm/temurin-25-jdk-amd64/bin/java; do
  "$JAVA" -version 2>&1 | head -1
  "$JAVA" $OPTS -jar core/target/nimbench.jar solve card-stacking 10000000 10000000 --repeat 7 --threads 2 2>&1 | grep -E "configuration|timings"
  for round in 1 2 3; do
    for outputs in sc SubtractiveTailSumOutputs; do
      echo "round $round, outputs $outputs (one thread)"
      "$JAVA" $OPTS -cp "$CP:$OUT" PartsProbe 10000000 12 sc "$outputs" 2>&1 | grep -v WARNING
    done
  done
done
