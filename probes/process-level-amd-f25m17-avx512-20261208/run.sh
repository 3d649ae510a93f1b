#!/usr/bin/env bash
# Is a process's speed level (some JVMs run the card-stacking pipeline 1.3-1.5x slower than others
# of the same code) a matter of the heap's page size? One `solve` process per (JVM options, combine)
# per round, in a rotating order: C(10^7, 10^7) at 2 threads, --repeat 11, the README's JVM options,
# plain and with -XX:+UseTransparentHugePages (the kernel's THP mode is madvise here, so a plain JVM
# gets 4 KiB pages). Prints each process's answer and stage medians; the yardstick's `warm 2` after
# each round when YARDSTICK names its run script.
# Usage: JAVA=<java> run.sh <rounds> <nimbench.jar> <combine> ...
set -euo pipefail
ROUNDS=$1; JAR=$2; shift 2
JAVA=${JAVA:-java}
BASE="--add-modules jdk.incubator.vector -XX:PerMethodRecompilationCutoff=10000 -XX:PerMethodTrapLimit=10000"
YARD=${YARDSTICK:-}
sides=()
for c in "$@"; do sides+=("plain $c" "thp $c"); done
for round in $(seq 1 "$ROUNDS"); do
  n=${#sides[@]}
  for k in $(seq 0 $((n - 1))); do
    read -r mode c <<< "${sides[$(((k + round) % n))]}"
    extra=""; [ "$mode" = thp ] && extra="-XX:+UseTransparentHugePages"
    "$JAVA" $BASE $extra -jar "$JAR" solve card-stacking 10000000 10000000 --threads 2 --repeat 11 --json \
        --combine "$c" 2>/dev/null \
      | python3 -c "import json,sys; d=json.loads(sys.stdin.read()); t=d['timingsMillis']; print('round $round $mode $c', d['answer'], ' '.join('%s=%.2f' % (k, v) for k, v in t.items()), 'total=%.2f' % sum(t.values()))"
  done
  if [ -n "$YARD" ] && [ -x "$YARD" ]; then echo "round $round yardstick $("$YARD" warm 2 2>&1 | tail -1)"; fi
done
