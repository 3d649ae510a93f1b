#!/bin/bash
# Pairs of JDK 25 processes, plain (A) and with extra JVM options (B, default -XX:+UseTransparentHugePages):
# `solve card-stacking 10^7 10^7 --repeat 9 --threads 2 --json`. One line per process: pair, side, total,
# distribution, distribution+transform, transform+power (ms). Usage: thp.sh [OPTIONS] [PAIRS] > thp25.txt
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
for r in $(seq 1 "${2:-8}"); do
  for side in A B; do
    if [ $side = A ]; then X=""; else X="${1:--XX:+UseTransparentHugePages}"; fi
    out=$($J --add-modules jdk.incubator.vector -XX:PerMethodRecompilationCutoff=10000 -XX:PerMethodTrapLimit=10000 $X \
      -jar core/target/nimbench.jar solve card-stacking 10000000 10000000 --repeat 9 --threads 2 --json 2>/dev/null)
    echo "$r $side $(echo "$out" | python3 -c 'import json,sys; d=json.load(sys.stdin)["timingsMillis"]; print("%.1f %.1f %.1f %.1f"%(sum(d.values()),d["distribution"],d["distribution+transform"],d["transform+power"]))')"
  done
done
