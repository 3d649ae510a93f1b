#!/usr/bin/env bash
# Interleaved one-process A/B of a form of the masked-reload power kernel (vector-montgomery-masked-reload-forkjoin):
# the jar of a checkout at revision A against this checkout (B), JDK 25 under -XX:UseAVX=2, 2 threads,
# C(10^7, 10^7): the unfused pipeline with that power stage (its power median) and the default pipeline
# (fused-vector-dist-wht-masked-reload on this class: its whole median). One JVM per line, --repeat 11.
# Usage: run.sh <checkout-of-A> <rounds> [UseAVX]; both built with `mvn -pl core package -DskipTests`.
set -euo pipefail
A=$1; ROUNDS=${2:-5}; AVX=${3:-2}
J25=${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
OPTS="--add-modules jdk.incubator.vector -XX:UseAVX=$AVX -XX:PerMethodRecompilationCutoff=10000 -XX:PerMethodTrapLimit=10000"
one() { # side label args...
  local side=$1 label=$2; shift 2
  local jar=core/target/nimbench.jar; [ "$side" = A ] && jar="$A/core/target/nimbench.jar"
  "$J25" $OPTS -jar "$jar" solve card-stacking 10000000 10000000 --threads 2 --repeat 11 --json "$@" 2>/dev/null \
    | python3 -c "import json,sys; d=json.loads(sys.stdin.read()); t=d['timingsMillis']; print('$side', '$label', d['answer'], ' '.join('%s=%.2f' % (k, v) for k, v in t.items()), 'total=%.2f' % sum(t.values()))"
}
for round in $(seq 1 "$ROUNDS"); do
  order="A B"; [ $((round % 2)) -eq 0 ] && order="B A"
  for side in $order; do
    echo -n "round $round "; one "$side" unfused --combine wht --distribution vector-tail-sum-recurrence-fma --transform vector-umin-forkjoin --power vector-montgomery-masked-reload-forkjoin
  done
  for side in $order; do
    echo -n "round $round "; one "$side" default
  done
done
