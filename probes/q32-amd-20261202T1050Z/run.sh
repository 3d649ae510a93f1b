#!/bin/bash
# The q32 power kernel against the vpmullq one, on this CPU, both JDKs: power sum at 2^24 and the
# fused card-stacking pipeline at 10^7, 2 threads, 8 forks each, forks interleaved by the harness.
D=$(dirname "$0")
for J in /usr/lib/jvm/java-17-openjdk-amd64/bin/java /usr/lib/jvm/temurin-25-jdk-amd64/bin/java; do
  V=$($J -version 2>&1 | head -1 | grep -o '"[0-9]*' | tr -d '"')
  /work/shared/anchors/run warm 2 | tail -1 > $D/yardstick-jdk$V-before.txt
  mvn -q -o -B -pl bench jmh:run -Djmh.jvm=$J -Djmh.include=PowerSumBench -Djmh.variants='^vector-montgomery(-q32)?-forkjoin$' \
    -Djmh.sizes=2^24 -Djmh.threads=2 -Djmh.forks=8 -Djmh.resultsDir=$PWD/$D/power-jdk$V -Djmh.reportsDir=/tmp/x -Djmh.skipReport=true -Djmh.yardstick=none > $D/power-jdk$V.log 2>&1
  mvn -q -o -B -pl bench jmh:run -Djmh.jvm=$J -Djmh.include=PipelineBench -Djmh.variants='^combine=fused-vector-dist-wht(-q32)?$' \
    -Djmh.sizes=10^7 -Djmh.threads=2 -Djmh.forks=8 -Djmh.resultsDir=$PWD/$D/pipeline-jdk$V -Djmh.reportsDir=/tmp/x -Djmh.skipReport=true -Djmh.yardstick=none > $D/pipeline-jdk$V.log 2>&1
  /work/shared/anchors/run warm 2 | tail -1 > $D/yardstick-jdk$V-after.txt
done
