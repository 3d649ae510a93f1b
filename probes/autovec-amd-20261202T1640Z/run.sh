#!/bin/bash
# Warm JMH figures of the autovec variants beside their one-thread neighbours, 2^24, 4 forks, both JDKs.
# Run from the repository root after `mvn install -DskipTests`.
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
for jvm in /usr/lib/jvm/temurin-25-jdk-amd64/bin/java /usr/lib/jvm/java-17-openjdk-amd64/bin/java; do
  mvn -q -o -B -pl bench jmh:run -Djmh.jvm=$jvm -Djmh.include='TransformBench|PowerSumBench' \
    -Djmh.variants='^(autovec|blocked|vector|autovec-montgomery|vector-montgomery-q32|autovec-montgomery-forkjoin|vector-montgomery-q32-forkjoin)$' \
    -Djmh.sizes=2^24 -Djmh.threads=2 -Djmh.forks=4 -Djmh.resultsDir="$dir" -Djmh.reportsDir=/tmp/autovec-reports \
    -Djmh.skipReport=true -Djmh.yardstick=none
done
