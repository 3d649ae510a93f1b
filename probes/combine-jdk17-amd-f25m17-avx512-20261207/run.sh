#!/usr/bin/env bash
# One `solve` process per fused combine per round, in a rotating order, with the native yardstick's
# `warm 2` after each round: C(10^7, 10^7) at 2 threads, distribution vector-tail-sum-recurrence (the
# default's), --repeat 11, JDK given by $JAVA (default java). Prints each process's answer and stage medians.
# Usage: run.sh <rounds> <nimbench.jar> <combine> ...; YARDSTICK=<the yardstick's run script> to pair.
set -euo pipefail
ROUNDS=$1; JAR=$2; shift 2
JAVA=${JAVA:-java}
OPTS="--add-modules jdk.incubator.vector -XX:PerMethodRecompilationCutoff=10000 -XX:PerMethodTrapLimit=10000"
YARD=${YARDSTICK:-}
combines=("$@")
for round in $(seq 1 "$ROUNDS"); do
  n=${#combines[@]}
  for k in $(seq 0 $((n - 1))); do
    c=${combines[$(((k + round) % n))]}
    "$JAVA" $OPTS -jar "$JAR" solve card-stacking 10000000 10000000 --threads 2 --repeat 11 --json \
        --distribution vector-tail-sum-recurrence --combine "$c" 2>/dev/null \
      | python3 -c "import json,sys; d=json.loads(sys.stdin.read()); t=d['timingsMillis']; print('round $round $c', d['answer'], ' '.join('%s=%.2f' % (k, v) for k, v in t.items()), 'total=%.2f' % sum(t.values()))"
  done
  if [ -n "$YARD" ] && [ -x "$YARD" ]; then echo "round $round yardstick $("$YARD" warm 2 2>&1 | tail -1)"; fi
done
