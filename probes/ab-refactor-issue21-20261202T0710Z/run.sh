#!/bin/bash
# The process-level interleaved A/B of issue 21's refactor: a2d6139 (before) against e07bb49 (after),
# nimbench.jar of each (`mvn -pl core package -DskipTests` in a clone at that revision).
# usage: run.sh BASE_JAR CAND_JAR OUTDIR
B=$1; C=$2; O=$3; P=${PAIRS:-12}
J17=/usr/bin/java; J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
ab() { local name=$1 java=$2; shift 2; echo "== $name: solve $*" | tee -a $O/summary.md
  python3 $(dirname $0)/procab.py $java $B $C $P -- "$@" > $O/$name.txt 2>&1
  grep -v "^round" $O/$name.txt | tee -a $O/summary.md; echo | tee -a $O/summary.md; }
for jdk in 25 17; do J=$([ $jdk = 25 ] && echo $J25 || echo $J17)
  ab jdk$jdk-default $J card-stacking 10000000 10000000 --threads 2 --repeat 5
  ab jdk$jdk-radix8-wht $J card-stacking 10000000 10000000 --threads 2 --repeat 5 --combine wht --transform vector-radix8-forkjoin --power vector-montgomery
  ab jdk$jdk-divisor-default $J divisor-game 10000000 1000000000000 --threads 2 --repeat 5
done
ab jdk25-umin-masked-wht $J25 card-stacking 10000000 10000000 --threads 2 --repeat 5 --combine wht --distribution vector-tail-sum-recurrence-masked --transform vector-umin-forkjoin --power vector-montgomery-masked
ab jdk17-fma-one-thread $J17 card-stacking 10000000 10000000 --threads 2 --repeat 5 --combine wht --power vector-fma
