#!/bin/bash
# The data's placement, in-process A/B (AlignedTransformAB.java): 6 processes per line, each
# alternating 60 calls at offset 0 with 60 at CacheLineOffset.INTS. Needs core/target/nimbench.jar.
# usage: bash run.sh > results.txt
here=$(cd "$(dirname "$0")" && pwd); jar=$here/../../core/target/nimbench.jar; cls=$(mktemp -d)
javac --release 17 --add-modules jdk.incubator.vector -nowarn -cp "$jar" -d "$cls" "$here/AlignedTransformAB.java" 2>/dev/null
J17=/usr/bin/java; J25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
lscpu | grep -E "Vendor ID|Model name|CPU family|^Model:"; date -u
for spec in "$J25 vector-umin-forkjoin 2" "$J25 vector-radix8-forkjoin 2" "$J17 vector-radix8-forkjoin 2" \
            "$J17 vector-forkjoin 2" "$J25 vector-umin-forkjoin 1"; do
  set -- $spec; echo "== $($1 -version 2>&1 | head -1): $2, $3 thread(s)"
  for i in 1 2 3 4 5 6; do
    $1 --add-modules jdk.incubator.vector -XX:PerMethodTrapLimit=10000 -XX:PerMethodRecompilationCutoff=10000 \
       -cp "$cls:$jar" AlignedTransformAB $2 $3 60 2>&1 | grep -v WARNING
  done
done; date -u
