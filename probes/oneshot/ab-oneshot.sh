#!/bin/bash
# Interleaved cold processes of the launcher's one-shot command against a spelled-out alternative.
# usage: probes/oneshot/ab-oneshot.sh JAVA_HOME ROUNDS "label|NIMBENCH_JAVA_OPTS|extra solve args" ...
# Prints one line per process: label, wall ms (process start to exit, launcher included), user+sys s, stage timings.
set -euo pipefail
cd "$(dirname "$0")/../.."
export JAVA_HOME=$1; rounds=$2; shift 2
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs) $("$JAVA_HOME/bin/java" -version 2>&1 | head -1) load: $(cut -d' ' -f1-3 /proc/loadavg)"
bin/nimbench --print-archive | sed 's/^/# archive: /'
for r in $(seq "$rounds"); do
  for spec in "$@"; do
    IFS='|' read -r label opts args <<<"$spec"
    s=$(date +%s%N)
    # shellcheck disable=SC2086
    out=$( { NIMBENCH_JAVA_OPTS="$opts" /usr/bin/time -f 'cpu %U %S' bin/nimbench solve card-stacking 10000000 10000000 $args; } 2>&1)
    e=$(date +%s%N)
    grep -q '= 132996198$' <<<"$out" || { echo "wrong answer: $out" >&2; exit 1; }
    cpu=$(grep -o 'cpu [0-9.]* [0-9.]*' <<<"$out" | awk '{print $2+$3}')
    echo "$label wall_ms $(( (e - s) / 1000000 )) cpu_s $cpu $(grep -o 'timings.*' <<<"$out")"
  done
done
