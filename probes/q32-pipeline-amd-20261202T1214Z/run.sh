#!/bin/bash
# The fused card-stacking pipeline C(10^7, 10^7), 2 threads, fused-vector-dist-wht-q32 against
# fused-vector-dist-wht, 12 forks a side interleaved by the harness, on both JDKs, the yardstick
# before and after each.
D=$(dirname "$0")
for J in /usr/lib/jvm/temurin-25-jdk-amd64/bin/java /usr/lib/jvm/java-17-openjdk-amd64/bin/java; do
  V=$($J -version 2>&1 | head -1 | grep -o '"[0-9]*' | tr -d '"')
  /work/shared/anchors/run warm 2 | tail -1 > $D/yardstick-jdk$V-before.txt
  mvn -q -o -B -pl bench jmh:run -Djmh.jvm=$J -Djmh.include=PipelineBench -Djmh.variants='^combine=fused-vector-dist-wht(-q32)?$' \
    -Djmh.sizes=10^7 -Djmh.threads=2 -Djmh.forks=12 -Djmh.resultsDir=$PWD/$D/pipeline-jdk$V -Djmh.reportsDir=/tmp/x -Djmh.skipReport=true -Djmh.yardstick=none > $D/pipeline-jdk$V.log 2>&1
  /work/shared/anchors/run warm 2 | tail -1 > $D/yardstick-jdk$V-after.txt
done
