#!/bin/bash
# A/B of the launcher's JVM without and with jdk.incubator.vector, each with its own archive
# (AOT cache on JDK 25, AppCDS on 17) trained on the one-shot command, interleaved cold processes
# of `solve card-stacking 10000000 10000000` (one-shot defaults). The launcher's own script
# overhead is the same for both and left out (java is started directly).
# usage: probes/oneshot/module-ab.sh JAVA_HOME ROUNDS
set -euo pipefail
cd "$(dirname "$0")/../.."
home=$1; rounds=$2; java=$home/bin/java
feature=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")
mapfile -t all < <(bin/nimbench --print-options)
opts=("${all[@]:2}")   # without --add-modules jdk.incubator.vector
dir=$(mktemp -d)
for v in novec vec; do
  mod=(); [[ $v == vec ]] && mod=(--add-modules jdk.incubator.vector)
  demand=(-Dnimbench.vectorModuleOnDemand=true); [[ $v == vec ]] && demand=()
  if ((feature >= 25)); then make=(-XX:AOTCacheOutput="$dir/$v.aot"); use=(-XX:AOTCache="$dir/$v.aot")
  else make=(-XX:ArchiveClassesAtExit="$dir/$v.jsa"); use=(-XX:SharedArchiveFile="$dir/$v.jsa"); fi
  "$java" "${mod[@]}" "${opts[@]}" "${demand[@]}" "${make[@]}" -jar core/target/nimbench.jar solve card-stacking 10000000 10000000 >"$dir/$v.train.log" 2>&1
  if [[ $v == vec ]]; then
    cmd_vec=("$java" "${mod[@]}" "${opts[@]}" "${use[@]}" -jar core/target/nimbench.jar solve card-stacking 10000000 10000000)
  else
    cmd_novec=("$java" "${opts[@]}" "${demand[@]}" "${use[@]}" -jar core/target/nimbench.jar solve card-stacking 10000000 10000000)
  fi
done
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs) $("$java" -version 2>&1 | head -1) load: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
  for v in novec vec; do
    declare -n cmd=cmd_$v
    s=$(date +%s%N); out=$( { /usr/bin/time -f 'cpu %U %S' "${cmd[@]}"; } 2>&1); e=$(date +%s%N)
    grep -q '= 132996198$' <<<"$out" || { echo "wrong answer: $out" >&2; exit 1; }
    echo "$v wall_ms $(( (e - s) / 1000000 )) cpu_s $(grep -o 'cpu [0-9.]* [0-9.]*' <<<"$out" | awk '{print $2+$3}') $(grep -o 'timings.*' <<<"$out")"
  done
done
rm -rf "$dir"
