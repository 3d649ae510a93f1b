#!/bin/bash
# A/B of two builds of core/target/nimbench.jar in the launcher's one-shot start (its options, no
# jdk.incubator.vector, -Dnimbench.vectorModuleOnDemand=true), each with its own archive (AOT cache
# on JDK 25, AppCDS on 17) trained on the one-shot command; interleaved cold processes of
# `solve card-stacking 10000000 10000000`. java is started directly (the launcher script is the same for both).
# usage: probes/oneshot/jar-ab.sh JAVA_HOME ROUNDS LABEL_A JAR_A LABEL_B JAR_B
set -euo pipefail
cd "$(dirname "$0")/../.."
home=$1; rounds=$2; java=$home/bin/java
feature=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")
mapfile -t all < <(bin/nimbench --print-options)
opts=("${all[@]:2}" -Dnimbench.vectorModuleOnDemand=true)   # without --add-modules jdk.incubator.vector
dir=$(mktemp -d)
labels=("$3" "$5"); jars=("$4" "$6")
for i in 0 1; do
  cp "${jars[$i]}" "$dir/$i.jar"
  if ((feature >= 25)); then make=(-XX:AOTCacheOutput="$dir/$i.aot"); use[$i]=-XX:AOTCache="$dir/$i.aot"
  else make=(-XX:ArchiveClassesAtExit="$dir/$i.jsa"); use[$i]=-XX:SharedArchiveFile="$dir/$i.jsa"; fi
  "$java" "${opts[@]}" "${make[@]}" -jar "$dir/$i.jar" solve card-stacking 10000000 10000000 >"$dir/$i.train.log" 2>&1
done
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs) $("$java" -version 2>&1 | head -1) load: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
  for i in 0 1; do
    s=$(date +%s%N)
    out=$( { /usr/bin/time -f 'cpu %U %S' "$java" "${opts[@]}" "${use[$i]}" -jar "$dir/$i.jar" solve card-stacking 10000000 10000000; } 2>&1)
    e=$(date +%s%N)
    grep -q '= 132996198$' <<<"$out" || { echo "wrong answer: $out" >&2; exit 1; }
    echo "${labels[$i]} wall_ms $(( (e - s) / 1000000 )) cpu_s $(grep -o 'cpu [0-9.]* [0-9.]*' <<<"$out" | awk '{print $2+$3}') $(grep -o 'timings.*' <<<"$out")"
  done
done
rm -rf "$dir"
